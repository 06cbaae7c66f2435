import WellnessDomain

/// The dog profile with its age and life phase today, or `nil` when none was set.
public struct GetDogProfile: Sendable {
    let profiles: any DogProfileRepository
    let time: TimeContext

    /// A use case on `profiles`, with today from `time`.
    public init(profiles: any DogProfileRepository, time: TimeContext) {
        self.profiles = profiles
        self.time = time
    }

    /// The profile with its age and life phase today, or `nil` when none was set.
    public func execute() async throws -> DogProfileStatus? {
        guard let profile = try await profiles.load() else { return nil }
        return DogProfileStatus(profile: profile, today: time.today())
    }
}
