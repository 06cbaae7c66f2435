import Foundation
import WellnessDomain

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
