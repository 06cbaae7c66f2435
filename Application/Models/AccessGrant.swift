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
