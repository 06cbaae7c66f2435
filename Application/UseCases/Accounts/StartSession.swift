import Foundation
import WellnessDomain

/// A new session for the right email and password (a server's login). A wrong password and an
/// unknown email both give ``AccountError/invalidCredentials``, after the same work (an unknown
/// email is checked against a dummy hash), so neither the answer nor its timing tells them apart.
public struct StartSession: Sendable {
    let accounts: any AccountRepository
    let hasher: any PasswordHasher
    let tokens: any AccessTokenIssuer
    let time: TimeContext
    /// How long a login holds.
    public let lifetime: TimeInterval

    /// 30 days, unless told otherwise.
    public static let defaultLifetime: TimeInterval = 30 * 24 * 60 * 60

    public init(accounts: any AccountRepository, hasher: any PasswordHasher, tokens: any AccessTokenIssuer,
                time: TimeContext, lifetime: TimeInterval = Self.defaultLifetime) {
        self.accounts = accounts
        self.hasher = hasher
        self.tokens = tokens
        self.time = time
        self.lifetime = lifetime
    }

    /// A password with a control character is refused before any account is looked at
    /// (``AccountError/passwordControlCharacter``): no password can hold one.
    public func execute(email text: String, password: String) async throws -> (grant: AccessGrant, account: Account) {
        try PasswordPolicy.checkCharacters(password)
        let email = try? EmailAddress(text)
        let account = if let email { try await accounts.account(email: email) } else { Account?.none }
        let matches = await hasher.verify(password, against: account?.passwordHash ?? hasher.unknownAccountHash)
        guard matches, let account else { throw AccountError.invalidCredentials }
        let token = tokens.newToken()
        let now = time.now()
        let session = SessionRecord(tokenDigest: tokens.digest(token), accountID: account.id, createdAt: now,
                                    expiresAt: now.addingTimeInterval(lifetime))
        try await accounts.addSession(session)
        _ = try await accounts.removeSessions(expiredBefore: now)
        return (AccessGrant(accessToken: token, expiresAt: session.expiresAt), account)
    }
}
