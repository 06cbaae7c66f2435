import WellnessDomain

/// Removes an account (found by email or id) and its sessions; its data is the caller's to
/// delete. Returns the account removed.
public struct RemoveAccount: Sendable {
    let accounts: any AccountRepository

    /// A use case on `accounts`.
    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    /// Removes the account `reference` names (an id or email, as `FindAccount` finds it) and returns it;
    /// throws `AccountError.noSuchAccount` when there is none or it is gone by the time it is removed.
    @discardableResult
    public func execute(_ reference: String) async throws -> Account {
        let account = try await FindAccount(accounts: accounts).execute(reference)
        guard try await accounts.remove(account.id) else { throw AccountError.noSuchAccount(reference) }
        return account
    }
}
