import Foundation
import WellnessDomain

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
