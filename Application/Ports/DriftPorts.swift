import Foundation
import WellnessDomain

/// Stores check-ins, at most one per local day.
public protocol CheckinRepository: Sendable {
    /// The check-ins whose day is in `days`, by day.
    func checkins(on days: ClosedRange<LocalDay>) async throws -> [Checkin]

    /// Saves `checkin` unless its day already has one, or replacing it when `replacing` is
    /// true, in one atomic step; returns whether it was saved.
    func save(_ checkin: Checkin, replacing: Bool) async throws -> Bool
}

/// The offline queue of check-ins waiting to be sent, in queue order.
///
/// Sending is claimed item by item: ``claimNext(flush:now:excluding:)`` hands an item to one flush only
/// (until ``release(_:flush:)`` or the claim expires after ``claimLifetime``), so two flushes
/// running at once — in two tasks or two processes — never send one item twice, and an item
/// enqueued while a flush runs is simply picked up after the ones before it.
public protocol CheckinQueueRepository: Sendable {
    /// Every item, oldest first (held ones included).
    func all() async throws -> [QueuedCheckin]

    /// Adds an item at the end.
    func enqueue(_ item: QueuedCheckin) async throws

    /// Claims, for `flush`, the oldest item that is not held for review, not claimed by a live
    /// flush, and not in `excluding` (what this flush already tried); `nil` when there is none.
    func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>) async throws -> QueuedCheckin?

    /// Ends `flush`'s claim on `item.id`: removes the item when `item` is `nil`, otherwise stores
    /// `item` (its new retry count) in place. Does nothing when the claim was lost.
    func release(_ id: QueuedCheckin.ID, flush: UUID, replacement item: QueuedCheckin?) async throws

    /// Replaces the stored item with the same id (manual retry); returns whether it existed.
    func update(_ item: QueuedCheckin) async throws -> Bool

    /// Removes an item (manual drop); returns whether it existed.
    func remove(_ id: QueuedCheckin.ID) async throws -> Bool
}

extension CheckinQueueRepository {
    /// How long a claim holds before another flush may take the item (a flush that died).
    public static var claimLifetime: TimeInterval { 120 }
}

/// Where the tier (Free or Pro) comes from: a stored setting now, an account later.
public protocol TierSource: Sendable {
    func tier() async throws -> Tier
}

/// One tier, whatever is stored (an override such as `WELLNESS_TIER`, or a test).
public struct FixedTierSource: TierSource {
    public let fixed: Tier
    public init(_ tier: Tier) { fixed = tier }
    public func tier() -> Tier { fixed }
}

/// Stores the tier chosen with `wellness tier set`.
public protocol TierRepository: TierSource {
    func setTier(_ tier: Tier) async throws
}

/// Cached answers of the remote API, by key, as JSON with the instant they were fetched.
public protocol DriftCacheRepository: Sendable {
    func cached(_ key: String) async throws -> (data: Data, fetchedAt: Date)?
    func store(_ key: String, data: Data, fetchedAt: Date) async throws
}

/// The remote check-in API.
public protocol CheckinAPI: Sendable {
    /// Sends a check-in with its idempotency key. Returns `.accepted`, or `.duplicate` when the
    /// server already has it (a replayed key, or a 409 for that day: either way there is nothing
    /// left to send). Throws otherwise (an ``ApiFailure`` or any error); a flush counts that as a
    /// failed attempt.
    func submit(_ checkin: Checkin, idempotencyKey: String) async throws -> SubmissionOutcome
}

/// The offline queue with its claims, as a value: what the in-memory and JSON-file stores keep
/// (one implementation of the queue rules for both).
public struct CheckinQueueState: Sendable, Equatable, Codable {
    /// A flush's hold on an item, until `expires`.
    public struct Claim: Sendable, Equatable, Codable {
        public let id: QueuedCheckin.ID
        public let flush: UUID
        public let expires: Date
    }

    public private(set) var items: [QueuedCheckin] = []
    public private(set) var claims: [Claim] = []

    public init() {}

    public mutating func enqueue(_ item: QueuedCheckin) {
        items.append(item)
    }

    public mutating func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>, lifetime: TimeInterval) -> QueuedCheckin? {
        claims.removeAll { $0.expires <= now }
        let claimed = Set(claims.map(\.id))
        guard let item = items.first(where: { !$0.isHeldForReview && !claimed.contains($0.id) && !excluding.contains($0.id) })
        else { return nil }
        claims.append(Claim(id: item.id, flush: flush, expires: now.addingTimeInterval(lifetime)))
        return item
    }

    public mutating func release(_ id: QueuedCheckin.ID, flush: UUID, replacement: QueuedCheckin?) {
        guard let claim = claims.firstIndex(where: { $0.id == id && $0.flush == flush }) else { return }
        claims.remove(at: claim)
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        if let replacement { items[index] = replacement } else { items.remove(at: index) }
    }

    public mutating func update(_ item: QueuedCheckin) -> Bool {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return false }
        items[index] = item
        return true
    }

    public mutating func remove(_ id: QueuedCheckin.ID) -> Bool {
        claims.removeAll { $0.id == id }
        guard let index = items.firstIndex(where: { $0.id == id }) else { return false }
        items.remove(at: index)
        return true
    }
}
