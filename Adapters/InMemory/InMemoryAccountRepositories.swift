import Foundation
import WellnessApplication
import WellnessDomain
import WellnessStoreState

/// Accounts and sessions held in memory.
public actor InMemoryAccountRepository: AccountRepository {
    private var state = AccountDirectoryState()

    public init() {}

    public func add(_ account: Account) -> Bool { state.add(account) }
    public func account(email: EmailAddress) -> Account? { state.accounts.first { $0.email == email } }
    public func account(id: Account.ID) -> Account? { state.accounts.first { $0.id == id } }
    public func all() -> [Account] { state.accounts }
    public func remove(_ id: Account.ID) -> Bool { state.remove(id) }
    public func addSession(_ session: SessionRecord) { state.addSession(session) }
    public func session(digest: String) -> SessionRecord? { state.sessions.first { $0.tokenDigest == digest } }
    public func removeSession(digest: String) -> Bool { state.removeSession(digest: digest) }
    public func removeSessions(expiredBefore instant: Date) -> Int { state.removeSessions(expiredBefore: instant) }
}

/// Idempotency records held in memory.
public actor InMemoryIdempotencyRepository: IdempotencyRepository {
    private var state = IdempotencyState()

    public init() {}

    public func record(account: Account.ID, key: String) -> IdempotencyRecord? { state.record(account: account, key: key) }
    public func save(_ record: IdempotencyRecord) -> Bool { state.save(record) }
    public func removeRecords(createdBefore instant: Date) -> Int { state.removeRecords(createdBefore: instant) }
}

/// A login kept in memory only (tests, previews).
public actor InMemoryCredentialStore: CredentialStore {
    private var stored: StoredCredentials?

    public init(_ stored: StoredCredentials? = nil) { self.stored = stored }

    public func load() -> StoredCredentials? { stored }
    public func save(_ credentials: StoredCredentials) { stored = credentials }

    public func clear() -> Bool {
        defer { stored = nil }
        return stored != nil
    }
}
