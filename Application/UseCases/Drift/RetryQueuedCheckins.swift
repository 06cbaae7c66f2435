import WellnessDomain

/// Clears the failures of one queued check-in (or of every one with failures), so the next
/// flush sends it again; returns the items reset.
public struct RetryQueuedCheckins: Sendable {
    let queue: any CheckinQueueRepository

    /// A use case on `queue`.
    public init(queue: any CheckinQueueRepository) {
        self.queue = queue
    }

    /// `reference` is an item's id or its first 4+ characters; `nil` for every item with failures.
    public func execute(_ reference: String?) async throws -> [QueuedCheckin] {
        let items: [QueuedCheckin]
        if let reference {
            items = [try await FindQueuedCheckin(queue: queue).execute(reference)]
        } else {
            items = try await queue.all().filter { $0.retryCount > 0 }
        }
        var reset: [QueuedCheckin] = []
        for item in items where try await queue.update(item.resetForRetry()) { reset.append(item.resetForRetry()) }
        return reset
    }
}
