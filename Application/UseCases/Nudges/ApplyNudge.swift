import WellnessDomain

/// Carries out a nudge's action: disable or enable its module, list the puppy modules for
/// review, or switch off every inactive module. The check that the nudge applies and the
/// change happen in one write.
public struct ApplyNudge: Sendable {
    let settings: any ModuleSettingsRepository
    let profiles: any DogProfileRepository
    let rules: NudgeRules
    let time: TimeContext

    /// A use case on `settings` and `profiles`, judging by `rules`, with now and the calendar from `time`.
    public init(settings: any ModuleSettingsRepository, profiles: any DogProfileRepository,
                rules: NudgeRules = NudgeRules(), time: TimeContext) {
        self.settings = settings
        self.profiles = profiles
        self.rules = rules
        self.time = time
    }

    /// Carries out nudge `id` as the type describes and returns what it did; throws
    /// `NudgeError.notApplicable` when it does not apply now.
    public func execute(_ id: NudgeID) async throws -> NudgeOutcome {
        let profile = try await profiles.load()
        let now = time.now()
        let calendar = time.calendar
        let rules = self.rules
        return try await settings.update { stored in
            var current = ModuleSettings.initialising(&stored, at: now)
            let applicable = rules.nudges(settings: current, profile: profile, now: now, calendar: calendar).map(\.id)
            guard applicable.contains(id) else { throw NudgeError.notApplicable(id, applicable: applicable) }
            let outcome: NudgeOutcome
            switch id {
            case .disable(let module):
                current.disable(module)
                outcome = .disabled([current.entry(for: module)])
            case .enable(let module):
                current.enable(module, at: now)
                outcome = .enabled(current.entry(for: module))
            case .phase:
                let puppy = TrackingModule.allCases.filter(TrackingModule.puppySpecific.contains)
                outcome = .review(puppy.map(current.entry(for:)))
            case .simplify:
                let inactive = rules.inactiveModules(current, now: now, calendar: calendar).map(\.module)
                inactive.forEach { current.disable($0) }
                outcome = .disabled(inactive.map(current.entry(for:)))
            }
            stored = current
            return outcome
        }
    }
}
