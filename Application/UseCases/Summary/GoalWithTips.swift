import WellnessDomain

/// A goal and its tips; `nil` when none could be had (the service failed and nothing was cached).
public struct GoalWithTips: Sendable, Equatable {
    /// The goal.
    public let goal: Goal
    /// Its tips, or `nil` when none could be had.
    public let tips: GoalTips?
}
