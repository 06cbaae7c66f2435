import WellnessDomain

/// The dog profile with what follows from it today.
public struct DogProfileStatus: Sendable, Equatable {
    /// The profile as stored.
    public let profile: DogProfile
    /// The dog's age today, in whole weeks.
    public let ageInWeeks: Int
    /// The dog's life phase today.
    public let lifePhase: DogLifePhase

    /// The status of `profile` on `today`.
    public init(profile: DogProfile, today: LocalDay) {
        self.profile = profile
        self.ageInWeeks = profile.ageInWeeks(today: today)
        self.lifePhase = profile.lifePhase(today: today)
    }
}
