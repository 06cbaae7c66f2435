import WellnessApplication
import WellnessDomain

/// Module settings held in memory; the actor serialises every read-modify-write.
public actor InMemoryModuleSettingsRepository: ModuleSettingsRepository {
    private var settings: ModuleSettings?

    /// Holding `settings`, if given.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(_ settings: ModuleSettings? = nil, changes: StoreChangeFeed? = nil) {
        self.settings = settings
        self.changes = changes
    }

    public func load() -> ModuleSettings? { settings }

    public func update<Result: Sendable>(
        _ change: @Sendable (inout ModuleSettings?) throws -> Result
    ) throws -> Result {
        var copy = settings
        let result = try change(&copy)
        settings = copy
        changes?.report([ModuleSettingsSetting.collection])
        return result
    }
}
