import WellnessDomain

/// Sets the dog's name and birth date (validated against today).
public struct SetDogProfile: Sendable {
    let profiles: any DogProfileRepository
    let time: TimeContext

    public init(profiles: any DogProfileRepository, time: TimeContext) {
        self.profiles = profiles
        self.time = time
    }

    public func execute(name: String, birthDate: LocalDay) async throws -> DogProfileStatus {
        let today = time.today()
        let profile = try DogProfile(name: name, birthDate: birthDate, today: today)
        try await profiles.save(profile)
        return DogProfileStatus(profile: profile, today: today)
    }
}
