import Foundation
import WellnessDomain

/// Adds a goal, created now.
public struct AddGoal: Sendable {
    let goals: any GoalRepository
    let time: TimeContext

    public init(goals: any GoalRepository, time: TimeContext) {
        self.goals = goals
        self.time = time
    }

    /// A client that created the goal elsewhere passes its `id` (a server keeps it);
    /// ``GoalError/idTaken(_:)`` when a goal has it already.
    public func execute(title: String, description: String? = nil, id: Goal.ID = Goal.ID()) async throws -> Goal {
        let goal = try Goal(id: id, title: title, description: description, createdAt: time.now())
        guard try await goals.goal(id) == nil else { throw GoalError.idTaken(id) }
        try await goals.save(goal)
        return goal
    }
}

/// Every goal, oldest first, and finding one by id or id prefix.
public struct ListGoals: Sendable {
    let goals: any GoalRepository

    public init(goals: any GoalRepository) {
        self.goals = goals
    }

    public func execute() async throws -> [Goal] {
        try await goals.all()
    }

    /// The goal whose id is `reference` or starts with it (4+ characters), or
    /// ``GoalTipsError/goalNotFound(_:)`` — also when a prefix is ambiguous.
    public func find(_ reference: String) async throws -> Goal {
        let key = reference.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let matches = try await goals.all().filter { $0.id.description == key || (key.count >= 4 && $0.id.description.hasPrefix(key)) }
        guard matches.count == 1 else {
            throw GoalReferenceError(reference: reference, ambiguous: matches.count > 1)
        }
        return matches[0]
    }
}

/// A goal reference that matches no goal, or more than one.
public struct GoalReferenceError: Error, Sendable, Equatable, LocalizedError {
    public let reference: String
    public let ambiguous: Bool

    public var errorDescription: String? {
        ambiguous
            ? "'\(reference)' matches more than one goal; give more of the id (wellness goals list shows them)"
            : "goal '\(reference)' was not found; list your goals with: wellness goals list"
    }
}

/// Deletes a goal and its cached tips.
public struct RemoveGoal: Sendable {
    let goals: any GoalRepository

    public init(goals: any GoalRepository) {
        self.goals = goals
    }

    @discardableResult
    public func execute(_ id: Goal.ID) async throws -> Bool {
        try await goals.remove(id)
    }
}

/// Logs today's (or a day's) mood; logging again for the same day replaces it.
public struct LogMood: Sendable {
    let moods: any MoodRepository
    let time: TimeContext

    public init(moods: any MoodRepository, time: TimeContext) {
        self.moods = moods
        self.time = time
    }

    public func execute(score: Int, note: String? = nil, day: LocalDay? = nil) async throws -> MoodEntry {
        let entry = try MoodEntry(day: day ?? time.today(), score: score, note: note)
        try await moods.save(entry)
        return entry
    }
}

/// The mood entries of the last `days` days, oldest first.
public struct ListMoods: Sendable {
    let moods: any MoodRepository
    let time: TimeContext

    public init(moods: any MoodRepository, time: TimeContext) {
        self.moods = moods
        self.time = time
    }

    public func execute(days: Int = 30) async throws -> [MoodEntry] {
        guard (1...3660).contains(days) else { throw JournalError.invalidDays(days) }
        let today = time.today()
        return try await moods.moods(on: today.adding(days: -(days - 1))...today)
    }
}
