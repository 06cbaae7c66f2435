import Foundation
import WellnessDomain

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
