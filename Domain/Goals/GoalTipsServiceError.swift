import Foundation

/// Why the tips service gave no tips.
public enum GoalTipsServiceError: WellnessError, Equatable {
    /// It could not be reached or is down (the reason, as the adapter found it).
    case unavailable(String)
    /// It answered with something that is not a list of tips (what was wrong).
    case invalidResponse(String)
    /// It refused for now; try again after the given number of seconds, if known.
    case rateLimited(retryAfter: Int?)
    /// It refused the credentials (a 401 from a server): log in again.
    case unauthorized
    /// It is on another machine (`destination`, e.g. `https://api.example.com`) and the person
    /// has not yet allowed their data to be sent there, so nothing was sent.
    case remoteNotAllowed(destination: String)

    public enum Code: String, CaseIterable, Sendable {
        case unavailable
        case invalidResponse
        case rateLimited
        case rateLimitedBriefly
        case unauthorized
        case remoteNotAllowed
    }

    public static let family = "tipsService"

    public var code: Code {
        switch self {
        case .unavailable: .unavailable
        case .invalidResponse: .invalidResponse
        case .rateLimited(let seconds): seconds == nil ? .rateLimitedBriefly : .rateLimited
        case .unauthorized: .unauthorized
        case .remoteNotAllowed: .remoteNotAllowed
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .unavailable(let reason), .invalidResponse(let reason): [.verbatim(reason)]
        case .rateLimited(let seconds): seconds.map { [.number($0)] } ?? []
        case .unauthorized: []
        case .remoteNotAllowed(let destination): [.verbatim(destination)]
        }
    }
}
