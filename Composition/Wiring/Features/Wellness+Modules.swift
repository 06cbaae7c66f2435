import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Which tracking modules are on (seed 000), and when each was last used.
    public struct Modules: Sendable {
        let listModules: ListModules
        let setModulesEnabled: SetModulesEnabled
        let resetModules: ResetModules
        let recordModuleUse: RecordModuleUse
        let setUpModules: SetUpModules

        init(settings: any ModuleSettingsRepository, time: TimeContext) {
            listModules = ListModules(settings: settings, time: time)
            setModulesEnabled = SetModulesEnabled(settings: settings, time: time)
            resetModules = ResetModules(settings: settings, time: time)
            recordModuleUse = RecordModuleUse(settings: settings, time: time)
            setUpModules = SetUpModules(settings: settings, time: time)
        }

        /// The first-run selection (seed 000): exactly `modules` on, every other one off, and the
        /// store marked as set up (``ModuleSettings/needsSetup`` is then false).
        @discardableResult
        public func setUp(_ modules: Set<TrackingModule>) async throws -> ModuleSettings {
            try await setUpModules.execute(modules)
        }

        /// Every module's choice and activity (the defaults on a first run).
        public func list() async throws -> ModuleSettings { try await listModules.execute() }

        /// Switches modules on (recording when) or off; returns the new settings.
        @discardableResult
        public func setEnabled(_ modules: [TrackingModule], enabled: Bool) async throws -> ModuleSettings {
            try await setModulesEnabled.execute(modules, enabled: enabled)
        }

        /// Switches on exactly the default modules again.
        @discardableResult
        public func reset() async throws -> ModuleSettings { try await resetModules.execute() }

        /// Records that a module was used now.
        @discardableResult
        public func recordUse(_ module: TrackingModule) async throws -> ModuleEntry {
            try await recordModuleUse.execute(module)
        }
    }

    /// The dog being tracked (seed 000): name, birth date, age and life phase.
    public struct Profile: Sendable {
        let setDogProfile: SetDogProfile
        let getDogProfile: GetDogProfile

        init(profiles: any DogProfileRepository, time: TimeContext) {
            setDogProfile = SetDogProfile(profiles: profiles, time: time)
            getDogProfile = GetDogProfile(profiles: profiles, time: time)
        }

        /// Sets the dog's name and birth date.
        @discardableResult
        public func set(name: String, birthDate: LocalDay) async throws -> DogProfileStatus {
            try await setDogProfile.execute(name: name, birthDate: birthDate)
        }

        /// The dog with its age today, or `nil` when no profile was set.
        public func get() async throws -> DogProfileStatus? { try await getDogProfile.execute() }
    }

    /// Suggestions to adapt the app to how it is used (seed 000).
    public struct Nudges: Sendable {
        let evaluateNudges: EvaluateNudges
        let dismissNudge: DismissNudge
        let applyNudge: ApplyNudge

        init(repositories: WellnessRepositories, rules: NudgeRules, time: TimeContext) {
            evaluateNudges = EvaluateNudges(settings: repositories.moduleSettings, profiles: repositories.dogProfile,
                                            snoozes: repositories.nudgeSnoozes, rules: rules, time: time)
            dismissNudge = DismissNudge(nudges: evaluateNudges, snoozes: repositories.nudgeSnoozes, time: time)
            applyNudge = ApplyNudge(settings: repositories.moduleSettings, profiles: repositories.dogProfile,
                                    rules: rules, time: time)
        }

        /// The nudges that apply now, in a stable order.
        public func evaluate() async throws -> [Nudge] { try await evaluateNudges.execute() }

        /// "Not now": hides a nudge for 30 days.
        @discardableResult
        public func dismiss(_ id: NudgeID) async throws -> NudgeSnooze { try await dismissNudge.execute(id) }

        /// Carries out a nudge's action.
        @discardableResult
        public func apply(_ id: NudgeID) async throws -> NudgeOutcome { try await applyNudge.execute(id) }
    }
}
