import Foundation
import WellnessDomain

/// Why a nudge could not be dismissed or applied.
public enum NudgeError: Error, Sendable, Equatable, LocalizedError {
    /// The nudge is a valid id but does not apply now.
    case notApplicable(NudgeID, applicable: [NudgeID])

    public var errorDescription: String? {
        switch self {
        case let .notApplicable(id, applicable):
            let list = applicable.isEmpty ? "none" : applicable.map(\.description).joined(separator: ", ")
            return "nudge '\(id)' does not apply now; nudges that apply: \(list)"
        }
    }
}
