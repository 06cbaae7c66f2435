/// The access token's lifecycle, from the design's "Token lifecycle", as a pure state machine.
///
/// | state | event | next state | effects |
/// |---|---|---|---|
/// | launching | launch with a stored token | validating | validate token |
/// | launching | launch without a token | signedOut | show welcome |
/// | validating | validation 200 | authenticated | show home |
/// | validating | validation 401 | signedOut | clear token, show login |
/// | validating | validation unreachable | offlineAuthenticated | show home (token kept) |
/// | offlineAuthenticated | network restored | offlineAuthenticated | validate token |
/// | offlineAuthenticated | validation 200 | authenticated | — |
/// | offlineAuthenticated | validation 401 | signedOut | clear token, show login |
/// | any | login succeeded | authenticated | store token, show home |
/// | validating, authenticated, offlineAuthenticated | logout | signedOut | end session, clear token, show welcome |
/// | validating, authenticated, offlineAuthenticated | 401 on a request | signedOut | clear token, show login with return path |
///
/// Every other pair changes nothing and has no effect: a second launch, a validation answer
/// nobody is waiting for (e.g. one arriving after a login), a logout or 401 without a token.
///
/// A network error while validating keeps the token and lets the person in
/// (`offlineAuthenticated`): the token may well be valid, and offline use (cached data, queued
/// check-ins) is the point. It is validated again when the network comes back, and any 401
/// signs out as usual.
public struct TokenLifecycle: Sendable, Hashable, Codable {
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// The app started; the stored token has not been read yet.
        case launching
        /// A stored token is being checked (`GET /api/auth/session`).
        case validating
        /// Signed in with a token the server accepted.
        case authenticated
        /// Signed in with a stored token that could not be checked (no network).
        case offlineAuthenticated
        /// No token: never signed in, logged out, or signed out after a 401.
        case signedOut
    }

    public enum Event: Sendable, Hashable, Codable {
        /// The app started and read the secure store.
        case launch(hasStoredToken: Bool)
        /// The session check answered 200.
        case validationSucceeded
        /// The session check answered 401.
        case validationRejected
        /// The session check could not reach the server.
        case validationUnreachable
        /// The connection came back.
        case networkRestored
        /// A login returned this access token.
        case loginSucceeded(token: String)
        /// The person logged out.
        case logout
        /// Any other call answered 401 while on the screen at `returnPath`.
        case requestUnauthorized(returnPath: String?)
    }

    public enum Effect: Sendable, Hashable, Codable {
        /// Check the stored token with the server.
        case validateToken
        /// Save this token in the secure store.
        case storeToken(String)
        /// Delete the token from the secure store.
        case clearToken
        /// Tell the server the session ends (`POST /api/auth/logout`).
        case endSession
        /// Navigate to the main tabs (today).
        case showHome
        /// Navigate to the welcome screen.
        case showWelcome
        /// Navigate to login, and afterwards to `returnPath` when given.
        case showLogin(returnPath: String?)
    }

    public private(set) var state: State

    /// A machine in `state`; the app starts `launching`.
    public init(state: State = .launching) {
        self.state = state
    }

    /// Whether the person is signed in (verified or not).
    public var isSignedIn: Bool { state == .authenticated || state == .offlineAuthenticated }

    /// Moves to the state `event` leads to and returns what to do, in order.
    public mutating func handle(_ event: Event) -> [Effect] {
        switch (state, event) {
        case (.launching, .launch(hasStoredToken: true)):
            state = .validating
            return [.validateToken]
        case (.launching, .launch(hasStoredToken: false)):
            state = .signedOut
            return [.showWelcome]
        case (.validating, .validationSucceeded):
            state = .authenticated
            return [.showHome]
        case (.offlineAuthenticated, .validationSucceeded):
            state = .authenticated
            return []
        case (.validating, .validationRejected), (.offlineAuthenticated, .validationRejected):
            state = .signedOut
            return [.clearToken, .showLogin(returnPath: nil)]
        case (.validating, .validationUnreachable):
            state = .offlineAuthenticated
            return [.showHome]
        case (.offlineAuthenticated, .networkRestored):
            return [.validateToken]
        case (_, .loginSucceeded(let token)):
            state = .authenticated
            return [.storeToken(token), .showHome]
        case (.validating, .logout), (.authenticated, .logout), (.offlineAuthenticated, .logout):
            state = .signedOut
            return [.endSession, .clearToken, .showWelcome]
        case (.validating, .requestUnauthorized(let path)), (.authenticated, .requestUnauthorized(let path)),
             (.offlineAuthenticated, .requestUnauthorized(let path)):
            state = .signedOut
            return [.clearToken, .showLogin(returnPath: path)]
        default:
            return []
        }
    }
}
