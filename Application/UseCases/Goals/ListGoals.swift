import WellnessDomain

/// Every goal, oldest first.
public struct ListGoals: Sendable {
    let goals: any GoalRepository

    public init(goals: any GoalRepository) {
        self.goals = goals
    }

    public func execute() async throws -> [Goal] {
        try await goals.all()
    }
}
