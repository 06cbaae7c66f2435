import WellnessDomain

/// The first-run module selection (seed 000): exactly the chosen modules on, every other known
/// one off, and the store marked as set up. Usage history and modules from newer versions are
/// kept; running it again changes the selection.
public struct SetUpModules: Sendable {
    let settings: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on `settings`, with now from `time`.
    public init(settings: any ModuleSettingsRepository, time: TimeContext) {
        self.settings = settings
        self.time = time
    }

    /// Applies the selection `modules` as the type describes and returns the settings.
    public func execute(_ modules: Set<TrackingModule>) async throws -> ModuleSettings {
        let now = time.now()
        return try await settings.update { stored in
            var current = ModuleSettings.initialising(&stored, at: now)
            current.choose(exactly: modules, at: now)
            stored = current
            return current
        }
    }
}
