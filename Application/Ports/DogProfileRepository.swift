import WellnessDomain

/// Stores the profile of the dog being tracked.
public protocol DogProfileRepository: Sendable {
    /// The stored profile, or `nil` when none was set.
    func load() async throws -> DogProfile?

    /// Saves the profile, replacing the previous one.
    func save(_ profile: DogProfile) async throws
}
