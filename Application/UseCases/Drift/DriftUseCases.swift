import Foundation
import WellnessDomain

/// Why a check-in or a Drift view could not be given.
public enum DriftError: Error, Sendable, Equatable, LocalizedError {
    /// The day already has a check-in and replacing it was not asked for.
    case alreadyCheckedIn(LocalDay)
    /// A Pro feature on the Free tier.
    case locked(FeatureKey)
    /// No queued check-in has this id (or id prefix).
    case notQueued(String)

    public var errorDescription: String? {
        switch self {
        case .alreadyCheckedIn(let day): "already checked in on \(day); use --replace to change it"
        case .locked(let key): "'\(key.rawValue)' is a Pro feature; upgrade with: wellness tier set pro"
        case .notQueued(let reference): "no queued check-in with id '\(reference)'"
        }
    }
}

/// Records today's (or a given day's) check-in: one per local day unless replacing.
public struct RecordCheckin: Sendable {
    let checkins: any CheckinRepository
    let queue: (any CheckinQueueRepository)?
    let time: TimeContext

    /// `queue` set: each saved check-in is also queued for the server (an account is set up).
    public init(checkins: any CheckinRepository, queue: (any CheckinQueueRepository)? = nil, time: TimeContext) {
        self.checkins = checkins
        self.queue = queue
        self.time = time
    }

    /// Saves the check-in; ``DriftError/alreadyCheckedIn(_:)`` when the day has one and
    /// `replace` is false. Returns the check-in and the queued item when it was queued.
    @discardableResult
    public func execute(energy: Int, stress: Int, social: Int, keyContact: String? = nil, day: LocalDay? = nil,
                        replace: Bool = false) async throws -> (checkin: Checkin, queued: QueuedCheckin?) {
        let checkin = try Checkin(day: day ?? time.today(), energy: energy, stress: stress, social: social,
                                  keyContact: keyContact)
        guard try await checkins.save(checkin, replacing: replace) else {
            throw DriftError.alreadyCheckedIn(checkin.day)
        }
        guard let queue else { return (checkin, nil) }
        let item = QueuedCheckin(checkin: checkin, queuedAt: time.now())
        try await queue.enqueue(item)
        return (checkin, item)
    }
}

/// Check-ins of the last N local days (today included), by day.
public struct ListCheckins: Sendable {
    let checkins: any CheckinRepository
    let time: TimeContext

    public init(checkins: any CheckinRepository, time: TimeContext) {
        self.checkins = checkins
        self.time = time
    }

    public func execute(days: Int = 30) async throws -> [Checkin] {
        precondition(days > 0, "days must be positive")
        let today = time.today()
        return try await checkins.checkins(on: today.adding(days: -(days - 1))...today)
    }
}

/// The weekly picture over 7 or 14 days ending today, with suggestions gated by the tier
/// (`weekly_detail`: on Free they become an upgrade teaser).
public struct ComputeWeeklyInsights: Sendable {
    let checkins: any CheckinRepository
    let tier: any TierSource
    let time: TimeContext

    public init(checkins: any CheckinRepository, tier: any TierSource, time: TimeContext) {
        self.checkins = checkins
        self.tier = tier
        self.time = time
    }

    public func execute(days: Int = 7) async throws -> WeeklyInsights {
        let window = try InsightsWindow(days: days)
        let today = time.today()
        let stored = try await checkins.checkins(on: window.daysNeeded(endingOn: today))
        let insights = WeeklyInsightsCalculator.insights(today: today, window: window, checkins: stored)
        return insights.gated(for: try await tier.tier())
    }
}

/// Daily points for 7, 30 or 90 days; 30 and 90 are Pro (``DriftError/locked(_:)`` on Free).
public struct GetTrends: Sendable {
    let checkins: any CheckinRepository
    let tier: any TierSource
    let time: TimeContext

    public init(checkins: any CheckinRepository, tier: any TierSource, time: TimeContext) {
        self.checkins = checkins
        self.tier = tier
        self.time = time
    }

    public func execute(days: Int = 7) async throws -> [TrendPoint] {
        let length = try TrendLength(days: days)
        if let locked = FeatureGate.lockedFeature(for: length, tier: try await tier.tier()) {
            throw DriftError.locked(locked)
        }
        let today = time.today()
        return Trends.points(today: today, length: length, checkins: try await checkins.checkins(on: length.range(endingOn: today)))
    }
}

/// Every known feature with whether it is Pro and unlocked on the current tier; and setting
/// the stored tier.
public struct ManageFeatures: Sendable {
    let tier: any TierSource
    let store: (any TierRepository)?

    public init(tier: any TierSource, store: (any TierRepository)?) {
        self.tier = tier
        self.store = store
    }

    public func current() async throws -> Tier { try await tier.tier() }

