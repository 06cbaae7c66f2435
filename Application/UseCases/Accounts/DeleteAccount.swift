import WellnessDomain

/// Deletes an account and its sessions at its owner's request (a server's `DELETE
/// /api/account`): only with the account's password, checked as a login checks it. Its data is
/// the caller's to delete, after this returns. Returns the account deleted.
public struct DeleteAccount: Sendable {
    let accounts: any AccountRepository
    let hasher: any PasswordHasher

    public init(accounts: any AccountRepository, hasher: any PasswordHasher) {
        self.accounts = accounts
        self.hasher = hasher
    }

    /// Throws ``AccountError/invalidCredentials`` for a wrong password and
    /// ``AccountError/noSuchAccount(_:)`` when the account is gone already.
    @discardableResult
    public func execute(_ id: Account.ID, password: String) async throws -> Account {
        try PasswordPolicy.checkCharacters(password)
        guard let account = try await accounts.account(id: id) else { throw AccountError.noSuchAccount(id.description) }
        guard await hasher.verify(password, against: account.passwordHash) else { throw AccountError.invalidCredentials }
        guard try await accounts.remove(id) else { throw AccountError.noSuchAccount(id.description) }
        return account
    }
}
