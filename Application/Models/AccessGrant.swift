import Foundation
import WellnessDomain

/// What a login gives: the bearer token and until when it holds.
public struct AccessGrant: Sendable, Hashable, Codable {
    /// The bearer token to send with each request.
    public let accessToken: String
    /// When the token stops being accepted.
    public let expiresAt: Date

    /// A grant of `accessToken`, valid until `expiresAt`.
    public init(accessToken: String, expiresAt: Date) {
        self.accessToken = accessToken
        self.expiresAt = expiresAt
    }
}
