import WellnessDomain

/// Removes an account (found by email or id) and its sessions; its data is the caller's to
/// delete. Returns the account removed.
public struct RemoveAccount: Sendable {
    let accounts: any AccountRepository

    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    @discardableResult
    public func execute(_ reference: String) async throws -> Account {
        let account = try await FindAccount(accounts: accounts).execute(reference)
        guard try await accounts.remove(account.id) else { throw AccountError.noSuchAccount(reference) }
        return account
    }
}
