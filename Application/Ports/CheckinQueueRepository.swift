import Foundation
import WellnessDomain

/// The offline queue of check-ins waiting to be sent, in queue order.
///
/// Sending is claimed item by item: ``claimNext(flush:now:excluding:)`` hands an item to one flush only
/// (until ``release(_:flush:replacement:)``, the claim expires after ``claimLifetime``, or — in a
/// store that several processes share — the process that claimed it has ended), so two flushes
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

    /// Until when the server asked not to be sent check-ins (a 429's `Retry-After`), as last
    /// recorded; `nil` when it never asked (a past instant means the wait is over).
    func pausedUntil() async throws -> Date?

    /// Records until when the server asked to wait, replacing what was recorded.
    func pause(until instant: Date) async throws
}

extension CheckinQueueRepository {
    /// How long a claim holds before another flush may take the item (a flush that died in a
    /// process that still runs; a store shared by processes frees a claim of one that ended at once).
    public static var claimLifetime: TimeInterval { 120 }
}
