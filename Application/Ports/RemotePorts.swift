import Foundation
import WellnessDomain

/// What a login gives: the bearer token and until when it holds.
public struct AccessGrant: Sendable, Hashable, Codable {
    public let accessToken: String
    public let expiresAt: Date

    public init(accessToken: String, expiresAt: Date) {
        self.accessToken = accessToken
        self.expiresAt = expiresAt
    }
}

/// The account a session belongs to, as the server describes it.
public struct SessionInfo: Sendable, Hashable, Codable {
    public let accountID: String
    public let email: String
    public let tier: Tier
    public let expiresAt: Date

    public init(accountID: String, email: String, tier: Tier, expiresAt: Date) {
        self.accountID = accountID
        self.email = email
        self.tier = tier
        self.expiresAt = expiresAt
    }
}

/// The server's session endpoints. Failures are ``ApiFailure``s (a wrong password is
/// `.unauthorized`).
public protocol SessionAPI: Sendable {
    func logIn(email: String, password: String) async throws -> AccessGrant
    func session() async throws -> SessionInfo
    func logOut() async throws
}

/// The server's read endpoints for Drift. Failures are ``ApiFailure``s; a Pro length on the
/// Free tier is ``DriftError/locked(_:)``.
public protocol DriftRemote: Sendable {
    func weeklyInsights(days: Int) async throws -> WeeklyInsights
    func trends(days: Int) async throws -> [TrendPoint]
    func today() async throws -> Checkin?
}

/// Where the client keeps its login (a 0600 file, a keychain).
public protocol CredentialStore: Sendable {
    func load() async throws -> StoredCredentials?
    func save(_ credentials: StoredCredentials) async throws
    /// Forgets the login; returns whether there was one.
    func clear() async throws -> Bool
}

/// A login as the client keeps it.
public struct StoredCredentials: Sendable, Hashable, Codable {
    public let server: URL
    public let email: String
    public let accessToken: String
    public let expiresAt: Date

    public init(server: URL, email: String, accessToken: String, expiresAt: Date) {
        self.server = server
        self.email = email
        self.accessToken = accessToken
        self.expiresAt = expiresAt
    }
}
