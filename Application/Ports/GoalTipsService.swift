import Foundation
import WellnessDomain

/// The (AI) service that turns a goal and what is known about the person into tips.
public protocol GoalTipsService: Sendable {
    /// Tips for `goal`, in any order, with who made them.
    func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer
}

/// What a tips service answered: the tips, in any order, and where they came from (a server
/// passes on its own service's source).
public struct TipsAnswer: Sendable, Equatable {
    /// The tips, in any order.
    public let tips: [GoalTip]
    /// Where the tips came from.
    public let source: TipSource

    /// An answer of `tips` from `source`.
    public init(tips: [GoalTip], source: TipSource) {
        self.tips = tips
        self.source = source
    }
}
