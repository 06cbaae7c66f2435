import Foundation
import WellnessDomain

/// Why a nudge could not be dismissed or applied.
public enum NudgeError: WellnessError, Equatable {
    /// The nudge is a valid id but does not apply now.
    case notApplicable(NudgeID, applicable: [NudgeID])

    public enum Code: String, CaseIterable, Sendable {
        case notApplicable
    }

    public static let family = "nudge"

    public var code: Code {
        switch self {
        case .notApplicable: .notApplicable
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .notApplicable(let id, let applicable): [.verbatim(id.description), applicable.isEmpty ? .text(LocalizedText("error.none")) : .verbatim(applicable.map(\.description).joined(separator: ", "))]
        }
    }
}
