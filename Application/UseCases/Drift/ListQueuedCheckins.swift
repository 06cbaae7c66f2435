import WellnessDomain

/// The check-ins waiting to be sent, oldest first (held ones included).
public struct ListQueuedCheckins: Sendable {
    let queue: any CheckinQueueRepository

    /// A use case on `queue`.
    public init(queue: any CheckinQueueRepository) {
        self.queue = queue
    }

    /// Every queued check-in, oldest first, held ones included.
    public func execute() async throws -> [QueuedCheckin] {
        try await queue.all()
    }
}
