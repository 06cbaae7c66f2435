import Foundation
import WellnessApplication
import WellnessDomain

/// The offline queue with its claims, as a value: what the in-memory and JSON-file stores keep
/// (one implementation of the queue rules for both).
public struct CheckinQueueState: Sendable, Equatable, Codable {
    /// A flush's hold on an item, until `expires`.
    public struct Claim: Sendable, Equatable, Codable {
        /// The claimed item.
        public let id: QueuedCheckin.ID
        /// The flush that holds the claim.
        public let flush: UUID
        /// When the claim lapses; after it, another flush may claim the item.
        public let expires: Date
        /// The process whose flush holds the claim, when known (absent in files written before):
        /// once it has ended, another flush may claim the item at once.
        public let process: Int32?
    }

    /// The queued check-ins, in the order they were queued.
    public private(set) var items: [QueuedCheckin] = []
    /// The flushes' claims on items; the next `claimNext` drops those that have expired.
    public private(set) var claims: [Claim] = []
    /// Until when the server asked not to be sent check-ins (absent in files written before).
    public var pausedUntil: Date?

    /// An empty queue, not paused.
    public init() {}

    /// Adds `item` at the end of the queue.
    public mutating func enqueue(_ item: QueuedCheckin) {
        items.append(item)
    }

    /// Drops expired claims and those of a process that is no longer running (`isRunning`), then
    /// claims for `flush` of `process`, for `lifetime` seconds, the first item that is not held for
    /// review, claimed, or in `excluding`; `nil` when there is none.
    public mutating func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>, lifetime: TimeInterval,
                                   process: Int32? = nil, isRunning: (Int32) -> Bool = { _ in true }) -> QueuedCheckin? {
        claims.removeAll { claim in claim.expires <= now || claim.process.map { !isRunning($0) } == true }
        let claimed = Set(claims.map(\.id))
        guard let item = items.first(where: { !$0.isHeldForReview && !claimed.contains($0.id) && !excluding.contains($0.id) })
        else { return nil }
        claims.append(Claim(id: item.id, flush: flush, expires: now.addingTimeInterval(lifetime), process: process))
        return item
    }

    /// Ends `flush`'s claim on `id` and replaces the item with `replacement`, or removes it when that is
    /// `nil`; does nothing unless `flush` holds the claim.
    public mutating func release(_ id: QueuedCheckin.ID, flush: UUID, replacement: QueuedCheckin?) {
        guard let claim = claims.firstIndex(where: { $0.id == id && $0.flush == flush }) else { return }
        claims.remove(at: claim)
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        if let replacement { items[index] = replacement } else { items.remove(at: index) }
    }

    /// Replaces the item with `item`'s id (its claim stays); false when there is none.
    public mutating func update(_ item: QueuedCheckin) -> Bool {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return false }
        items[index] = item
        return true
    }

    /// Removes the item and any claim on it; false when there is no such item.
    public mutating func remove(_ id: QueuedCheckin.ID) -> Bool {
        claims.removeAll { $0.id == id }
        guard let index = items.firstIndex(where: { $0.id == id }) else { return false }
        items.remove(at: index)
        return true
    }
}
