import WellnessDomain

/// Changes an account's password at its owner's request (a server's `POST /api/auth/password`):
/// only with the current password, checked as a login checks it and counted by the same
/// throttle (``StartSession/attempts``), so a stolen token cannot be used to guess the password
/// faster than a login could. The new password meets ``PasswordPolicy``, as at sign-up. Every
/// other session of the account ends with the change; the caller's stays.
public struct ChangePassword: Sendable {
    let accounts: any AccountRepository
    let hasher: any PasswordHasher
    let tokens: any AccessTokenIssuer
    let attempts: LoginAttempts

    /// `attempts`: the logins' (``StartSession/attempts``), so that failures of either count
    /// for both; `tokens` gives the digest of the session that stays.
    public init(accounts: any AccountRepository, hasher: any PasswordHasher, tokens: any AccessTokenIssuer,
                attempts: LoginAttempts) {
        self.accounts = accounts
        self.hasher = hasher
        self.tokens = tokens
        self.attempts = attempts
    }

    /// Changes the password of the account `id`, keeping the session of `token` (the caller's).
    ///
    /// The new password is judged first: ``AccountError/passwordTooShort(minimum:)``,
    /// ``AccountError/passwordTooLong(maximumBytes:)`` or ``AccountError/passwordControlCharacter``
    /// are about it, before anything is counted. Then ``AccountError/tooManyAttempts(retryAfter:)``
    /// when `client` (who is asking, the client's IP address on a server) or the account must
    /// wait after failed passwords, ``AccountError/invalidCredentials`` for a wrong current
    /// password (one with a control character is never right), and
    /// ``AccountError/noSuchAccount(_:)`` when the account is gone.
    public func execute(_ id: Account.ID, current: String, new: String, keepingSessionOf token: String,
                        client: String = "local") async throws {
        try PasswordPolicy.check(new)
        guard let account = try await accounts.account(id: id) else { throw AccountError.noSuchAccount(id.description) }
        let key = account.email.rawValue
        try await attempts.admit(email: key, address: client)
        let matches = if (try? PasswordPolicy.checkCharacters(current)) != nil {
            await hasher.verify(current, against: account.passwordHash)
        } else {
            false
        }
        try await attempts.record(success: matches, email: key, address: client)
        guard matches else { throw AccountError.invalidCredentials }
        let hash = try await hasher.hash(new)
        guard try await accounts.setPasswordHash(hash, of: id, keepingSession: tokens.digest(token)) else {
            throw AccountError.noSuchAccount(id.description)
        }
    }
}
