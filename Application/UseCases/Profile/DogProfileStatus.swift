import WellnessDomain

/// The dog profile with what follows from it today.
public struct DogProfileStatus: Sendable, Equatable {
    public let profile: DogProfile
    public let ageInWeeks: Int
    public let lifePhase: DogLifePhase

    public init(profile: DogProfile, today: LocalDay) {
        self.profile = profile
        self.ageInWeeks = profile.ageInWeeks(today: today)
        self.lifePhase = profile.lifePhase(today: today)
    }
}
