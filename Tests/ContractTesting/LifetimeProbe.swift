import Foundation
import WellnessApplication
import WellnessDomain

/// A queue that only exists to read the protocol extension's `claimLifetime`.
struct LifetimeProbe: CheckinQueueRepository {
    func all() -> [QueuedCheckin] { [] }
    func enqueue(_ item: QueuedCheckin) {}
    func claimNext(flush: UUID, now: Date, excluding: Set<QueuedCheckin.ID>) -> QueuedCheckin? { nil }
    func release(_ id: QueuedCheckin.ID, flush: UUID, replacement item: QueuedCheckin?) {}
    func update(_ item: QueuedCheckin) -> Bool { false }
    func remove(_ id: QueuedCheckin.ID) -> Bool { false }
    func pausedUntil() -> Date? { nil }
    func pause(until instant: Date) {}
}
