import WellnessDomain

/// Every server account, by email.
public struct ListAccounts: Sendable {
    let accounts: any AccountRepository

    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    public func execute() async throws -> [Account] {
        try await accounts.all()
    }
}
