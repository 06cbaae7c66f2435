import WellnessDomain

/// Removes a queued check-in for good: it is never sent.
public struct DropQueuedCheckin: Sendable {
    let queue: any CheckinQueueRepository

    /// A use case on `queue`.
    public init(queue: any CheckinQueueRepository) {
        self.queue = queue
    }

    /// `reference` is the item's id or its first 4+ characters; returns the item removed.
    public func execute(_ reference: String) async throws -> QueuedCheckin {
        let item = try await FindQueuedCheckin(queue: queue).execute(reference)
        guard try await queue.remove(item.id) else { throw DriftError.notQueued(reference) }
        return item
    }
}
