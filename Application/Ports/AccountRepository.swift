import Foundation
import WellnessDomain

/// The server's accounts and their login sessions.
public protocol AccountRepository: Sendable {
    /// Adds `account` unless its email is taken; returns whether it was added.
    func add(_ account: Account) async throws -> Bool
    /// The account with this email (normalised, so case does not matter); `nil` when there is none.
    func account(email: EmailAddress) async throws -> Account?
    /// The account with this id; `nil` when there is none.
    func account(id: Account.ID) async throws -> Account?
    /// Every account, by email.
    func all() async throws -> [Account]
    /// Removes the account and every session of it; returns whether it existed.
    func remove(_ id: Account.ID) async throws -> Bool

    /// Stores a new session (its token digest is unique).
    func addSession(_ session: SessionRecord) async throws
    /// The session with this token digest, expired or not.
    func session(digest: String) async throws -> SessionRecord?
    /// The session with this token digest, expired or not, and its account, read together
    /// (what every authenticated request needs; a store answers it in one read); `nil` when
    /// there is no such session or its account is gone. The default reads ``session(digest:)``
    /// and then ``account(id:)``.
    func sessionWithAccount(digest: String) async throws -> (session: SessionRecord, account: Account)?
    /// Ends a session; returns whether it existed.
    func removeSession(digest: String) async throws -> Bool
    /// Forgets sessions that expired before `instant`; returns how many.
    func removeSessions(expiredBefore instant: Date) async throws -> Int
    /// Ends every session of the account (logging out everywhere); returns how many there were.
    func removeSessions(of id: Account.ID) async throws -> Int
    /// Replaces the account's password hash and ends every session of it but the one whose
    /// token digest is `keptSession` (every one when `nil`), in one step: no session of the old
    /// password outlives the change. Returns false, changing nothing, when there is no such account.
    func setPasswordHash(_ hash: String, of id: Account.ID, keepingSession keptSession: String?) async throws -> Bool
    /// Sets the account's time zone (an identifier ``AccountTimeZone/check(_:)`` accepted, or
    /// `nil` for the server's); returns false, changing nothing, when there is no such account.
    func setTimeZone(_ identifier: String?, of id: Account.ID) async throws -> Bool
}

extension AccountRepository {
    /// Reads `session(digest:)`, then `account(id:)` of the session's account.
    public func sessionWithAccount(digest: String) async throws -> (session: SessionRecord, account: Account)? {
        guard let session = try await session(digest: digest), let account = try await account(id: session.accountID)
        else { return nil }
        return (session, account)
    }
}
