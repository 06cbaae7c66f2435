import WellnessDomain

/// Switches modules on or off; switching on records when.
public struct SetModulesEnabled: Sendable {
    let settings: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on `settings`, with now from `time`.
    public init(settings: any ModuleSettingsRepository, time: TimeContext) {
        self.settings = settings
        self.time = time
    }

    /// Applies the change to every module in `modules` in one write and returns the result.
    public func execute(_ modules: [TrackingModule], enabled: Bool) async throws -> ModuleSettings {
        let now = time.now()
        return try await settings.update { stored in
            var current = ModuleSettings.initialising(&stored, at: now)
            for module in modules {
                if enabled { current.enable(module, at: now) } else { current.disable(module) }
            }
            current.markChosen(at: now)
            stored = current
            return current
        }
    }
}
