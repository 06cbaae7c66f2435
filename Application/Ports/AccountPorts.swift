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

/// The first answers to idempotent check-in submissions, by account and key.
public protocol IdempotencyRepository: Sendable {
    func record(account: Account.ID, key: String) async throws -> IdempotencyRecord?
    /// Stores `record` unless one exists for its account and key; returns whether it was stored.
    func save(_ record: IdempotencyRecord) async throws -> Bool
    /// Forgets records created before `instant`; returns how many.
    func removeRecords(createdBefore instant: Date) async throws -> Int
}

/// A slow, salted password hash (bcrypt on the server).
public protocol PasswordHasher: Sendable {
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash`; false for a malformed hash.
    func verify(_ password: String, against hash: String) async -> Bool
    /// A hash of a random secret, as costly to verify as a real one: what a login for an
    /// unknown email is checked against, so its timing matches a wrong password's.
    var unknownAccountHash: String { get }
}

/// Bearer tokens: new random ones (at least 128 bits) and the digest the server stores
/// instead of the token.
public protocol AccessTokenIssuer: Sendable {
    func newToken() -> String
    func digest(_ token: String) -> String
}

/// The accounts and sessions as a value: what the in-memory and JSON-file stores keep (one
/// implementation of the rules for both).
public struct AccountDirectoryState: Sendable, Equatable, Codable {
    public private(set) var accounts: [Account] = []
    public private(set) var sessions: [SessionRecord] = []

    public init() {}

    public mutating func add(_ account: Account) -> Bool {
        guard !accounts.contains(where: { $0.email == account.email || $0.id == account.id }) else { return false }
        accounts.append(account)
        accounts.sort { $0.email < $1.email }
        return true
    }

    public mutating func remove(_ id: Account.ID) -> Bool {
        guard let index = accounts.firstIndex(where: { $0.id == id }) else { return false }
        accounts.remove(at: index)
        sessions.removeAll { $0.accountID == id }
        return true
    }

    public mutating func addSession(_ session: SessionRecord) {
        sessions.removeAll { $0.tokenDigest == session.tokenDigest }
        sessions.append(session)
    }

    public mutating func removeSession(digest: String) -> Bool {
        let before = sessions.count
        sessions.removeAll { $0.tokenDigest == digest }
        return sessions.count < before
    }

    public mutating func removeSessions(expiredBefore instant: Date) -> Int {
        let before = sessions.count
        sessions.removeAll { $0.expiresAt < instant }
        return before - sessions.count
    }
}

/// The idempotency records as a value (in-memory and JSON-file stores).
public struct IdempotencyState: Sendable, Equatable, Codable {
    public private(set) var records: [IdempotencyRecord] = []

    public init() {}

    public func record(account: Account.ID, key: String) -> IdempotencyRecord? {
        records.first { $0.accountID == account && $0.key == key }
    }

    public mutating func save(_ record: IdempotencyRecord) -> Bool {
        guard self.record(account: record.accountID, key: record.key) == nil else { return false }
        records.append(record)
        return true
    }

    public mutating func removeRecords(createdBefore instant: Date) -> Int {
        let before = records.count
        records.removeAll { $0.createdAt < instant }
        return before - records.count
    }
}
