import WellnessApplication
import WellnessDomain

/// The dog profile held in memory.
public actor InMemoryDogProfileRepository: DogProfileRepository {
    private var profile: DogProfile?

    /// Holding `profile`, if given.
    public init(_ profile: DogProfile? = nil) {
        self.profile = profile
    }

    public func load() -> DogProfile? { profile }

    public func save(_ profile: DogProfile) { self.profile = profile }
}
