import WellnessDomain

/// A goal and its tips; `nil` when none could be had (the service failed and nothing was cached).
public struct GoalWithTips: Sendable, Equatable {
    public let goal: Goal
    public let tips: GoalTips?
}
