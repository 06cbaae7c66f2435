import WellnessDomain

/// Keeps the last tips generated per goal, so they come back offline and without waiting. It
/// keeps what was generated, never how a set was served: cached tips are never `stale` and
/// carry no `fallback` (``GoalTips/asGenerated``), whatever was stored.
public protocol TipsCacheRepository: Sendable {
    /// The cached tips of a goal, as generated, or `nil`.
    func cached(for goal: Goal.ID) async throws -> GoalTips?

    /// Stores tips for their goal (``GoalTips/asGenerated``), replacing earlier ones.
    func store(_ tips: GoalTips) async throws
}
