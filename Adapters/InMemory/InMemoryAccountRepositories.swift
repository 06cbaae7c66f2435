import Foundation
import WellnessApplication
import WellnessDomain
import WellnessStoreState

/// Accounts and sessions held in memory.
public actor InMemoryAccountRepository: AccountRepository {
    private var state = AccountDirectoryState()

    /// No accounts and no sessions.
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
    public func removeSessions(of id: Account.ID) -> Int { state.removeSessions(of: id) }

    public func setPasswordHash(_ hash: String, of id: Account.ID, keepingSession keptSession: String?) -> Bool {
        state.setPasswordHash(hash, of: id, keepingSession: keptSession)
    }

    public func setTimeZone(_ identifier: String?, of id: Account.ID) -> Bool {
        state.setTimeZone(identifier, of: id)
    }
}

/// Idempotency records held in memory, beside the check-ins of `checkins`: that actor keeps
/// both, so a submission is one step of it.
public struct InMemoryIdempotencyRepository: IdempotencyRepository {
    /// The check-ins; this actor keeps the records too.
    public let checkins: InMemoryCheckinRepository

    /// Records kept by `checkins`, beside its check-ins.
    public init(checkins: InMemoryCheckinRepository) {
        self.checkins = checkins
    }

    public func record(account: Account.ID, key: String) async -> IdempotencyRecord? {
        await checkins.record(account: account, key: key)
    }

    public func submit(_ checkin: Checkin, account: Account.ID, key: String, replacing: Bool, at now: Date) async
        -> (record: IdempotencyRecord, replayed: Bool) {
        await checkins.submit(checkin, account: account, key: key, replacing: replacing, at: now)
    }

    public func removeRecords(createdBefore instant: Date) async -> Int {
        await checkins.removeRecords(createdBefore: instant)
    }
}

/// A login kept in memory only (tests, previews).
public actor InMemoryCredentialStore: CredentialStore {
    private var stored: StoredCredentials?

    /// Holding `stored`, if given.
    public init(_ stored: StoredCredentials? = nil) { self.stored = stored }

    public func load() -> StoredCredentials? { stored }
    public func save(_ credentials: StoredCredentials) { stored = credentials }

    public func clear() -> Bool {
        defer { stored = nil }
        return stored != nil
    }
}

/// The failed logins of one server process, in memory (a ``LoginThrottle``'s own maps, which
/// forget old keys once there are many).
public actor InMemoryLoginAttemptRepository: LoginAttemptRepository {
    private var throttle: LoginThrottle

    /// Forgets keys as `policy` says they no longer count.
    public init(policy: LoginThrottle.Policy = LoginThrottle.Policy()) {
        throttle = LoginThrottle(policy: policy)
    }

    public func counters(email: String, address: String) -> LoginThrottle.Counters {
        throttle.counters(email: email, address: address)
    }

    public func change(email: String, address: String, at now: Date,
                       _ change: @escaping @Sendable (inout LoginThrottle.Counters) -> Void) {
        throttle.change(email: email, address: address, at: now, change)
    }
}
