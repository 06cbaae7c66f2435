import WellnessDomain

/// Stores goals.
public protocol GoalRepository: Sendable {
    /// Every goal, oldest first.
    func all() async throws -> [Goal]

    /// The goal with `id`, or `nil`.
    func goal(_ id: Goal.ID) async throws -> Goal?

    /// Saves a goal, replacing one with the same id.
    func save(_ goal: Goal) async throws

    /// Deletes a goal and its cached tips in one write; returns whether it existed.
    func remove(_ id: Goal.ID) async throws -> Bool
}

/// Stores mood entries, one per day.
public protocol MoodRepository: Sendable {
    /// The entries whose day is in `days`, oldest first.
    func moods(on days: ClosedRange<LocalDay>) async throws -> [MoodEntry]

    /// Saves an entry, replacing the entry of the same day.
    func save(_ entry: MoodEntry) async throws
}

/// Keeps the last tips generated per goal, so they come back offline and without waiting.
public protocol TipsCacheRepository: Sendable {
    /// The cached tips of a goal, or `nil`.
    func cached(for goal: Goal.ID) async throws -> GoalTips?

    /// Stores tips for their goal, replacing earlier ones.
    func store(_ tips: GoalTips) async throws
}
