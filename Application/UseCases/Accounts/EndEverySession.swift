import WellnessDomain

/// Ends every session of an account (a server's `POST /api/auth/logout-all`): each of its
/// tokens, the caller's too, is refused from then on by every process on the store, which keeps
/// the sessions. Returns how many ended.
public struct EndEverySession: Sendable {
    let accounts: any AccountRepository

    /// A use case on `accounts`.
    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    /// Ends the sessions of the account `id`; returns how many there were.
    @discardableResult
    public func execute(_ id: Account.ID) async throws -> Int {
        try await accounts.removeSessions(of: id)
    }
}
