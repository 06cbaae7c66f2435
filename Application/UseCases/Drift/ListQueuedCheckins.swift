import WellnessDomain

/// The check-ins waiting to be sent, oldest first (held ones included).
public struct ListQueuedCheckins: Sendable {
    let queue: any CheckinQueueRepository

    public init(queue: any CheckinQueueRepository) {
        self.queue = queue
    }

    public func execute() async throws -> [QueuedCheckin] {
        try await queue.all()
    }
}
