import Foundation

/// Something the person wants to achieve, such as "Exercise 3x per week".
public struct Goal: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<Goal, UUID>

    public let id: ID
    public let title: String
    public let description: String?
    public let createdAt: Date

    /// A validated goal: the title must not be blank and at most 200 characters.
    public init(id: ID = ID(), title: String, description: String? = nil, createdAt: Date) throws(GoalError) {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyTitle }
        guard trimmed.count <= 200 else { throw .titleTooLong(trimmed.count) }
        do {
            try PlainText.check(trimmed, .title)
            try PlainText.check(description, .description)
        } catch { throw .controlCharacter(error) }
        let details = description?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(storedID: id, title: trimmed, description: (details?.isEmpty ?? true) ? nil : details,
                  createdAt: createdAt)
    }

    /// A goal as stored, without validation.
    public init(storedID id: ID, title: String, description: String?, createdAt: Date) {
        self.id = id
        self.title = title
        self.description = description
        self.createdAt = createdAt
    }
}

/// Why a goal or mood entry was refused.
public enum GoalError: WellnessError, Equatable {
    case emptyTitle
    case titleTooLong(Int)
    case invalidMoodScore(Int)
    case noteTooLong(Int)
    case idTaken(Goal.ID)
    /// A title, description or mood note with a control character.
    case controlCharacter(ControlCharacterError)

    public enum Code: String, CaseIterable, Sendable {
        case emptyTitle
        case titleTooLong
        case invalidMoodScore
        case noteTooLong
        case idTaken
        case controlCharacter
    }

    public static let family = "goal"

    public var code: Code {
        switch self {
        case .emptyTitle: .emptyTitle
        case .titleTooLong: .titleTooLong
        case .invalidMoodScore: .invalidMoodScore
        case .noteTooLong: .noteTooLong
        case .idTaken: .idTaken
        case .controlCharacter: .controlCharacter
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .emptyTitle: []
        case .titleTooLong(let count): [.number(count)]
        case .invalidMoodScore(let score): [.number(score)]
        case .noteTooLong(let count): [.number(count)]
        case .idTaken(let id): [.verbatim(id.description)]
        case .controlCharacter(let error): [.text(error.message)]
        }
    }
}
