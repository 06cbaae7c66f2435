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
