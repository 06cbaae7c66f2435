import Foundation
import WellnessDomain

/// The account a session belongs to, as the server describes it.
public struct SessionInfo: Sendable, Hashable, Codable {
    /// The id of the account.
    public let accountID: String
    /// The account's email address.
    public let email: String
    /// The account's tier.
    public let tier: Tier
    /// When the session ends.
    public let expiresAt: Date

    /// The session of account `accountID` (`email`, on `tier`), valid until `expiresAt`.
    public init(accountID: String, email: String, tier: Tier, expiresAt: Date) {
        self.accountID = accountID
        self.email = email
        self.tier = tier
        self.expiresAt = expiresAt
    }
}
