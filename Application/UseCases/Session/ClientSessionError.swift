import Foundation
import WellnessDomain

/// Why a client-side account action failed.
public enum ClientSessionError: WellnessError, Equatable {
    /// Nothing is stored: log in first.
    case notLoggedIn
    /// The server refused the token (401): it is cleared now.
    case sessionEnded(server: URL, email: String)
    /// The server URL is not an absolute http(s) URL.
    case invalidServer(String)
    /// `http://` to a host that is not this machine: the password and token would cross the
    /// network unencrypted. Use `https://`, or allow it explicitly.
    case insecureServer(String)
    /// The server refused the password given to confirm an action (deleting the account).
    case passwordRefused
    /// The server refused the current password given to change it: the password stays.
    case currentPasswordRefused

    public enum Code: String, CaseIterable, Sendable {
        case notLoggedIn
        case sessionEnded
        case invalidServer
        case insecureServer
        case passwordRefused
        case currentPasswordRefused
    }

    public static let family = "session"

    public var code: Code {
        switch self {
        case .notLoggedIn: .notLoggedIn
        case .sessionEnded: .sessionEnded
        case .invalidServer: .invalidServer
        case .insecureServer: .insecureServer
        case .passwordRefused: .passwordRefused
        case .currentPasswordRefused: .currentPasswordRefused
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .notLoggedIn, .passwordRefused, .currentPasswordRefused: []
        case .sessionEnded(let server, _): [.verbatim(server.absoluteString)]
        case .invalidServer(let text): [.verbatim(text)]
        case .insecureServer(let host): [.verbatim(host)]
        }
    }
}
