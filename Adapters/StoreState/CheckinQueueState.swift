import Foundation
import WellnessApplication
import WellnessDomain

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
    /// Until when the server asked not to be sent check-ins (absent in files written before).
    public var pausedUntil: Date?

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
