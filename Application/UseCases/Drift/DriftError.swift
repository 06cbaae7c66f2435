import Foundation
import WellnessDomain

/// Why a check-in or a Drift view could not be given.
public enum DriftError: WellnessError, Equatable {
    /// The day already has a check-in and replacing it was not asked for.
    case alreadyCheckedIn(LocalDay)
    /// A Pro feature on the Free tier.
    case locked(FeatureKey)
    /// No queued check-in has this id (or id prefix).
    case notQueued(String)
    /// Logged in, the tier is the account's on the server (given URL): its admin changes it.
    case tierFromServer(String)

    public enum Code: String, CaseIterable, Sendable {
        case alreadyCheckedIn
        case locked
        case notQueued
        case tierFromServer
    }

    public static let family = "drift"

    public var code: Code {
        switch self {
        case .alreadyCheckedIn: .alreadyCheckedIn
        case .locked: .locked
        case .notQueued: .notQueued
        case .tierFromServer: .tierFromServer
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .alreadyCheckedIn(let day): [.verbatim(day.description)]
        case .locked(let key): [.verbatim(key.rawValue)]
        case .notQueued(let reference): [.verbatim(reference)]
        case .tierFromServer(let server): [.verbatim(server)]
        }
    }
}
