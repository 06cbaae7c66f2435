import WellnessDomain

/// Deletes an account and its sessions at its owner's request (a server's `DELETE
/// /api/account`): only with the account's password, checked as a login checks it and counted
/// by the same throttle (``StartSession/attempts``), so a stolen token cannot be used to guess
/// the password faster than a login could. Its data is the caller's to delete, after this
/// returns. Returns the account deleted.
public struct DeleteAccount: Sendable {
    let accounts: any AccountRepository
    let hasher: any PasswordHasher
    let attempts: LoginAttempts

    /// `attempts`: the logins' (``StartSession/attempts``), so that failures of either count
    /// for both.
    public init(accounts: any AccountRepository, hasher: any PasswordHasher, attempts: LoginAttempts) {
        self.accounts = accounts
        self.hasher = hasher
        self.attempts = attempts
    }

    /// Throws ``AccountError/invalidCredentials`` for a wrong password,
    /// ``AccountError/tooManyAttempts(retryAfter:)`` when `client` (who is asking, the client's
    /// IP address on a server) or the account must wait after failed passwords, and
    /// ``AccountError/noSuchAccount(_:)`` when the account is gone already.
    @discardableResult
    public func execute(_ id: Account.ID, password: String, client: String = "local") async throws -> Account {
        try PasswordPolicy.checkCharacters(password)
        guard let account = try await accounts.account(id: id) else { throw AccountError.noSuchAccount(id.description) }
        let key = account.email.rawValue
        try await attempts.admit(email: key, address: client)
        let matches = await hasher.verify(password, against: account.passwordHash)
        try await attempts.record(success: matches, email: key, address: client)
        guard matches else { throw AccountError.invalidCredentials }
        guard try await accounts.remove(id) else { throw AccountError.noSuchAccount(id.description) }
        return account
    }
}
