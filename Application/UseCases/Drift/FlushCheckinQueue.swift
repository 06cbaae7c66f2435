import Foundation
import WellnessDomain

/// Sends the offline queue in order: an accepted or duplicate item leaves the queue (counted as
/// flushed). A failed item is handled as the design's error hierarchy says
/// (``FailureResolution``, for a check-in from the queue): a 401 stops the flush with
/// ``ApiFailure/unauthorized``; a 409 removes the item; no connection and a 429 keep it queued
/// with its tries untouched and stop the flush (``FlushSummary/offline``,
/// ``FlushSummary/rateLimited``: the rest would not get through either); anything else counts a
/// failure against the item, and an item at ``QueuedCheckin/maxFailures`` failures is held for
/// manual review. A 429's `Retry-After` is honoured: until then no flush sends anything
/// (``CheckinQueueRepository/pausedUntil()``; ``FlushSummary/retryAt`` says until when). Items are claimed one at a
/// time, so concurrent flushes never send one item twice, and items queued meanwhile are sent
/// in the same flush.
public struct FlushCheckinQueue: Sendable {
    let queue: any CheckinQueueRepository
    let api: any CheckinAPI
    let time: TimeContext

    /// A use case sending `queue` through `api`, with now from `time`.
    public init(queue: any CheckinQueueRepository, api: any CheckinAPI, time: TimeContext) {
        self.queue = queue
        self.api = api
        self.time = time
    }

    /// Sends the queue as the type describes and returns what happened; throws `ApiFailure.unauthorized`
    /// when the server refused the session (the item stays queued).
    public func execute() async throws -> FlushSummary {
        let flush = UUID()
        var summary = FlushSummary()
        if let until = try await queue.pausedUntil(), until > time.now() {
            summary.rateLimited = true
            summary.retryAt = until
            summary.held = try await queue.all().filter(\.isHeldForReview).count
            return summary
        }
        var tried: Set<QueuedCheckin.ID> = []
        while let item = try await queue.claimNext(flush: flush, now: time.now(), excluding: tried) {
            tried.insert(item.id)
            let outcome: SubmissionOutcome
            do {
                outcome = try await api.submit(item.checkin, idempotencyKey: item.idempotencyKey, replacing: item.replaces)
            } catch {
                let failure = Self.failure(error)
                let effects = FailureResolution.effects(of: failure, on: .submitCheckin(queuedID: item.id.rawValue),
                                                        returnPath: nil)
                if effects.contains(where: { if case .signOut = $0 { true } else { false } }) {
                    try await release(item.id, flush: flush, replacement: item)
                    throw ApiFailure.unauthorized
                }
                if effects.contains(.keepQueued) {
                    try await release(item.id, flush: flush, replacement: item)
                    if case .rateLimited(let seconds) = failure {
                        summary.rateLimited = true
                        if let seconds, seconds > 0 {
                            let until = time.now().addingTimeInterval(TimeInterval(seconds))
                            try await queue.pause(until: until)
                            summary.retryAt = until
                        }
                    } else {
                        summary.offline = true
                    }
                    break
                }
                outcome = effects.contains(.removeFromQueue(item.id.rawValue)) ? .duplicate : .failed
            }
            let decision = item.decision(after: outcome)
            summary.record(decision, day: item.checkin.day)
            try await release(item.id, flush: flush, replacement: decision.updatedItem)
        }
        summary.held = try await queue.all().filter(\.isHeldForReview).count
        return summary
    }

    /// Sends the queue as ``execute()`` does, and counts what still waits to be sent
    /// (``FlushSummary/waiting``): what `wellness sync` reports.
    public func executeCountingWaiting() async throws -> FlushSummary {
        var summary = try await execute()
        summary.waiting = try await queue.all().filter { !$0.isHeldForReview }.count
        return summary
    }
}

extension FlushCheckinQueue {
    /// Ends the flush's claim on `id` even when the flush was cancelled (it gave up on a slow
    /// server): an item is never left claimed by a flush that is over.
    private func release(_ id: QueuedCheckin.ID, flush: UUID, replacement: QueuedCheckin?) async throws {
        let queue = self.queue
        try await Task { try await queue.release(id, flush: flush, replacement: replacement) }.value
    }
}

extension FlushCheckinQueue {
    /// A failed send as the error hierarchy classifies it (`ApiFailure(error)`); a
    /// flush cancelled while waiting for an answer got none.
    static func failure(_ error: any Error) -> ApiFailure {
        Task.isCancelled ? .offline : ApiFailure(error)
    }

    /// Sends a non-empty queue before another call to the server, giving up after `limit`: a
    /// check-in queued while offline goes out the next time the person does anything online,
    /// and a slow server does not hold up what they asked for. Giving up (or any failure)
    /// leaves the items as they were, their tries untouched; the claim of an item in flight
    /// expires on its own. The flush's summary, or `nil` when nothing was waiting, it failed,
    /// or it did not finish within `limit`.
    @discardableResult
    public func sendWaiting(within limit: Duration) async -> FlushSummary? {
        guard let waiting = try? await queue.all(), waiting.contains(where: { !$0.isHeldForReview }) else { return nil }
        return await withTaskGroup(of: FlushSummary?.self) { group in
            group.addTask { try? await self.execute() }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Flushes the queue right after `item` was queued, and tells whether `item` got through
    /// (it left the queue: accepted, or the server had it already).
    public func execute(sending item: QueuedCheckin) async throws -> (summary: FlushSummary, sent: Bool) {
        let summary = try await execute()
        return (summary, try await !queue.all().contains { $0.id == item.id })
    }
}
