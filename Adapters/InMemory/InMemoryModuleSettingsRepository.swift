import WellnessApplication
import WellnessDomain

/// Module settings held in memory; the actor serialises every read-modify-write.
public actor InMemoryModuleSettingsRepository: ModuleSettingsRepository {
    private var settings: ModuleSettings?

    /// Holding `settings`, if given.
    public init(_ settings: ModuleSettings? = nil) {
        self.settings = settings
    }

    public func load() -> ModuleSettings? { settings }

    public func update<Result: Sendable>(
        _ change: @Sendable (inout ModuleSettings?) throws -> Result
    ) throws -> Result {
        var copy = settings
        let result = try change(&copy)
        settings = copy
        return result
    }
}
