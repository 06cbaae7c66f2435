import WellnessDomain

/// Sets the dog's name and birth date (validated against today).
public struct SetDogProfile: Sendable {
    let profiles: any DogProfileRepository
    let time: TimeContext

    /// A use case on `profiles`, with today from `time`.
    public init(profiles: any DogProfileRepository, time: TimeContext) {
        self.profiles = profiles
        self.time = time
    }

    /// Saves the profile, replacing the earlier one, and returns it with its age and life phase
    /// today; throws `DogProfileError` for a name it refuses (blank, too long, a control character)
    /// or a birth date after today.
    public func execute(name: String, birthDate: LocalDay) async throws -> DogProfileStatus {
        let today = time.today()
        let profile = try DogProfile(name: name, birthDate: birthDate, today: today)
        try await profiles.save(profile)
        return DogProfileStatus(profile: profile, today: today)
    }
}
