import Foundation
import WellnessDomain

/// The account with an email or id, or ``AccountError/noSuchAccount(_:)``.
public struct FindAccount: Sendable {
    let accounts: any AccountRepository

    /// A use case on `accounts`.
    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    /// The account whose id (a UUID, tried first) or email is `reference`; throws
    /// `AccountError.noSuchAccount` when there is none.
    public func execute(_ reference: String) async throws -> Account {
        if let id = UUID(uuidString: reference.trimmingCharacters(in: .whitespaces)),
           let account = try await accounts.account(id: Account.ID(id)) {
            return account
        }
        if let email = try? EmailAddress(reference), let account = try await accounts.account(email: email) {
            return account
        }
        throw AccountError.noSuchAccount(reference)
    }
}
