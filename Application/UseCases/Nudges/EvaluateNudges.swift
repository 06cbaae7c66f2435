import WellnessDomain

/// The nudges to show now: those whose rule applies and that are not snoozed.
public struct EvaluateNudges: Sendable {
    let modules: ListModules
    let profiles: any DogProfileRepository
    let snoozes: any NudgeSnoozeRepository
    let rules: NudgeRules
    let time: TimeContext

    public init(settings: any ModuleSettingsRepository, profiles: any DogProfileRepository,
                snoozes: any NudgeSnoozeRepository, rules: NudgeRules = NudgeRules(), time: TimeContext) {
        self.modules = ListModules(settings: settings, time: time)
        self.profiles = profiles
        self.snoozes = snoozes
        self.rules = rules
        self.time = time
    }

    public func execute() async throws -> [Nudge] {
        let settings = try await modules.execute()
        let profile = try await profiles.load()
        let snoozed = try await snoozes.all()
        return rules.visibleNudges(settings: settings, profile: profile, snoozes: snoozed,
                                   now: time.now(), calendar: time.calendar)
    }
}
