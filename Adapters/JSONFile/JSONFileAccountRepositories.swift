import Foundation
import WellnessApplication
import WellnessDomain
import WellnessStoreState

/// Accounts and their sessions in `accounts.json`; every change is one locked
/// read-modify-write.
public struct JSONFileAccountRepository: AccountRepository {
    private let store: JSONFileStore
    static let collection = "accounts"

    /// Keeps its data in `store`'s `accounts.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    private func state() async throws -> AccountDirectoryState {
        try await store.read(Self.collection, as: AccountDirectoryState.self) ?? AccountDirectoryState()
    }

    private func change<Result: Sendable>(_ body: @Sendable (inout AccountDirectoryState) -> Result) async throws -> Result {
        try await store.update(Self.collection, as: AccountDirectoryState.self) { stored in
            var state = stored ?? AccountDirectoryState()
            let result = body(&state)
            stored = state
            return result
        }
    }

    public func add(_ account: Account) async throws -> Bool { try await change { $0.add(account) } }
    public func account(email: EmailAddress) async throws -> Account? { try await state().accounts.first { $0.email == email } }
    public func account(id: Account.ID) async throws -> Account? { try await state().accounts.first { $0.id == id } }
    public func all() async throws -> [Account] { try await state().accounts }
    public func remove(_ id: Account.ID) async throws -> Bool { try await change { $0.remove(id) } }
    public func addSession(_ session: SessionRecord) async throws { try await change { $0.addSession(session) } }
    public func session(digest: String) async throws -> SessionRecord? { try await state().sessions.first { $0.tokenDigest == digest } }
    public func removeSession(digest: String) async throws -> Bool { try await change { $0.removeSession(digest: digest) } }

    public func removeSessions(of id: Account.ID) async throws -> Int { try await change { $0.removeSessions(of: id) } }

    public func setPasswordHash(_ hash: String, of id: Account.ID, keepingSession keptSession: String?) async throws -> Bool {
        try await change { $0.setPasswordHash(hash, of: id, keepingSession: keptSession) }
    }

    public func setTimeZone(_ identifier: String?, of id: Account.ID) async throws -> Bool {
        try await change { $0.setTimeZone(identifier, of: id) }
    }

    public func removeSessions(expiredBefore instant: Date) async throws -> Int {
        // Read first: most calls find nothing to remove and need not rewrite the file.
        guard try await state().sessions.contains(where: { $0.expiresAt < instant }) else { return 0 }
        return try await change { $0.removeSessions(expiredBefore: instant) }
    }
}

/// Idempotency records in `idempotency.json`, beside the check-ins in `checkins.json` of the
/// same store: a submission writes both files in one transaction of the store.
public struct JSONFileIdempotencyRepository: IdempotencyRepository {
    private let store: JSONFileStore
    static let collection = "idempotency"

    /// Keeps its data in `store`'s `idempotency.json` and `checkins.json`. Its methods throw
    /// `JSONFileStoreError` or `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    private func state() async throws -> IdempotencyState {
        try await store.read(Self.collection, as: IdempotencyState.self) ?? IdempotencyState()
    }

    public func record(account: Account.ID, key: String) async throws -> IdempotencyRecord? {
        try await state().record(account: account, key: key)
    }

    public func submit(_ checkin: Checkin, account: Account.ID, key: String, replacing: Bool, at now: Date) async throws
        -> (record: IdempotencyRecord, replayed: Bool) {
        try await store.transaction { transaction in
            var state = try transaction.read(Self.collection, as: IdempotencyState.self) ?? IdempotencyState()
            var checkins = try transaction.read(JSONFileCheckinRepository.collection, as: [Checkin].self) ?? []
            var saved = false
            let answer = state.submit(checkin, account: account, key: key, at: now) { checkin in
                saved = JSONFileCheckinRepository.save(checkin, replacing: replacing, in: &checkins)
                return saved
            }
            guard !answer.replayed else { return answer }
            if saved { try transaction.write(JSONFileCheckinRepository.collection, checkins) }
            try transaction.write(Self.collection, state)
            return answer
        }
    }

    public func removeRecords(createdBefore instant: Date) async throws -> Int {
        guard try await state().records.contains(where: { $0.createdAt < instant }) else { return 0 }
        return try await store.update(Self.collection, as: IdempotencyState.self) { stored in
            var state = stored ?? IdempotencyState()
            defer { stored = state }
            return state.removeRecords(createdBefore: instant)
        }
    }
}

/// The client's login in `session.json` (0600, like every file of the store).
public struct JSONFileCredentialStore: CredentialStore {
    private let store: JSONFileStore
    static let collection = "session"

    /// Keeps its data in `store`'s `session.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func load() async throws -> StoredCredentials? { try await store.read(Self.collection, as: StoredCredentials.self) }

    public func save(_ credentials: StoredCredentials) async throws {
        try await store.update(Self.collection, as: StoredCredentials.self) { $0 = credentials }
    }

    public func clear() async throws -> Bool {
        try await store.update(Self.collection, as: StoredCredentials.self) { stored in
            defer { stored = nil }
            return stored != nil
        }
    }
}
