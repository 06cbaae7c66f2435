import WellnessDomain

/// Revokes a bearer token's session (a server's logout); returns whether there was one.
public struct EndSession: Sendable {
    let accounts: any AccountRepository
    let tokens: any AccessTokenIssuer

    /// A use case on `accounts`, finding sessions by the digest `tokens` gives.
    public init(accounts: any AccountRepository, tokens: any AccessTokenIssuer) {
        self.accounts = accounts
        self.tokens = tokens
    }

    /// Removes the session of `token`; returns whether there was one.
    @discardableResult
    public func execute(_ token: String) async throws -> Bool {
        try await accounts.removeSession(digest: tokens.digest(token))
    }
}
