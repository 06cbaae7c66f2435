import WellnessDomain

/// The account and session of a bearer token; ``AccountError/notAuthenticated`` when the token
/// is unknown, revoked or expired, or its account is gone.
public struct AuthenticateSession: Sendable {
    let accounts: any AccountRepository
    let tokens: any AccessTokenIssuer
    let time: TimeContext

    /// A use case on `accounts`, finding sessions by the digest `tokens` gives, with now from `time`.
    public init(accounts: any AccountRepository, tokens: any AccessTokenIssuer, time: TimeContext) {
        self.accounts = accounts
        self.tokens = tokens
        self.time = time
    }

    /// The account and session of `token`, as the type describes; an empty token is
    /// `AccountError.notAuthenticated` too.
    public func execute(_ token: String) async throws -> (account: Account, session: SessionRecord) {
        guard !token.isEmpty, let found = try await accounts.sessionWithAccount(digest: tokens.digest(token)),
              found.session.isValid(at: time.now())
        else { throw AccountError.notAuthenticated }
        return (found.account, found.session)
    }
}
