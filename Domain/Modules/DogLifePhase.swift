import Foundation

/// The dog's stage of life, which decides which modules still make sense.
public enum DogLifePhase: String, CaseIterable, Codable, Sendable {
    /// Younger than 52 weeks.
    case puppy
    /// From 52 weeks to under 7 years.
    case adult
    /// 7 years and older.
    case senior

    /// The display name's localisation key (`phase.<raw>`).
    public var name: LocalizedText { LocalizedText("phase.\(rawValue)") }

    /// The phase of a dog born on `birthDate`, as of `today`.
    public init(birthDate: LocalDay, today: LocalDay) {
        let weeks = DogProfile.ageInWeeks(birthDate: birthDate, today: today)
        if weeks < 52 {
            self = .puppy
        } else if DogProfile.ageInYears(birthDate: birthDate, today: today) < 7 {
            self = .adult
        } else {
            self = .senior
        }
    }
}
