import Foundation

/// A failed call to the Drift API, classified as the design's error hierarchy does.
public enum ApiFailure: Sendable, Hashable {
    /// 401: the token expired or was revoked.
    case unauthorized
    /// 409, e.g. `DUPLICATE_CHECKIN`: the check-in for that day already exists.
    case conflict
    /// 429 (`RATE_LIMITED`), with the seconds its `Retry-After` asked to wait, when it said.
    case rateLimited(retryAfter: Int?)
    /// No answer at all: the network is unreachable.
    case offline
    /// Any other 4xx/5xx, or an unusable answer (`nil`).
    case other(status: Int?)

    /// The failure an HTTP status stands for; `nil` for a status below 400 (not a failure).
    /// `retryAfter` is the answer's `Retry-After` header, for a 429 (whole seconds; an HTTP date
    /// or anything else is ignored).
    public init?(status: Int, retryAfter: String? = nil) {
        switch status {
        case ..<400: return nil
        case 401: self = .unauthorized
        case 409: self = .conflict
        case 429: self = .rateLimited(retryAfter: Self.retryAfterSeconds(retryAfter))
        default: self = .other(status: status)
        }
    }

    /// The seconds a `Retry-After` header asks to wait: whole seconds, a negative count taken as 0
    /// (no server may make a client wait less than not at all); `nil` without the header, or for
    /// an HTTP date or anything else. Every client of a `Retry-After` reads it here.
    public static func retryAfterSeconds(_ header: String?) -> Int? {
        header.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { max(0, $0) }
    }
}

/// The kind of call that failed, which decides part of the resolution.
public enum ApiRequest: Sendable, Hashable {
    /// Submitting a check-in: from the offline queue (with the item's id) or straight from the
    /// check-in screen (`nil`).
    case submitCheckin(queuedID: UUID?)
    /// Reading cached data of a type (today, trends, alerts, insights, reminder settings).
    case read(CacheDataType)
    /// Any other call (saving settings, account actions).
    case other
}

/// A user-facing message of the failure resolutions, with the design's English wording.
public enum DriftMessage: String, Sendable, Hashable, Codable, CaseIterable {
    case alreadyCheckedIn
    case tooManyRequests
    case offline
    case willSyncWhenOnline
    case requiresConnection
    case somethingWentWrong

    /// The localisation key, `drift.message.<raw>`.
    public var localized: LocalizedText { LocalizedText("drift.message.\(rawValue)") }

    /// The English text (the design's wording where it gives one).
    public var text: String {
        switch self {
        case .alreadyCheckedIn: "Already checked in"
        case .tooManyRequests: "Too many requests, try again in a moment"
        case .offline: "You're offline. Changes will sync when reconnected."
        case .willSyncWhenOnline: "Will sync when online"
        case .requiresConnection: "Requires connection"
        case .somethingWentWrong: "Something went wrong. Please try again."
        }
    }
}

/// What the app does about a failed call.
public enum FailureEffect: Sendable, Hashable {
    /// Sign out and show the login screen, returning to `returnPath` after logging in; feed
    /// `TokenLifecycle.Event.requestUnauthorized(returnPath:)` to the token lifecycle, which
    /// clears the token and navigates.
    case signOut(returnPath: String?)
    /// Remove the queued check-in with this id.
    case removeFromQueue(UUID)
    /// Stop sending the queue for now; the queued check-in keeps its tries (nobody's failure:
    /// no connection, or the server asked to wait).
    case keepQueued
    /// Put the check-in in the offline queue (it was submitted directly).
    case enqueueCheckin
    /// Serve the cached data of this type instead.
    case useCachedData(CacheDataType)
    /// Show the offline banner (`DriftMessage.offline`).
    case showOfflineBanner
    case showMessage(DriftMessage)
    /// Offer a retry button.
    case offerRetry
}

