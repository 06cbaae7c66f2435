import Foundation
import WellnessDomain

/// Records today's (or a given day's) check-in: one per local day unless replacing.
public struct RecordCheckin: Sendable {
    let checkins: any CheckinRepository
    let queue: (any CheckinQueueRepository)?
    let time: TimeContext

    /// `queue` set: each saved check-in is also queued for the server (an account is set up).
    public init(checkins: any CheckinRepository, queue: (any CheckinQueueRepository)? = nil, time: TimeContext) {
        self.checkins = checkins
        self.queue = queue
        self.time = time
    }

    /// Saves the check-in; ``DriftError/alreadyCheckedIn(_:)`` when the day has one and
    /// `replace` is false. Returns the check-in and the queued item when it was queued.
    @discardableResult
    public func execute(energy: Int, stress: Int, social: Int, keyContact: String? = nil, day: LocalDay? = nil,
                        replace: Bool = false) async throws -> (checkin: Checkin, queued: QueuedCheckin?) {
        let checkin = try Checkin(day: try day.map(time.recordable) ?? time.today(), energy: energy, stress: stress, social: social,
                                  keyContact: keyContact)
        guard try await checkins.save(checkin, replacing: replace) else {
            throw DriftError.alreadyCheckedIn(checkin.day)
        }
        guard let queue else { return (checkin, nil) }
        let item = QueuedCheckin(checkin: checkin, queuedAt: time.now(), replaces: replace)
        try await queue.enqueue(item)
        return (checkin, item)
    }
}
