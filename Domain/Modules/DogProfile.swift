import Foundation

/// The dog the person tracks: its name and birth date.
public struct DogProfile: Sendable, Equatable, Codable {
    public var name: String
    public var birthDate: LocalDay

    /// Creates a profile; the name must not be blank and the dog must be born by `today`.
    public init(name: String, birthDate: LocalDay, today: LocalDay) throws(DogProfileError) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyName }
        guard trimmed.count <= 100 else { throw .nameTooLong(trimmed.count) }
        do { try PlainText.check(trimmed, .name) } catch { throw .controlCharacter(error) }
        guard birthDate <= today else { throw .birthDateInFuture(birthDate) }
        self.name = trimmed
        self.birthDate = birthDate
    }

    /// Creates a profile from stored values without validation.
    public init(storedName name: String, birthDate: LocalDay) {
        self.name = name
        self.birthDate = birthDate
    }

    public func ageInWeeks(today: LocalDay) -> Int {
        Self.ageInWeeks(birthDate: birthDate, today: today)
    }

    public func lifePhase(today: LocalDay) -> DogLifePhase {
        DogLifePhase(birthDate: birthDate, today: today)
    }

    static func ageInWeeks(birthDate: LocalDay, today: LocalDay) -> Int {
        max(0, birthDate.days(until: today)) / 7
    }

    /// Completed years; a 29 February birthday completes a year on 1 March in common years.
    static func ageInYears(birthDate: LocalDay, today: LocalDay) -> Int {
        var years = today.year - birthDate.year
        if (today.month, today.day) < (birthDate.month, birthDate.day) { years -= 1 }
        return max(0, years)
    }
}

/// Why a dog profile was refused.
public enum DogProfileError: WellnessError, Equatable {
    case emptyName
    case nameTooLong(Int)
    case birthDateInFuture(LocalDay)
    case controlCharacter(ControlCharacterError)

    public enum Code: String, CaseIterable, Sendable {
        case emptyName
        case nameTooLong
        case birthDateInFuture
        case controlCharacter
    }

    public static let family = "dogProfile"

    public var code: Code {
        switch self {
        case .emptyName: .emptyName
        case .nameTooLong: .nameTooLong
        case .birthDateInFuture: .birthDateInFuture
        case .controlCharacter: .controlCharacter
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .emptyName: []
        case .nameTooLong(let count): [.number(count)]
        case .birthDateInFuture(let day): [.verbatim(day.description)]
        case .controlCharacter(let error): [.text(error.message)]
        }
    }
}
