import Foundation
import WellnessDomain

/// The (AI) service that turns a goal and what is known about the person into tips.
public protocol GoalTipsService: Sendable {
    /// Tips for `goal`, in any order.
    func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> [GoalTip]
}
