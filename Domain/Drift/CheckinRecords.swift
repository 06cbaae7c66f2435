import Foundation

/// Check-ins, at most one per day.
public enum CheckinRecords: RecordKind {
    public static let collection: RecordCollection = "checkins"
    /// One check-in a day: of two devices' check-ins on one day, the later wins whole (its
    /// three scores belong together).
    public static var syncRule: SyncRule { .wholeRecord }

    public static func identity(of checkin: Checkin) -> LocalDay { checkin.day }

    /// A check-in's own rules (``Checkin/init(day:energy:stress:social:keyContact:)``).
    public static func validate(_ checkin: Checkin) throws(RecordRejection) {
        try RecordRejection.checking { try Checkin.check(checkin) }
    }

    public static func precedes(_ lhs: Checkin, _ rhs: Checkin) -> Bool { lhs.day < rhs.day }
}

/// The offline queue of check-ins waiting for a server, by id, in the order they are sent in.
public enum QueuedCheckinRecords: RecordKind {
    public static let collection: RecordCollection = "queuedCheckins"
    /// What this device still has to send through the check-in API: it stays here.
    public static var syncRule: SyncRule { .deviceLocal }

    public static func identity(of item: QueuedCheckin) -> QueuedCheckin.ID { item.id }

    /// The rules of the check-in it holds.
    public static func validate(_ item: QueuedCheckin) throws(RecordRejection) {
        try CheckinRecords.validate(item.checkin)
    }

    /// By when each was queued; a backup keeps the queue's own order.
    public static func precedes(_ lhs: QueuedCheckin, _ rhs: QueuedCheckin) -> Bool {
        (lhs.queuedAt, lhs.id.description) < (rhs.queuedAt, rhs.id.description)
    }
}

extension RecordCollection {
    public static var checkins: RecordCollection { CheckinRecords.collection }
    public static var queuedCheckins: RecordCollection { QueuedCheckinRecords.collection }
}
