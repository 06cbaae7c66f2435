import Foundation
import WellnessDomain

/// Creates a server account; the email must be new and the password meet ``PasswordPolicy``.
public struct AddAccount: Sendable {
    let accounts: any AccountRepository
    let hasher: any PasswordHasher
    let time: TimeContext

    /// A use case on `accounts`, hashing passwords with `hasher`, with now from `time`.
    public init(accounts: any AccountRepository, hasher: any PasswordHasher, time: TimeContext) {
        self.accounts = accounts
        self.hasher = hasher
        self.time = time
    }

    /// The new account, created now, in `timeZone` (an IANA name; `nil`: the server's until a
    /// client says its own). Throws `AccountError` for an invalid email, a password that breaks
    /// `PasswordPolicy`, a zone this system does not know, and an email an account has already
    /// (`emailTaken`).
    public func execute(email text: String, password: String, timeZone: String? = nil) async throws -> Account {
        let email = try EmailAddress(text)
        try PasswordPolicy.check(password)
        if let timeZone { try AccountTimeZone.check(timeZone) }
        guard try await accounts.account(email: email) == nil else { throw AccountError.emailTaken(email) }
        let account = Account(email: email, passwordHash: try await hasher.hash(password), createdAt: time.now(),
                              timeZone: timeZone)
        guard try await accounts.add(account) else { throw AccountError.emailTaken(email) }
        return account
    }
}
