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
}
