import Foundation
import WellnessDomain

/// The (AI) service that turns a goal and what is known about the person into tips.
public protocol GoalTipsService: Sendable {
    /// Tips for `goal`, in any order.
    func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> [GoalTip]
}

/// Why the tips service gave no tips.
public enum GoalTipsServiceError: Error, Sendable, Equatable, LocalizedError {
    /// It could not be reached or is down.
    case unavailable(String)
    /// It answered with something that is not a list of tips.
    case invalidResponse(String)
    /// It refused for now; try again after the given number of seconds, if known.
    case rateLimited(retryAfter: Int?)
    /// It refused the credentials (a 401 from a server): log in again.
    case unauthorized

    public var errorDescription: String? {
        switch self {
        case .unavailable(let reason): "the tips service is unavailable (\(reason))"
        case .invalidResponse(let reason): "the tips service gave an answer that could not be read (\(reason))"
        case .rateLimited(let seconds?): "the tips service is busy; try again in \(seconds) seconds"
        case .rateLimited(nil): "the tips service is busy; try again in a minute"
        case .unauthorized: "the server refused the session; log in again"
        }
    }
}
