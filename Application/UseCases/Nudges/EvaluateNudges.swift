import Foundation
import WellnessDomain

/// The nudges to show now: those whose rule applies and that are not snoozed.
public struct EvaluateNudges: Sendable {
    let modules: ListModules
    let profiles: any DogProfileRepository
    let snoozes: any NudgeSnoozeRepository
    let rules: NudgeRules
    let time: TimeContext

    /// A use case on `settings`, `profiles` and `snoozes`, judging by `rules`, with now and the calendar
    /// from `time`.
    public init(settings: any ModuleSettingsRepository, profiles: any DogProfileRepository,
                snoozes: any NudgeSnoozeRepository, rules: NudgeRules = NudgeRules(), time: TimeContext) {
        self.modules = ListModules(settings: settings, time: time)
        self.profiles = profiles
        self.snoozes = snoozes
        self.rules = rules
        self.time = time
    }

    /// The nudges that apply and are not snoozed.
    public func execute() async throws -> [Nudge] {
        let snoozed = try await snoozes.all()
        let now = time.now()
        return try await applicable(at: now).filter { nudge in !snoozed.contains { $0.hides(nudge.id, at: now) } }
    }

    /// Every nudge whose rule applies at `now`, snoozed or not.
    func applicable(at now: Date) async throws -> [Nudge] {
        rules.nudges(settings: try await modules.execute(), profile: try await profiles.load(),
                     now: now, calendar: time.calendar)
    }
}
