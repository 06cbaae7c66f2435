import Foundation
import WellnessDomain

/// A new session for the right email and password (a server's login). A wrong password and an
/// unknown email both give ``AccountError/invalidCredentials``, after the same time (an unknown
/// email waits as long as a check, see ``PasswordHasher/imitateVerify()``), so neither the
/// answer nor its timing tells them apart. Failed logins back off per email and client
/// (``LoginThrottle``): a client that must wait gets ``AccountError/tooManyAttempts(retryAfter:)``
/// before any password is checked.
public struct StartSession: Sendable {
    let accounts: any AccountRepository
    let hasher: any PasswordHasher
    let tokens: any AccessTokenIssuer
    let time: TimeContext
    /// The failed logins seen, which ``DeleteAccount`` shares.
    public let attempts: LoginAttempts
    /// How long a login holds.
    public let lifetime: TimeInterval

    /// 30 days, unless told otherwise.
    public static let defaultLifetime: TimeInterval = 30 * 24 * 60 * 60

    /// `failedLogins` keeps the failed logins `throttle` counts: in memory for one process, in
    /// a shared store for several.
    public init(accounts: any AccountRepository, hasher: any PasswordHasher, tokens: any AccessTokenIssuer,
                time: TimeContext, lifetime: TimeInterval = Self.defaultLifetime,
                throttle: LoginThrottle.Policy = LoginThrottle.Policy(), failedLogins: any LoginAttemptRepository) {
        self.accounts = accounts
        self.hasher = hasher
        self.tokens = tokens
        self.time = time
        self.lifetime = lifetime
        attempts = LoginAttempts(policy: throttle, store: failedLogins, now: { time.now() })
    }

    /// A password with a control character is refused before any account is looked at
    /// (``AccountError/passwordControlCharacter``): no password can hold one. `client` names
    /// who is asking (the client's IP address on a server) for the throttle. `timeZone`, the
    /// client's (an IANA name), becomes the account's when it differs (a person who travels);
    /// one this system does not know is refused (``AccountError/unknownTimeZone(_:)``) before
    /// the password is looked at. The account returned is in its zone.
    public func execute(email text: String, password: String, client: String = "local",
                        timeZone: String? = nil) async throws -> (grant: AccessGrant, account: Account) {
        try PasswordPolicy.checkCharacters(password)
        if let timeZone { try AccountTimeZone.check(timeZone) }
        let email = try? EmailAddress(text)
        let key = email?.rawValue ?? text.lowercased()
        try await attempts.admit(email: key, address: client)
        let account = if let email { try await accounts.account(email: email) } else { Account?.none }
        let matches: Bool
        if let account {
            matches = await hasher.verify(password, against: account.passwordHash)
        } else {
            await hasher.imitateVerify()
            matches = false
        }
        try await attempts.record(success: matches, email: key, address: client)
        guard matches, let account else { throw AccountError.invalidCredentials }
        let token = tokens.newToken()
        let now = time.now()
        let session = SessionRecord(tokenDigest: tokens.digest(token), accountID: account.id, createdAt: now,
                                    expiresAt: now.addingTimeInterval(lifetime))
        try await accounts.addSession(session)
        // A password changed (or reset) while this one was checked ended the sessions it found,
        // not this one, which came after: read the hash again now that the session is stored.
        guard try await accounts.account(id: account.id)?.passwordHash == account.passwordHash else {
            _ = try await accounts.removeSession(digest: session.tokenDigest)
            throw AccountError.invalidCredentials
        }
        _ = try await accounts.removeSessions(expiredBefore: now)
        var zoned = account
        if let timeZone, timeZone != account.timeZone, try await accounts.setTimeZone(timeZone, of: account.id) {
            zoned = account.with(timeZone: timeZone)
        }
        return (AccessGrant(accessToken: token, expiresAt: session.expiresAt), zoned)
    }
}
