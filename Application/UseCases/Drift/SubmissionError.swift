import Foundation
import WellnessDomain

/// Why a submitted check-in was refused before it was looked at.
public enum SubmissionError: WellnessError, Equatable {
    /// The idempotency key is missing or not 1–255 visible ASCII characters.
    case invalidKey
    /// The key was used before for a different check-in.
    case keyReused(String)

    public enum Code: String, CaseIterable, Sendable {
        case invalidKey
        case keyReused
    }

    public static let family = "submission"

    public var code: Code {
        switch self {
        case .invalidKey: .invalidKey
        case .keyReused: .keyReused
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .invalidKey: []
        case .keyReused(let key): [.verbatim(key)]
        }
    }
}
