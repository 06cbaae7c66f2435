import WellnessApplication

/// The repositories of one store that the goal-tips feature keeps its data in, for the
/// ``GoalRepositoryContract``.
public struct GoalTipsRepositories: Sendable {
    /// Goals and their cached tips: one adapter serves both ports, since removing a goal
    /// removes its cached tips in the same write.
    public let goals: any GoalRepository & TipsCacheRepository
    /// The moods of the same store.
    public let moods: any MoodRepository

    /// The repositories of one store.
    public init(goals: any GoalRepository & TipsCacheRepository, moods: any MoodRepository) {
        self.goals = goals
        self.moods = moods
    }
}
