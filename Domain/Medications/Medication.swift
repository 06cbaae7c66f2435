import Foundation

/// A medication the dog gets on a schedule (`meds add`): its name, how often, from which day,
/// at what time of day, the dose, and until which day.
public struct Medication: Sendable, Equatable, Codable {
    /// What it is called; case-insensitively unique (``key``).
    public let name: String
    /// How often a dose falls due.
    public let period: MedicationPeriod
    /// The day of the first dose.
    public let from: LocalDay
    /// The local time of day of the first dose (and of every dose, but for periods in hours).
    public let time: WallTime
    /// How much, as the person wrote it (`1 tablet`, `5 ml`).
    public let dose: String?
    /// The last day a dose falls due on, if the course ends.
    public let until: LocalDay?

    /// The longest name, in characters.
    public static let maximumNameLength = 100
    /// The longest dose, in characters.
    public static let maximumDoseLength = 200
    /// The time of day a dose falls due at when none is given.
    public static let defaultTime = WallTime(hour: 8, minute: 0)!

    /// A medication that follows the rules: a name of plain text (trimmed, not empty), a dose of
    /// plain text (trimmed; empty is none), and an `until` not before `from`.
    public init(name: String, period: MedicationPeriod, from: LocalDay, time: WallTime = Medication.defaultTime,
                dose: String? = nil, until: LocalDay? = nil) throws(MedicationError) {
        let trimmedDose = dose?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(stored: name.trimmingCharacters(in: .whitespacesAndNewlines), period: period, from: from, time: time,
                  dose: (trimmedDose?.isEmpty ?? true) ? nil : trimmedDose, until: until)
        try check()
    }

    /// A medication as stored, checked by ``check()`` where it enters.
    public init(stored name: String, period: MedicationPeriod, from: LocalDay, time: WallTime, dose: String?,
                until: LocalDay?) {
        self.name = name
        self.period = period
        self.from = from
        self.time = time
        self.dose = dose
        self.until = until
    }

    /// What identifies it: its name, lowercased.
    public var key: String { Self.key(name) }

    /// The identity of the medication called `name` (any case, surrounding spaces ignored).
    public static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Refuses an empty name, one too long or not trimmed, a name or dose with a control character
    /// (a name with no tab or line break either), a dose too long, and an `until` before `from`.
    public func check() throws(MedicationError) {
        guard !name.isEmpty, name == name.trimmingCharacters(in: .whitespacesAndNewlines) else { throw .emptyName }
        guard name.count <= Self.maximumNameLength else { throw .nameTooLong(name.count) }
        if let control = name.unicodeScalars.first(where: { $0 == "\t" || $0 == "\n" }) {
            throw .controlCharacter(ControlCharacterError(field: .name, character: control))
        }
        do { try PlainText.check(name, .name) } catch { throw .controlCharacter(error) }
        if let dose {
            guard dose.count <= Self.maximumDoseLength else { throw .doseTooLong(dose.count) }
            do { try PlainText.check(dose, .dosage) } catch { throw .controlCharacter(error) }
        }
        if let until, until < from { throw .untilBeforeFrom(until: until, from: from) }
    }
}

/// A dose given (`meds give`): which medication (its ``Medication/key``) and when.
public struct MedicationDose: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<MedicationDose, UUID>

    /// The dose's own id.
    public let id: ID
    /// The ``Medication/key`` of the medication given.
    public let medication: String
    /// When it was given (to the millisecond).
    public let at: Date

    /// A dose of the medication whose key is `medication`, given at `at`.
    public init(id: ID = ID(), medication: String, at: Date) {
        self.id = id
        self.medication = medication
        self.at = Timestamp.fromMilliseconds(Timestamp.milliseconds(at))
    }
}

/// Why a medication, or a dose of one, was refused.
public enum MedicationError: WellnessError, Hashable {
    /// Not a period (`12h`, `1d`, `4w`, `3mo`, 1 to 999 of them).
    case invalidPeriod(String)
    case emptyName
    case nameTooLong(Int)
    case doseTooLong(Int)
    case controlCharacter(ControlCharacterError)
    /// The last day comes before the first.
    case untilBeforeFrom(until: LocalDay, from: LocalDay)
    /// A medication of that name (in any case) is there already.
    case alreadyExists(String)
    /// No medication of that name.
    case notFound(String)

    public enum Code: String, CaseIterable, Sendable {
        case invalidPeriod, emptyName, nameTooLong, doseTooLong, controlCharacter, untilBeforeFrom, alreadyExists, notFound
    }

    public static let family = "medication"

    public var code: Code {
        switch self {
        case .invalidPeriod: .invalidPeriod
        case .emptyName: .emptyName
        case .nameTooLong: .nameTooLong
        case .doseTooLong: .doseTooLong
        case .controlCharacter: .controlCharacter
        case .untilBeforeFrom: .untilBeforeFrom
        case .alreadyExists: .alreadyExists
        case .notFound: .notFound
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .invalidPeriod(let text): [.verbatim(text)]
        case .emptyName: []
        case .nameTooLong(let count): [.number(count), .number(Medication.maximumNameLength)]
        case .doseTooLong(let count): [.number(count), .number(Medication.maximumDoseLength)]
        case .controlCharacter(let error): [.text(error.message)]
        case .untilBeforeFrom(let until, let from): [.verbatim(until.description), .verbatim(from.description)]
        case .alreadyExists(let name): [.verbatim(name)]
        case .notFound(let name): [.verbatim(name)]
        }
    }
}
