import WellnessDomain

/// Keeps the last tips generated per goal, so they come back offline and without waiting.
public protocol TipsCacheRepository: Sendable {
    /// The cached tips of a goal, or `nil`.
    func cached(for goal: Goal.ID) async throws -> GoalTips?

    /// Stores tips for their goal, replacing earlier ones.
    func store(_ tips: GoalTips) async throws
}
