import Foundation
import WellnessApplication
import WellnessDomain

/// The accounts and sessions as a value: what the in-memory and JSON-file stores keep (one
/// implementation of the rules for both).
public struct AccountDirectoryState: Sendable, Equatable, Codable {
    /// Sorted by email.
    public private(set) var accounts: [Account] = []
    /// In the order they were added.
    public private(set) var sessions: [SessionRecord] = []

    /// No accounts and no sessions.
    public init() {}

    /// Adds `account`, keeping `accounts` sorted by email; false when an account with its email or id exists.
    public mutating func add(_ account: Account) -> Bool {
        guard !accounts.contains(where: { $0.email == account.email || $0.id == account.id }) else { return false }
        accounts.append(account)
        accounts.sort { $0.email < $1.email }
        return true
    }

    /// Removes the account and its sessions; false when there is no such account.
    public mutating func remove(_ id: Account.ID) -> Bool {
        guard let index = accounts.firstIndex(where: { $0.id == id }) else { return false }
        accounts.remove(at: index)
        sessions.removeAll { $0.accountID == id }
        return true
    }

    /// Adds `session`, replacing any with the same token digest.
    public mutating func addSession(_ session: SessionRecord) {
        sessions.removeAll { $0.tokenDigest == session.tokenDigest }
        sessions.append(session)
    }

    /// Removes the session with this token digest; false when there was none.
    public mutating func removeSession(digest: String) -> Bool {
        let before = sessions.count
        sessions.removeAll { $0.tokenDigest == digest }
        return sessions.count < before
    }

    /// Removes every session of the account `id`; returns how many.
    public mutating func removeSessions(of id: Account.ID) -> Int {
        let before = sessions.count
        sessions.removeAll { $0.accountID == id }
        return before - sessions.count
    }

    /// Replaces the account's password hash and removes its sessions but the one with the digest
    /// `keptSession` (all of them when `nil`); false, changing nothing, when there is no such account.
    public mutating func setPasswordHash(_ hash: String, of id: Account.ID, keepingSession keptSession: String?) -> Bool {
        guard let index = accounts.firstIndex(where: { $0.id == id }) else { return false }
        accounts[index] = accounts[index].with(passwordHash: hash)
        sessions.removeAll { $0.accountID == id && $0.tokenDigest != keptSession }
        return true
    }

    /// Sets the account's time zone; false, changing nothing, when there is no such account.
    public mutating func setTimeZone(_ identifier: String?, of id: Account.ID) -> Bool {
        guard let index = accounts.firstIndex(where: { $0.id == id }) else { return false }
        accounts[index] = accounts[index].with(timeZone: identifier)
        return true
    }

    /// Removes the sessions that expired before `instant`; returns how many.
    public mutating func removeSessions(expiredBefore instant: Date) -> Int {
        let before = sessions.count
        sessions.removeAll { $0.expiresAt < instant }
        return before - sessions.count
    }
}
