import Foundation
import WellnessDomain

/// The server's accounts: adding, listing and removing them (`wellness users`), logging in
/// and out, and turning a bearer token into its account.
public struct ManageAccounts: Sendable {
    let accounts: any AccountRepository
    let hasher: any PasswordHasher
    let tokens: any AccessTokenIssuer
    let time: TimeContext
    /// How long a login holds.
    public let sessionLifetime: TimeInterval

    /// 30 days, unless told otherwise.
    public static let defaultSessionLifetime: TimeInterval = 30 * 24 * 60 * 60

    public init(accounts: any AccountRepository, hasher: any PasswordHasher, tokens: any AccessTokenIssuer,
                time: TimeContext, sessionLifetime: TimeInterval = Self.defaultSessionLifetime) {
        self.accounts = accounts
        self.hasher = hasher
        self.tokens = tokens
        self.time = time
        self.sessionLifetime = sessionLifetime
    }

    /// Creates an account; the password must meet ``PasswordPolicy``.
    public func add(email text: String, password: String) async throws -> Account {
        let email = try EmailAddress(text)
        try PasswordPolicy.check(password)
        guard try await accounts.account(email: email) == nil else { throw AccountError.emailTaken(email) }
        let account = Account(email: email, passwordHash: try await hasher.hash(password), createdAt: time.now())
        guard try await accounts.add(account) else { throw AccountError.emailTaken(email) }
        return account
    }

    public func list() async throws -> [Account] { try await accounts.all() }

    /// The account with this email or id.
    public func find(_ reference: String) async throws -> Account {
        if let id = UUID(uuidString: reference.trimmingCharacters(in: .whitespaces)),
           let account = try await accounts.account(id: Account.ID(id)) {
            return account
        }
        if let email = try? EmailAddress(reference), let account = try await accounts.account(email: email) {
            return account
        }
        throw AccountError.noSuchAccount(reference)
    }

    /// Removes an account and its sessions (its data folder is the caller's to delete).
    @discardableResult
    public func remove(_ reference: String) async throws -> Account {
        let account = try await find(reference)
        guard try await accounts.remove(account.id) else { throw AccountError.noSuchAccount(reference) }
        return account
    }

    /// A new session for the right email and password. A wrong password and an unknown email
    /// both give ``AccountError/invalidCredentials``, after the same work (an unknown email is
    /// checked against a dummy hash), so neither the answer nor its timing tells them apart.
    public func logIn(email text: String, password: String) async throws -> (grant: AccessGrant, account: Account) {
        let email = try? EmailAddress(text)
        let account = if let email { try await accounts.account(email: email) } else { Account?.none }
        let matches = await hasher.verify(password, against: account?.passwordHash ?? hasher.unknownAccountHash)
        guard matches, let account else { throw AccountError.invalidCredentials }
        let token = tokens.newToken()
        let now = time.now()
        let session = SessionRecord(tokenDigest: tokens.digest(token), accountID: account.id, createdAt: now,
                                    expiresAt: now.addingTimeInterval(sessionLifetime))
        try await accounts.addSession(session)
        _ = try await accounts.removeSessions(expiredBefore: now)
        return (AccessGrant(accessToken: token, expiresAt: session.expiresAt), account)
    }

    /// The account and session of a bearer token; ``AccountError/notAuthenticated`` when it is
    /// unknown, revoked or expired, or its account is gone.
    public func authenticate(_ token: String) async throws -> (account: Account, session: SessionRecord) {
        guard !token.isEmpty, let session = try await accounts.session(digest: tokens.digest(token)),
              session.isValid(at: time.now()), let account = try await accounts.account(id: session.accountID)
        else { throw AccountError.notAuthenticated }
        return (account, session)
    }

    /// Revokes the token's session; returns whether there was one.
    @discardableResult
    public func logOut(_ token: String) async throws -> Bool {
        try await accounts.removeSession(digest: tokens.digest(token))
    }
}