/// The design's error-handling hierarchy as a pure function of the failure and the call:
///
/// | failure | call | effects |
/// |---|---|---|
/// | 401 | any | sign out, login with return path |
/// | 409 | check-in from the queue | remove it from the queue, "Already checked in" |
/// | 409 | check-in from the screen | "Already checked in" |
/// | 409 | other calls | as "other" below |
/// | 429 | check-in from the queue | keep it queued, its tries untouched; "Too many requests" |
/// | 429 | other calls | "Too many requests, try again in a moment" |
/// | offline | read | cached data, offline banner |
/// | offline | check-in from the screen | enqueue it, offline banner, "Will sync when online" |
/// | offline | check-in from the queue | keep it queued, its tries untouched; offline banner |
/// | other | check-in from the queue | counts a failed try (3 hold it for review); generic error |
/// | offline | other calls | offline banner, "Requires connection" |
/// | other | any | generic error with a retry button |
///
/// It has no state of its own, so it is a function rather than a machine. ``FlushCheckinQueue``
/// follows it for every failed item.
public enum FailureResolution {
    /// The effects, in the order they should be applied.
    public static func effects(of failure: ApiFailure, on request: ApiRequest, returnPath: String?)
        -> [FailureEffect] {
        switch (failure, request) {
        case (.unauthorized, _):
            return [.signOut(returnPath: returnPath)]
        case (.conflict, .submitCheckin(let queuedID?)):
            return [.removeFromQueue(queuedID), .showMessage(.alreadyCheckedIn)]
        case (.conflict, .submitCheckin(nil)):
            return [.showMessage(.alreadyCheckedIn)]
        case (.rateLimited, .submitCheckin(_?)):
            return [.keepQueued, .showMessage(.tooManyRequests)]
        case (.rateLimited, _):
            return [.showMessage(.tooManyRequests)]
        case (.offline, .read(let type)):
            return [.useCachedData(type), .showOfflineBanner]
        case (.offline, .submitCheckin(nil)):
            return [.enqueueCheckin, .showOfflineBanner, .showMessage(.willSyncWhenOnline)]
        case (.offline, .submitCheckin(_?)):
            return [.keepQueued, .showOfflineBanner]
        case (.offline, .other):
            return [.showOfflineBanner, .showMessage(.requiresConnection)]
        case (.conflict, .read), (.conflict, .other), (.other, _):
            return [.showMessage(.somethingWentWrong), .offerRetry]
        }
    }
}

/// Thrown by API adapters (see `CheckinAPI`).
extension ApiFailure: WellnessError {
    public enum Code: String, CaseIterable, Sendable {
        case unauthorized
        case conflict
        case rateLimited
        case offline
        case serverError
        case unreadableAnswer
    }

    public static let family = "api"

    public var code: Code {
        switch self {
        case .unauthorized: .unauthorized
        case .conflict: .conflict
        case .rateLimited: .rateLimited
        case .offline: .offline
        case .other(let status): status == nil ? .unreadableAnswer : .serverError
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .other(let status?): [.number(status)]
        case .unauthorized, .conflict, .rateLimited, .offline, .other(nil): []
        }
    }
}

extension ApiFailure {
    /// The failure any error of a call to the server stands for: an ``ApiFailure`` is itself; a
    /// `URLError`, or a call cancelled while it waited for an answer, is ``offline`` (no answer
    /// came); anything else is an unusable answer (`other(status: nil)`). Every client of the
    /// server classifies a failed call here, so "unreachable" is decided in one place.
    public init(_ error: any Error) {
        switch error {
        case let failure as ApiFailure: self = failure
        case is URLError, is CancellationError: self = .offline
        default: self = .other(status: nil)
        }
    }

    /// The failure of a tips service that is the server: not reached (or down) is ``offline``, a
    /// 429 and a 401 are themselves, an unusable answer is `other(status: nil)`.
    public init(_ error: GoalTipsServiceError) {
        switch error {
        case .unavailable: self = .offline
        case .rateLimited(let seconds): self = .rateLimited(retryAfter: seconds)
        case .unauthorized: self = .unauthorized
        case .invalidResponse, .remoteNotAllowed: self = .other(status: nil)
        }
    }

    /// Whether the server could not be reached at all: the rest of the command does not try
    /// again, reads answer from the cache and writes wait in the queue.
    public var isUnreachable: Bool { self == .offline }

    /// Whether `error`, from a call to the server, means it could not be reached.
    public static func isUnreachable(_ error: any Error) -> Bool { ApiFailure(error).isUnreachable }
}
