import Foundation
import WellnessApplication
import WellnessDomain
import WellnessStoreState

/// Check-ins held in memory, one per day.
public actor InMemoryCheckinRepository: CheckinRepository {
    private var byDay: [LocalDay: Checkin] = [:]
    /// The idempotency records of submissions (``InMemoryIdempotencyRepository``).
    private var submissions = IdempotencyState()

    /// No check-ins and no idempotency records.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(changes: StoreChangeFeed? = nil) {
        self.changes = changes
    }

    public func checkins(on days: ClosedRange<LocalDay>) -> [Checkin] {
        byDay.values.filter { days.contains($0.day) }.sorted { $0.day < $1.day }
    }

    public func save(_ checkin: Checkin, replacing: Bool) -> Bool {
        guard replacing || byDay[checkin.day] == nil else { return false }
        byDay[checkin.day] = checkin
        changes?.report([CheckinRecords.collection])
        return true
    }

    func record(account: Account.ID, key: String) -> IdempotencyRecord? { submissions.record(account: account, key: key) }

    func submit(_ checkin: Checkin, account: Account.ID, key: String, replacing: Bool, at now: Date)
        -> (record: IdempotencyRecord, replayed: Bool) {
        defer { changes?.report([.idempotency]) }
        return submissions.submit(checkin, account: account, key: key, at: now) { save($0, replacing: replacing) }
    }

    func removeRecords(createdBefore instant: Date) -> Int {
        defer { changes?.report([.idempotency]) }
        return submissions.removeRecords(createdBefore: instant)
    }
}

/// The offline queue held in memory.
public actor InMemoryCheckinQueueRepository: CheckinQueueRepository {
    private var state = CheckinQueueState()

    /// An empty queue, not paused.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(changes: StoreChangeFeed? = nil) {
        self.changes = changes
    }

    public func all() -> [QueuedCheckin] { state.items }
    public func pausedUntil() -> Date? { state.pausedUntil }
    public func pause(until instant: Date) {
        state.pausedUntil = instant
        changes?.report([CheckinPauseSetting.collection])
    }

    public func enqueue(_ item: QueuedCheckin) {
        state.enqueue(item)
        changes?.report([QueuedCheckinRecords.collection])
    }

    public func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>) -> QueuedCheckin? {
        defer { changes?.report([QueuedCheckinRecords.collection]) }
        return state.claimNext(flush: flush, now: now, excluding: excluding, lifetime: Self.claimLifetime)
    }

    public func release(_ id: QueuedCheckin.ID, flush: UUID, replacement item: QueuedCheckin?) {
        state.release(id, flush: flush, replacement: item)
        changes?.report([QueuedCheckinRecords.collection])
    }

    public func update(_ item: QueuedCheckin) -> Bool {
        defer { changes?.report([QueuedCheckinRecords.collection]) }
        return state.update(item)
    }

    public func remove(_ id: QueuedCheckin.ID) -> Bool {
        defer { changes?.report([QueuedCheckinRecords.collection]) }
        return state.remove(id)
    }
}

/// The tier held in memory (Free until set).
public actor InMemoryTierRepository: TierRepository {
    private var current: Tier

    /// Starting at `tier`.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(_ tier: Tier = .free, changes: StoreChangeFeed? = nil) {
        current = tier
        self.changes = changes
    }

    public func tier() -> Tier { current }
    public func setTier(_ tier: Tier) {
        current = tier
        changes?.report([TierSetting.collection])
    }
}

/// Cached API answers held in memory.
public actor InMemoryDriftCacheRepository: DriftCacheRepository {
    private var entries: [String: (data: Data, fetchedAt: Date)] = [:]

    /// Nothing cached.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(changes: StoreChangeFeed? = nil) {
        self.changes = changes
    }

    public func cached(_ key: String) -> (data: Data, fetchedAt: Date)? { entries[key] }
    public func store(_ key: String, data: Data, fetchedAt: Date) {
        entries[key] = (data, fetchedAt)
        changes?.report([.driftCache])
    }
}
