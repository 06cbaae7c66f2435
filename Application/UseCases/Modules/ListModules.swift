import WellnessDomain

/// The module settings, creating the first-run defaults (switched on now) when none exist.
public struct ListModules: Sendable {
    let settings: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on `settings`, with now from `time`.
    public init(settings: any ModuleSettingsRepository, time: TimeContext) {
        self.settings = settings
        self.time = time
    }

    /// The stored settings, or the first-run defaults, saved now, when none exist.
    public func execute() async throws -> ModuleSettings {
        if let stored = try await settings.load() { return stored }
        let now = time.now()
        return try await settings.update { stored in ModuleSettings.initialising(&stored, at: now) }
    }
}
