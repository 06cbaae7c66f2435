import Foundation
import WellnessDomain

/// The queued check-in whose id is a reference or starts with it (4+ characters), or
/// ``DriftError/notQueued(_:)`` — also when a prefix is ambiguous. A reference that is no
/// id's start is an ``InvalidValue`` (``IDReference``).
public struct FindQueuedCheckin: Sendable {
    let queue: any CheckinQueueRepository

    /// A use case on `queue`.
    public init(queue: any CheckinQueueRepository) {
        self.queue = queue
    }

    /// The one queued check-in `reference` names, as the type describes.
    public func execute(_ reference: String) async throws -> QueuedCheckin {
        let key = try IDReference.uuidPrefix(reference)
        let matches = try await queue.all().filter {
            $0.idempotencyKey.hasPrefix(key)
        }
        guard matches.count == 1 else { throw DriftError.notQueued(reference) }
        return matches[0]
    }
}
