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
    public init() {}

    public func checkins(on days: ClosedRange<LocalDay>) -> [Checkin] {
        byDay.values.filter { days.contains($0.day) }.sorted { $0.day < $1.day }
    }

    public func save(_ checkin: Checkin, replacing: Bool) -> Bool {
        guard replacing || byDay[checkin.day] == nil else { return false }
        byDay[checkin.day] = checkin
        return true
    }

    func record(account: Account.ID, key: String) -> IdempotencyRecord? { submissions.record(account: account, key: key) }

    func submit(_ checkin: Checkin, account: Account.ID, key: String, replacing: Bool, at now: Date)
        -> (record: IdempotencyRecord, replayed: Bool) {
        submissions.submit(checkin, account: account, key: key, at: now) { save($0, replacing: replacing) }
    }

    func removeRecords(createdBefore instant: Date) -> Int { submissions.removeRecords(createdBefore: instant) }
}

/// The offline queue held in memory.
public actor InMemoryCheckinQueueRepository: CheckinQueueRepository {
    private var state = CheckinQueueState()

    /// An empty queue, not paused.
    public init() {}

    public func all() -> [QueuedCheckin] { state.items }
    public func pausedUntil() -> Date? { state.pausedUntil }
    public func pause(until instant: Date) { state.pausedUntil = instant }
    public func enqueue(_ item: QueuedCheckin) { state.enqueue(item) }

    public func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>) -> QueuedCheckin? {
        state.claimNext(flush: flush, now: now, excluding: excluding, lifetime: Self.claimLifetime)
    }

    public func release(_ id: QueuedCheckin.ID, flush: UUID, replacement item: QueuedCheckin?) {
        state.release(id, flush: flush, replacement: item)
    }

    public func update(_ item: QueuedCheckin) -> Bool { state.update(item) }
    public func remove(_ id: QueuedCheckin.ID) -> Bool { state.remove(id) }
}

/// The tier held in memory (Free until set).
public actor InMemoryTierRepository: TierRepository {
    private var current: Tier

    /// Starting at `tier`.
    public init(_ tier: Tier = .free) { current = tier }

    public func tier() -> Tier { current }
    public func setTier(_ tier: Tier) { current = tier }
}

/// Cached API answers held in memory.
public actor InMemoryDriftCacheRepository: DriftCacheRepository {
    private var entries: [String: (data: Data, fetchedAt: Date)] = [:]

    /// Nothing cached.
    public init() {}

    public func cached(_ key: String) -> (data: Data, fetchedAt: Date)? { entries[key] }
    public func store(_ key: String, data: Data, fetchedAt: Date) { entries[key] = (data, fetchedAt) }
}
