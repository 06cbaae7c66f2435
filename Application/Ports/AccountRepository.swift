import Foundation
import WellnessDomain

/// The server's accounts and their login sessions.
public protocol AccountRepository: Sendable {
    /// Adds `account` unless its email is taken; returns whether it was added.
    func add(_ account: Account) async throws -> Bool
    func account(email: EmailAddress) async throws -> Account?
    func account(id: Account.ID) async throws -> Account?
    /// Every account, by email.
    func all() async throws -> [Account]
    /// Removes the account and every session of it; returns whether it existed.
    func remove(_ id: Account.ID) async throws -> Bool

    /// Stores a new session (its token digest is unique).
    func addSession(_ session: SessionRecord) async throws
    /// The session with this token digest, expired or not.
    func session(digest: String) async throws -> SessionRecord?
    /// Ends a session; returns whether it existed.
    func removeSession(digest: String) async throws -> Bool
    /// Forgets sessions that expired before `instant`; returns how many.
    func removeSessions(expiredBefore instant: Date) async throws -> Int
}
