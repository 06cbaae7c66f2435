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
public enum GoalError: Error, Sendable, Equatable, LocalizedError {
    case emptyTitle
    case titleTooLong(Int)
    case invalidMoodScore(Int)
    case noteTooLong(Int)
    case idTaken(Goal.ID)

    public var errorDescription: String? {
        switch self {
        case .emptyTitle: "a goal needs a title"
        case .titleTooLong(let count): "the title is \(count) characters long; at most 200 are allowed"
        case .invalidMoodScore(let score): "mood \(score) is not allowed; give a whole number from 1 (low) to 5 (great)"
        case .noteTooLong(let count): "the note is \(count) characters long; at most 1000 are allowed"
        case .idTaken(let id): "a goal with id \(id) exists already"
        }
    }
}
