import Foundation
import WellnessDomain

/// Why a client-side account action failed.
public enum ClientSessionError: Error, Sendable, Equatable, LocalizedError {
    /// Nothing is stored: log in first.
    case notLoggedIn
    /// The server refused the token (401): it is cleared now.
    case sessionEnded(server: URL, email: String)
    /// The server URL is not an absolute http(s) URL.
    case invalidServer(String)

    public var errorDescription: String? {
        switch self {
        case .notLoggedIn: "not logged in; log in with: wellness login --server URL --email EMAIL"
        case .sessionEnded(let server, let email):
            "your session on \(server.absoluteString) has ended; log in again with: wellness login --server \(server.absoluteString) --email \(email)"
        case .invalidServer(let text): "'\(text)' is not a server address; give one such as http://127.0.0.1:8080"
        }
    }
}

/// The client's login (`wellness login|logout|session`), run through the domain's
/// ``TokenLifecycle``: a 401 anywhere clears the stored token.
public struct ClientSession: Sendable {
    let credentials: any CredentialStore
    /// The session endpoints of a server, authenticated with a token when one is given.
    let connect: @Sendable (URL, String?) -> any SessionAPI

    public init(credentials: any CredentialStore, connect: @escaping @Sendable (URL, String?) -> any SessionAPI) {
        self.credentials = credentials
        self.connect = connect
    }

    /// Where a session stands.
    public enum Status: Sendable, Equatable {
        case signedOut
        /// The server confirmed the token.
        case active(StoredCredentials, SessionInfo)
        /// A token is stored but the server could not be reached to check it.
        case unverified(StoredCredentials)
    }

    /// An absolute `http`/`https` URL without a path, query or fragment beyond `/`.
    public static func serverURL(_ text: String) throws(ClientSessionError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil,
              url.path.isEmpty || url.path == "/"
        else { throw .invalidServer(text) }
        return URL(string: trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed)!
    }

    /// Logs in and keeps the token; a refused login is ``AccountError/invalidCredentials``.
    @discardableResult
    public func logIn(server: URL, email: String, password: String) async throws -> StoredCredentials {
        let grant: AccessGrant
        do {
            grant = try await connect(server, nil).logIn(email: email, password: password)
        } catch ApiFailure.unauthorized {
            throw AccountError.invalidCredentials
        }
        var lifecycle = TokenLifecycle(state: .signedOut)
        let stored = StoredCredentials(server: server, email: email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased(),
                                       accessToken: grant.accessToken, expiresAt: grant.expiresAt)
        try await apply(lifecycle.handle(.loginSucceeded(token: grant.accessToken)), stored: stored)
        return stored
    }

    /// Ends the session on the server (when it can be reached) and forgets the token either
    /// way; returns what was stored.
    @discardableResult
    public func logOut() async throws -> StoredCredentials? {
        guard let stored = try await credentials.load() else { return nil }
        var lifecycle = TokenLifecycle(state: .authenticated)
        for effect in lifecycle.handle(.logout) {
            switch effect {
            case .endSession:
                do { try await connect(stored.server, stored.accessToken).logOut() } catch {
                    // Unreachable or already revoked: the token is forgotten here regardless.
                }
            default: try await apply([effect], stored: stored)
            }
        }
        return stored
    }

    /// Checks the stored token with the server (`GET /api/auth/session`); a 401 clears it
    /// and throws ``ClientSessionError/sessionEnded(server:email:)``.
    public func status() async throws -> Status {
        var lifecycle = TokenLifecycle()
        let stored = try await credentials.load()
        _ = lifecycle.handle(.launch(hasStoredToken: stored != nil))
        guard let stored else { return .signedOut }
        do {
            let info = try await connect(stored.server, stored.accessToken).session()
            _ = lifecycle.handle(.validationSucceeded)
            return .active(stored, info)
        } catch ApiFailure.unauthorized {
            try await apply(lifecycle.handle(.validationRejected), stored: stored)
            throw ClientSessionError.sessionEnded(server: stored.server, email: stored.email)
        } catch where StaleWhileRevalidate.isUnreachable(error) {
            _ = lifecycle.handle(.validationUnreachable)
            return .unverified(stored)
        }
    }

    /// What to do when any call answered 401: forget the token; returns the error to show.
    public func handleUnauthorized() async throws -> ClientSessionError {
        guard let stored = try await credentials.load() else { return .notLoggedIn }
        var lifecycle = TokenLifecycle(state: .authenticated)
        try await apply(lifecycle.handle(.requestUnauthorized(returnPath: nil)), stored: stored)
        return .sessionEnded(server: stored.server, email: stored.email)
    }

    private func apply(_ effects: [TokenLifecycle.Effect], stored: StoredCredentials) async throws {
        for effect in effects {
            switch effect {
            case .storeToken: try await credentials.save(stored)
            case .clearToken: _ = try await credentials.clear()
            case .validateToken, .endSession, .showHome, .showWelcome, .showLogin: break
            }
        }
    }
}

/// The Drift views read from the server through the stale-while-revalidate cache: fresh
/// cached answers are used as they are, stale ones are revalidated, and without a connection
/// the cached answer comes back marked offline.
public struct ReadRemoteDrift: Sendable {
    let remote: any DriftRemote
    let cache: StaleWhileRevalidate

    public init(remote: any DriftRemote, cache: StaleWhileRevalidate) {
        self.remote = remote
        self.cache = cache
    }

    public func weeklyInsights(days: Int) async throws -> StaleWhileRevalidate.Result<WeeklyInsights> {
        _ = try InsightsWindow(days: days)
        let remote = self.remote
        return try await cache.read("insights:\(days)", type: .insights, as: WeeklyInsights.self) {
            try await remote.weeklyInsights(days: days)
        }
    }

    public func trends(days: Int) async throws -> StaleWhileRevalidate.Result<[TrendPoint]> {
        _ = try TrendLength(days: days)
        let remote = self.remote
        return try await cache.read("trends:\(days)", type: .trends, as: [TrendPoint].self) {
            try await remote.trends(days: days)
        }
    }
}
