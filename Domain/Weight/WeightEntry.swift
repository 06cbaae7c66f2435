import Foundation

/// One weigh-in: when, how much, and where it came from.
///
/// The instant is kept to the millisecond and the weight in kilograms exactly as given (pounds
/// are converted once, with the exact factor). Several weigh-ins a day are fine; two in the
/// same minute with the same weight (to 0.01 kg) are the same weigh-in (``duplicateKey``).
public struct WeightEntry: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<WeightEntry, UUID>

    /// How an entry got into the store.
    public enum Source: String, Sendable, Codable, CaseIterable {
        /// Typed in (`weight add`).
        case manual
        /// Read from a CSV file.
        case imported
    }

    public let id: ID
    /// When it was weighed, to the millisecond.
    public let date: Date
    public let kilograms: Double
    /// A note, never empty (`nil` instead).
    public let note: String?
    public let source: Source

    /// The largest weight accepted, in kilograms.
    public static let maximumKilograms = 700.0
    /// Kilograms in one international avoirdupois pound (exact by definition).
    public static let kilogramsPerPound = 0.45359237

    /// An entry; `date` is rounded to whole milliseconds and an empty note becomes `nil`.
    /// Throws ``WeightError/outOfRange(_:)`` for a weight that is not finite, not above 0 or
    /// above ``maximumKilograms``.
    public init(id: ID = ID(), date: Date, kilograms: Double, note: String? = nil, source: Source = .manual) throws {
        try Self.validate(kilograms: kilograms)
        if let note, let problem = Self.problem(note: note) { throw WeightError.invalidNote(problem) }
        self.init(unchecked: id, date: date, kilograms: kilograms, note: note, source: source)
    }

    /// An entry from already validated parts (stores and the CSV reader).
    public init(unchecked id: ID, date: Date, kilograms: Double, note: String?, source: Source) {
        self.id = id
        self.date = Timestamp.fromMilliseconds(Timestamp.milliseconds(date))
        self.kilograms = kilograms
        self.note = (note?.isEmpty ?? true) ? nil : note
        self.source = source
    }

    private enum CodingKeys: String, CodingKey { case id, date, kilograms, note, source }

    /// Decodes an entry, refusing a weight out of range or a note with a NUL character; an
    /// empty note becomes `nil`. (Other control characters are refused where notes are typed,
    /// not here: a note stored before that rule still reads.)
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kilograms = try container.decode(Double.self, forKey: .kilograms)
        if let problem = Self.problem(kilograms: kilograms) {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [CodingKeys.kilograms],
                                                    debugDescription: problem.summary, underlyingError: problem))
        }
        let note = try container.decodeIfPresent(String.self, forKey: .note)
        if let note, note.utf8.contains(0) {
            let problem = Problem.noteContainsNUL
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [CodingKeys.note],
                                                    debugDescription: problem.summary, underlyingError: problem))
        }
        self.init(unchecked: try container.decode(ID.self, forKey: .id),
                  date: try container.decode(Date.self, forKey: .date), kilograms: kilograms,
                  note: note,
                  source: try container.decode(Source.self, forKey: .source))
    }

    /// Why `kilograms` is not a weight, or `nil` when it is.
    public static func problem(kilograms: Double) -> Problem? {
        guard kilograms.isFinite else { return .notFinite }
        guard kilograms > 0 else { return .notAboveZero(exact(kilograms)) }
        guard kilograms <= maximumKilograms else { return .aboveMaximum(exact(kilograms), maximum: format(maximumKilograms)) }
        return nil
    }

    /// Every digit needed to tell the number apart (`700.0001`, `1000`, `1e+20`), for messages.
    static func exact(_ kilograms: Double) -> String {
        if kilograms == kilograms.rounded(), abs(kilograms) < 1e15 { return String(Int64(kilograms)) }
        return "\(kilograms)"
    }

    /// Why `note` cannot be stored, or `nil` when it can: a NUL character (SQLite and C
    /// strings end text there, so part of the note would be lost), or another control
    /// character (``PlainText``).
    public static func problem(note: String) -> Problem? {
        if note.utf8.contains(0) { return .noteContainsNUL }
        guard let scalar = PlainText.firstControlCharacter(in: note) else { return nil }
        return .controlCharacter(ControlCharacterError(field: .note, character: scalar))
    }

    public static func validate(kilograms: Double) throws {
        if let problem = problem(kilograms: kilograms) { throw WeightError.outOfRange(problem) }
    }

    /// Same minute and same weight to 0.01 kg: the same weigh-in.
    public var duplicateKey: DuplicateKey { DuplicateKey(date: date, kilograms: kilograms) }

    /// What makes two entries the same weigh-in: the minute (since 1970, UTC) and the weight in
    /// hundredths of a kilogram, rounded half away from zero.
    public struct DuplicateKey: Sendable, Hashable {
        public let minute: Int64
        public let hundredths: Int64

        public init(minute: Int64, hundredths: Int64) {
            self.minute = minute
            self.hundredths = hundredths
        }

        /// The minute since 1970 (floored, also before 1970) that holds `millis`.
        public static func minute(ofMilliseconds millis: Int64) -> Int64 {
            millis >= 0 ? millis / 60_000 : (millis - 59_999) / 60_000
        }

        public init(date: Date, kilograms: Double) {
            minute = Self.minute(ofMilliseconds: Timestamp.milliseconds(date))
            hundredths = Int64((kilograms * 100).rounded())
        }
    }

    /// `kg` with up to two decimals, for messages and people.
    public static func format(_ kilograms: Double) -> String {
        guard kilograms.isFinite, abs(kilograms) < 1e15 else { return "\(kilograms)" }
        let rounded = (kilograms * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return String(format: "%.2f", rounded).replacingOccurrences(of: #"0$"#, with: "", options: .regularExpression)
    }
}

/// Why a weight could not be recorded or found.
public enum WeightError: WellnessError, Equatable {
    /// The weight is not finite, not above 0, or above the maximum (the problem says which).
    case outOfRange(WeightEntry.Problem)
    /// An entry for the same minute with the same weight (to 0.01 kg) is already stored.
    case duplicate(existing: WeightEntry.ID?)
    /// The note cannot be stored (the problem says why).
    case invalidNote(WeightEntry.Problem)
    /// No entry has this id (or id prefix).
    case notFound(String)
    /// Several entries start with this id prefix.
    case ambiguous(String, candidates: [WeightEntry.ID])

    public enum Code: String, CaseIterable, Sendable {
        case outOfRange, duplicate, invalidNote, notFound, ambiguous
    }

    public static let family = "weight"

    public var code: Code {
        switch self {
        case .outOfRange: .outOfRange
        case .duplicate: .duplicate
        case .invalidNote: .invalidNote
        case .notFound: .notFound
        case .ambiguous: .ambiguous
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .outOfRange(let problem), .invalidNote(let problem): [.text(problem.message)]
        case .duplicate: []
        case .notFound(let reference): [.verbatim(reference)]
        case .ambiguous(let reference, let candidates):
            [.verbatim(reference), .verbatim(candidates.map(\.description).joined(separator: ", "))]
        }
    }
}
