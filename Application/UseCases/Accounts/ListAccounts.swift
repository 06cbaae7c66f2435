import WellnessDomain

/// Every server account, by email.
public struct ListAccounts: Sendable {
    let accounts: any AccountRepository

    /// A use case on `accounts`.
    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    /// Every account, by email.
    public func execute() async throws -> [Account] {
        try await accounts.all()
    }
}
