import Foundation
import WellnessDomain

/// Adds a goal, created now.
public struct AddGoal: Sendable {
    let goals: any GoalRepository
    let time: TimeContext

    /// A use case on `goals`, with now from `time`.
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
