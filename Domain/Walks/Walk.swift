import Foundation

/// A walk with the dog: when it started, and as much of it as the person noted (how long, how
/// far, a note). A walking workout from Apple Health counts as a walk too, read from the health
/// data rather than stored again (``WalkEntry``).
public struct Walk: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<Walk, UUID>

    /// The walk's own id.
    public let id: ID
    /// When it started.
    public let start: Date
    /// How long, in whole minutes (``minutesRange``).
    public let minutes: Int?
    /// How far, in kilometres (``kilometresRange``).
    public let kilometres: Double?
    /// At most ``maximumNoteLength`` characters of ``PlainText``.
    public let note: String?

    /// The minutes a walk may last: one to a whole day.
    public static let minutesRange = 1...1440
    /// The kilometres a walk may cover.
    public static let kilometresRange: ClosedRange<Double> = 0.01...100
    /// The longest note, in characters.
    public static let maximumNoteLength = 1000

    /// A walk that follows the rules: minutes and kilometres within their ranges, a note of
    /// plain text (trimmed; empty is none).
    public init(id: ID = ID(), start: Date, minutes: Int? = nil, kilometres: Double? = nil,
                note: String? = nil) throws(WalkError) {
        let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(stored: id, start: start, minutes: minutes, kilometres: kilometres,
                  note: (trimmed?.isEmpty ?? true) ? nil : trimmed)
        try check()
    }

    /// A walk as stored, checked by ``check()`` where it enters.
    public init(stored id: ID, start: Date, minutes: Int?, kilometres: Double?, note: String?) {
        self.id = id
        self.start = Timestamp.fromMilliseconds(Timestamp.milliseconds(start))
        self.minutes = minutes
        self.kilometres = kilometres
        self.note = note
    }

    /// Refuses minutes or kilometres out of range (or not finite), and a note too long or with
    /// a control character.
    public func check() throws(WalkError) {
        if let minutes, !Self.minutesRange.contains(minutes) { throw .minutesOutOfRange(minutes) }
        if let kilometres, !kilometres.isFinite || !Self.kilometresRange.contains(kilometres) {
            throw .distanceOutOfRange(kilometres.isFinite ? String(kilometres) : "\(kilometres)")
        }
        if let note {
            guard note.count <= Self.maximumNoteLength else { throw .noteTooLong(note.count) }
            do { try PlainText.check(note, .note) } catch { throw .controlCharacter(error) }
        }
    }
}

/// Why a walk or a walk plan was refused.
public enum WalkError: WellnessError, Hashable {
    case minutesOutOfRange(Int)
    case distanceOutOfRange(String)
    case noteTooLong(Int)
    case controlCharacter(ControlCharacterError)
    /// The plan names a time twice.
    case timePlannedTwice(WallTime)
    /// The plan has more times than a day of walks needs.
    case tooManyPlanned(Int)

    public enum Code: String, CaseIterable, Sendable {
        case minutesOutOfRange, distanceOutOfRange, noteTooLong, controlCharacter, timePlannedTwice, tooManyPlanned
    }

    public static let family = "walk"

    public var code: Code {
        switch self {
        case .minutesOutOfRange: .minutesOutOfRange
        case .distanceOutOfRange: .distanceOutOfRange
        case .noteTooLong: .noteTooLong
        case .controlCharacter: .controlCharacter
        case .timePlannedTwice: .timePlannedTwice
        case .tooManyPlanned: .tooManyPlanned
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .minutesOutOfRange(let minutes):
            [.number(minutes), .number(Walk.minutesRange.lowerBound), .number(Walk.minutesRange.upperBound)]
        case .distanceOutOfRange(let text):
            [.verbatim(text), .verbatim("0.01"), .verbatim("100")]
        case .noteTooLong(let count): [.number(count), .number(Walk.maximumNoteLength)]
        case .controlCharacter(let error): [.text(error.message)]
        case .timePlannedTwice(let time): [.verbatim(time.description)]
        case .tooManyPlanned(let count): [.number(count), .number(WalkPlan.maximumTimes)]
        }
    }
}
