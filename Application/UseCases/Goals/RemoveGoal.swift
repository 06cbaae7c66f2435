import Foundation
import WellnessDomain

/// Deletes a goal and its cached tips.
public struct RemoveGoal: Sendable {
    let goals: any GoalRepository

    /// A use case on `goals`.
    public init(goals: any GoalRepository) {
        self.goals = goals
    }

    /// Deletes goal `id` and its cached tips; returns whether it existed.
    @discardableResult
    public func execute(_ id: Goal.ID) async throws -> Bool {
        try await goals.remove(id)
    }
}
