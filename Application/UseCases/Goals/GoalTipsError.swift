import Foundation
import WellnessDomain

/// Why tips could not be given.
public enum GoalTipsError: WellnessError, Equatable {
    case goalNotFound(Goal.ID)
    /// Reading moods, journals or goals failed; carries the cause.
    case contextBuildFailed(cause: String)
    /// The service failed and no tips were cached for this goal.
    case serviceFailed(GoalTipsServiceError)
    /// The service answered, with no tips, and none are cached for this goal.
    case noTipsAvailable(Goal.ID)

    public enum Code: String, CaseIterable, Sendable {
        case goalNotFound
        case contextBuildFailed
        case serviceFailed
        case noTipsAvailable
    }

    public static let family = "goalTips"

    public var code: Code {
        switch self {
        case .goalNotFound: .goalNotFound
        case .contextBuildFailed: .contextBuildFailed
        case .serviceFailed: .serviceFailed
        case .noTipsAvailable: .noTipsAvailable
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .goalNotFound(let id), .noTipsAvailable(let id): [.verbatim(id.description)]
        case .contextBuildFailed(let cause): [.verbatim(cause)]
        case .serviceFailed(let error): [.text(error.message)]
        }
    }
}
