import Foundation
import WellnessDomain

/// A login as the client keeps it.
public struct StoredCredentials: Sendable, Hashable, Codable {
    /// The server logged in to.
    public let server: URL
    /// The email logged in with.
    public let email: String
    /// The bearer token the server gave.
    public let accessToken: String
    /// When the token stops being accepted.
    public let expiresAt: Date

    /// A login to `server` as `email`, with its token and when it expires.
    public init(server: URL, email: String, accessToken: String, expiresAt: Date) {
        self.server = server
        self.email = email
        self.accessToken = accessToken
        self.expiresAt = expiresAt
    }
}
