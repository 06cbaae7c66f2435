import Foundation

/// A training session with the dog: the skill worked on, when, and as much as the person noted
/// (how long, how well it went on a scale of 1 to 5).
public struct TrainingSession: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<TrainingSession, UUID>

    /// The session's own id.
    public let id: ID
    /// The skill, as the person named it (`sit`, `loose-lead walking`); sessions of one skill
    /// are grouped whatever its case (``skillKey``).
    public let skill: String
    /// When it took place.
    public let at: Date
    /// How long, in whole minutes (``minutesRange``).
    public let minutes: Int?
    /// How well it went, 1 (not at all) to 5 (perfectly) (``scoreRange``).
    public let score: Int?

    /// The longest skill name, in characters.
    public static let maximumSkillLength = 60
    /// The minutes a session may last.
    public static let minutesRange = 1...480
    /// The scores a session may have.
    public static let scoreRange = 1...5

    /// A session that follows the rules: a skill of plain text (trimmed, not empty,
    /// at most ``maximumSkillLength`` characters), minutes and score within their ranges.
    public init(id: ID = ID(), skill: String, at: Date, minutes: Int? = nil, score: Int? = nil) throws(TrainingError) {
        self.init(stored: id, skill: skill.trimmingCharacters(in: .whitespacesAndNewlines), at: at,
                  minutes: minutes, score: score)
        try check()
    }

    /// A session as stored, checked by ``check()`` where it enters.
    public init(stored id: ID, skill: String, at: Date, minutes: Int?, score: Int?) {
        self.id = id
        self.skill = skill
        self.at = Timestamp.fromMilliseconds(Timestamp.milliseconds(at))
        self.minutes = minutes
        self.score = score
    }

    /// What groups the sessions of one skill: its name, lowercased.
    public var skillKey: String { Self.key(of: skill) }

    /// The key of a skill named `name` (trimmed, lowercased).
    public static func key(of name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Refuses an empty or too long skill, one with a control character, and
    /// minutes or a score out of range.
    public func check() throws(TrainingError) {
        try Self.checkSkill(skill)
        if let minutes, !Self.minutesRange.contains(minutes) { throw .minutesOutOfRange(minutes) }
        if let score, !Self.scoreRange.contains(score) { throw .scoreOutOfRange(score) }
    }

    /// Refuses a skill name that is empty, too long, or holds a control character.
    public static func checkSkill(_ skill: String) throws(TrainingError) {
        guard !skill.isEmpty else { throw .emptySkill }
        guard skill.count <= maximumSkillLength else { throw .skillTooLong(skill.count) }
        do { try PlainText.check(skill, .name) } catch { throw .controlCharacter(error) }
    }
}

/// Why a training session was refused.
public enum TrainingError: WellnessError, Hashable {
    case emptySkill
    case skillTooLong(Int)
    case minutesOutOfRange(Int)
    case scoreOutOfRange(Int)
    case controlCharacter(ControlCharacterError)

    public enum Code: String, CaseIterable, Sendable {
        case emptySkill, skillTooLong, minutesOutOfRange, scoreOutOfRange, controlCharacter
    }

    public static let family = "training"

    public var code: Code {
        switch self {
        case .emptySkill: .emptySkill
        case .skillTooLong: .skillTooLong
        case .minutesOutOfRange: .minutesOutOfRange
        case .scoreOutOfRange: .scoreOutOfRange
        case .controlCharacter: .controlCharacter
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .emptySkill: []
        case .skillTooLong(let count): [.number(count), .number(TrainingSession.maximumSkillLength)]
        case .minutesOutOfRange(let minutes):
            [.number(minutes), .number(TrainingSession.minutesRange.lowerBound), .number(TrainingSession.minutesRange.upperBound)]
        case .scoreOutOfRange(let score):
            [.number(score), .number(TrainingSession.scoreRange.lowerBound), .number(TrainingSession.scoreRange.upperBound)]
        case .controlCharacter(let error): [.text(error.message)]
        }
    }
}

/// Training sessions, by id.
public enum TrainingRecords: RecordKind {
    public static let collection: RecordCollection = "training"
    /// Training came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of session: TrainingSession) -> TrainingSession.ID { session.id }

    /// Skill, minutes and score as `training log` checks them (``TrainingSession/check()``).
    public static func validate(_ session: TrainingSession) throws(RecordRejection) {
        try RecordRejection.checking { try session.check() }
    }

    public static func precedes(_ lhs: TrainingSession, _ rhs: TrainingSession) -> Bool {
        (lhs.at, lhs.id.description) < (rhs.at, rhs.id.description)
    }
}

extension RecordCollection {
    public static var training: RecordCollection { TrainingRecords.collection }
}
