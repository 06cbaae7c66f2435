import WellnessDomain

/// Records that a module was used now, which keeps it from being nudged as unused.
public struct RecordModuleUse: Sendable {
    let settings: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on `settings`, with now from `time`.
    public init(settings: any ModuleSettingsRepository, time: TimeContext) {
        self.settings = settings
        self.time = time
    }

    /// Records a use of `module` now and returns its entry as stored.
    @discardableResult
    public func execute(_ module: TrackingModule) async throws -> ModuleEntry {
        let now = time.now()
        return try await settings.update { stored in
            ModuleSettings.recordingUse(of: module, at: now, in: &stored)
            return ModuleSettings.initialising(&stored, at: now).entry(for: module)
        }
    }
}
