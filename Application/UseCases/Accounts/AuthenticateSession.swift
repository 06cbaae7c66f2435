import WellnessDomain

/// The account and session of a bearer token; ``AccountError/notAuthenticated`` when the token
/// is unknown, revoked or expired, or its account is gone.
public struct AuthenticateSession: Sendable {
    let accounts: any AccountRepository
    let tokens: any AccessTokenIssuer
    let time: TimeContext

    public init(accounts: any AccountRepository, tokens: any AccessTokenIssuer, time: TimeContext) {
        self.accounts = accounts
        self.tokens = tokens
        self.time = time
    }

    public func execute(_ token: String) async throws -> (account: Account, session: SessionRecord) {
        guard !token.isEmpty, let session = try await accounts.session(digest: tokens.digest(token)),
              session.isValid(at: time.now()), let account = try await accounts.account(id: session.accountID)
        else { throw AccountError.notAuthenticated }
        return (account, session)
    }
}
