import WellnessDomain

/// Sets an account's password for its owner, as whoever runs the server (`wellness users
/// passwd`): no current password is asked, the new one meets ``PasswordPolicy`` as at sign-up,
/// and every session of the account ends, so whoever held a token must log in with the new
/// password. Returns the account.
public struct ResetPassword: Sendable {
    let accounts: any AccountRepository
    let hasher: any PasswordHasher

    /// A use case on `accounts`, hashing passwords with `hasher`.
    public init(accounts: any AccountRepository, hasher: any PasswordHasher) {
        self.accounts = accounts
        self.hasher = hasher
    }

    /// Sets the password of the account `reference` names (an id or email, as ``FindAccount``
    /// finds it). Throws `AccountError` for a password that breaks `PasswordPolicy` (judged
    /// before the account is looked up) and `noSuchAccount` when there is none.
    @discardableResult
    public func execute(_ reference: String, password: String) async throws -> Account {
        try PasswordPolicy.check(password)
        let account = try await FindAccount(accounts: accounts).execute(reference)
        let hash = try await hasher.hash(password)
        guard try await accounts.setPasswordHash(hash, of: account.id, keepingSession: nil) else {
            throw AccountError.noSuchAccount(reference)
        }
        return account
    }
}
