import WellnessDomain

/// "Not now": hides a nudge that applies for 30 days; it returns only if it still applies then.
public struct DismissNudge: Sendable {
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

    @discardableResult
    public func execute(_ id: NudgeID) async throws -> NudgeSnooze {
        let now = time.now()
        let applicable = rules.nudges(settings: try await modules.execute(), profile: try await profiles.load(),
                                      now: now, calendar: time.calendar).map(\.id)
        guard applicable.contains(id) else { throw NudgeError.notApplicable(id, applicable: applicable) }
        let snooze = NudgeSnooze.notNow(id, now: now, calendar: time.calendar)
        try await snoozes.save(snooze)
        return snooze
    }
}
