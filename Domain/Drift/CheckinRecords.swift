import Foundation

/// Check-ins, at most one per day.
public enum CheckinRecords: RecordKind {
    public static let collection: RecordCollection = "checkins"

    public static func identity(of checkin: Checkin) -> LocalDay { checkin.day }

    public static func precedes(_ lhs: Checkin, _ rhs: Checkin) -> Bool { lhs.day < rhs.day }
}

/// The offline queue of check-ins waiting for a server, by id, in the order they are sent in.
public enum QueuedCheckinRecords: RecordKind {
    public static let collection: RecordCollection = "queuedCheckins"

    public static func identity(of item: QueuedCheckin) -> QueuedCheckin.ID { item.id }

    /// By when each was queued; a backup keeps the queue's own order.
    public static func precedes(_ lhs: QueuedCheckin, _ rhs: QueuedCheckin) -> Bool {
        (lhs.queuedAt, lhs.id.description) < (rhs.queuedAt, rhs.id.description)
    }
}

extension RecordCollection {
    public static var checkins: RecordCollection { CheckinRecords.collection }
    public static var queuedCheckins: RecordCollection { QueuedCheckinRecords.collection }
}
