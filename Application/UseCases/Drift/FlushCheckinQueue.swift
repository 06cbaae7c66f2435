import Foundation
import WellnessDomain

/// Sends the offline queue in order: an accepted or duplicate item leaves the queue (counted as
/// flushed); any other answer counts a failure against the item, and an item at
/// ``QueuedCheckin/maxFailures`` failures is held for manual review. When the server cannot be
/// reached at all the flush stops with ``FlushSummary/offline`` set and the item keeps its
/// tries (being offline is nobody's failure); a 429 stops it the same way with
/// ``FlushSummary/rateLimited`` (the server asked to wait; sending the rest now would only be
/// refused too); a 401 stops it with ``ApiFailure/unauthorized``. Items are claimed one at a
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
                outcome = try await api.submit(item.checkin, idempotencyKey: item.idempotencyKey, replacing: item.replaces)
            } catch ApiFailure.unauthorized {
                try await queue.release(item.id, flush: flush, replacement: item)
                throw ApiFailure.unauthorized
            } catch ApiFailure.rateLimited {
                try await queue.release(item.id, flush: flush, replacement: item)
                summary.rateLimited = true
                break
            } catch where StaleWhileRevalidate.isUnreachable(error) || error is CancellationError || Task.isCancelled {
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

extension FlushCheckinQueue {
    /// Sends a non-empty queue before another call to the server, giving up after `limit`: a
    /// check-in queued while offline goes out the next time the person does anything online,
    /// and a slow server does not hold up what they asked for. Giving up (or any failure)
    /// leaves the items as they were, their tries untouched; the claim of an item in flight
    /// expires on its own.
    public func sendWaiting(within limit: Duration) async {
        guard let waiting = try? await queue.all(), waiting.contains(where: { !$0.isHeldForReview }) else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = try? await self.execute() }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Flushes the queue right after `item` was queued, and tells whether `item` got through
    /// (it left the queue: accepted, or the server had it already).
    public func execute(sending item: QueuedCheckin) async throws -> (summary: FlushSummary, sent: Bool) {
        let summary = try await execute()
        return (summary, try await !queue.all().contains { $0.id == item.id })
    }
}
