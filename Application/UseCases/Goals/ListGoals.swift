import WellnessDomain

/// Every goal, oldest first.
public struct ListGoals: Sendable {
    let goals: any GoalRepository

    /// A use case on `goals`.
    public init(goals: any GoalRepository) {
        self.goals = goals
    }

    /// Every goal, oldest first.
    public func execute() async throws -> [Goal] {
        try await goals.all()
    }
}
