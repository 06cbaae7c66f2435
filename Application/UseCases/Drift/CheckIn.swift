import WellnessDomain

/// Checks in: saves the day's check-in and, for a client logged in to a server, queues it and
/// sends the queue right away. Queueing comes first, so a check-in the server cannot take now
/// (offline, a failure, a refused session) is never lost: the next sync sends it.
public struct CheckIn: Sendable {
    let record: RecordCheckin
    let sync: FlushCheckinQueue?

    /// `record` must queue (have a queue) exactly when `sync` is given.
    public init(record: RecordCheckin, sync: FlushCheckinQueue?) {
        self.record = record
        self.sync = sync
    }

    /// Records the check-in as `RecordCheckin` does (throwing its errors) and, with `sync`, sends the queue
    /// at once; the receipt says where it went. A refused session (401) is `.sessionEnded`, not an error.
    public func execute(energy: Int, stress: Int, social: Int, keyContact: String? = nil, day: LocalDay? = nil,
                        replace: Bool = false) async throws -> CheckinReceipt {
        let saved = try await record.execute(energy: energy, stress: stress, social: social, keyContact: keyContact,
                                             day: day, replace: replace)
        guard let sync, let item = saved.queued else { return CheckinReceipt(checkin: saved.checkin, delivery: .local) }
        do {
            let (summary, sent) = try await sync.execute(sending: item)
            let delivery: CheckinReceipt.Delivery = if sent {
                summary.alreadyThere.contains(item.checkin.day) ? .alreadyThere : .sent
            } else {
                summary.rateLimited ? .rateLimited : .queued
            }
            return CheckinReceipt(checkin: saved.checkin, delivery: delivery)
        } catch ApiFailure.unauthorized {
            return CheckinReceipt(checkin: saved.checkin, delivery: .sessionEnded)
        }
    }
}
