import WellnessDomain

/// Turns on exactly the default modules again; usage history is kept.
public struct ResetModules: Sendable {
    let settings: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on `settings`, with now from `time`.
    public init(settings: any ModuleSettingsRepository, time: TimeContext) {
        self.settings = settings
        self.time = time
    }

    /// Switches on exactly the default modules, marks the selection as chosen, and returns the settings.
    public func execute() async throws -> ModuleSettings {
        let now = time.now()
        return try await settings.update { stored in
            var current = ModuleSettings.initialising(&stored, at: now)
            current.resetToDefaults(at: now)
            current.markChosen(at: now)
            stored = current
            return current
        }
    }
}
