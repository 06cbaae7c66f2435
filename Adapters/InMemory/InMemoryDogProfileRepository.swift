import WellnessApplication
import WellnessDomain

/// The dog profile held in memory.
public actor InMemoryDogProfileRepository: DogProfileRepository {
    private var profile: DogProfile?

    /// Holding `profile`, if given.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(_ profile: DogProfile? = nil, changes: StoreChangeFeed? = nil) {
        self.profile = profile
        self.changes = changes
    }

    public func load() -> DogProfile? { profile }

    public func save(_ profile: DogProfile) {
        self.profile = profile
        changes?.report([DogProfileSetting.collection])
    }
}