    public func features() async throws -> [FeatureStatus] { FeatureGate.features(for: try await tier.tier()) }

    public func setTier(_ tier: Tier) async throws {
        guard let store else { preconditionFailure("no tier store configured") }
        try await store.setTier(tier)
    }
}

/// Sends the offline queue in order: an accepted or duplicate item leaves the queue (counted as
/// flushed); any other answer counts a failure against the item, and an item at
/// ``QueuedCheckin/maxFailures`` failures is held for manual review. When the server cannot be
/// reached at all the flush stops with ``FlushSummary/offline`` set and the item keeps its
/// tries (being offline is nobody's failure); a 401 stops it with ``ApiFailure/unauthorized``. Items are claimed one at a
/// time, so concurrent flushes never send one item twice, and items queued meanwhile are sent
/// in the same flush.
public struct FlushCheckinQueue: Sendable {
    let queue: any CheckinQueueRepository
    let api: any CheckinAPI
    let time: TimeContext

    public init(queue: any CheckinQueueRepository, api: any CheckinAPI, time: TimeContext) {
        self.queue = queue
        self.api = api
        self.time = time
    }

    public func execute() async throws -> FlushSummary {
        let flush = UUID()
        var summary = FlushSummary()
        var tried: Set<QueuedCheckin.ID> = []
        while let item = try await queue.claimNext(flush: flush, now: time.now(), excluding: tried) {
            tried.insert(item.id)
            let outcome: SubmissionOutcome
            do {
                outcome = try await api.submit(item.checkin, idempotencyKey: item.idempotencyKey)
            } catch ApiFailure.unauthorized {
                try await queue.release(item.id, flush: flush, replacement: item)
                throw ApiFailure.unauthorized
            } catch where StaleWhileRevalidate.isUnreachable(error) {
                // No answer at all: not the item's fault, so it keeps its tries, and the rest
                // would not get through either.
                try await queue.release(item.id, flush: flush, replacement: item)
                summary.offline = true
                break
            } catch {
                outcome = .failed
            }
            let decision = item.decision(after: outcome)
            summary.record(decision)
            try await queue.release(item.id, flush: flush, replacement: decision.updatedItem)
        }
        summary.held = try await queue.all().filter(\.isHeldForReview).count
        return summary
    }
}

/// Looking at, retrying and dropping queued check-ins.
public struct ManageCheckinQueue: Sendable {
    let queue: any CheckinQueueRepository

    public init(queue: any CheckinQueueRepository) {
        self.queue = queue
    }

    public func list() async throws -> [QueuedCheckin] { try await queue.all() }

    /// The item whose id is `reference` or starts with it (4+ characters).
    public func find(_ reference: String) async throws -> QueuedCheckin {
        let key = reference.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let matches = try await queue.all().filter {
            $0.idempotencyKey == key || (key.count >= 4 && $0.idempotencyKey.hasPrefix(key))
        }
        guard matches.count == 1 else { throw DriftError.notQueued(reference) }
        return matches[0]
    }

    /// Clears the failures of one item (or of every held item), so the next flush sends it;
    /// returns the items reset.
    public func retry(_ reference: String?) async throws -> [QueuedCheckin] {
        let items: [QueuedCheckin]
        if let reference {
            items = [try await find(reference)]
        } else {
            items = try await queue.all().filter { $0.retryCount > 0 }
        }
        var reset: [QueuedCheckin] = []
        for item in items where try await queue.update(item.resetForRetry()) { reset.append(item.resetForRetry()) }
        return reset
    }

    /// Removes one item for good.
    public func drop(_ reference: String) async throws -> QueuedCheckin {
        let item = try await find(reference)
        guard try await queue.remove(item.id) else { throw DriftError.notQueued(reference) }
        return item
    }
}

/// The alerts of the last N days (14 by default): days that drifted high after a day that
/// also did. The day before the window counts as the first day's "day before".
public struct ListDriftAlerts: Sendable {
    let checkins: any CheckinRepository
    let time: TimeContext

    public init(checkins: any CheckinRepository, time: TimeContext) {
        self.checkins = checkins
        self.time = time
    }

    public func execute(days: Int = 14) async throws -> [DriftAlert] {
        precondition(days > 0, "days must be positive")
        let today = time.today()
        let first = today.adding(days: -(days - 1))
        let stored = try await checkins.checkins(on: first.adding(days: -1)...today)
        return DriftAlert.alerts(in: stored).filter { $0.day >= first }
    }
}

extension FlushCheckinQueue {
    /// Flushes the queue right after `item` was queued, and tells whether `item` got through
    /// (it left the queue: accepted, or the server had it already).
    public func execute(sending item: QueuedCheckin) async throws -> (summary: FlushSummary, sent: Bool) {
        let summary = try await execute()
        return (summary, try await !queue.all().contains { $0.id == item.id })
    }
}
