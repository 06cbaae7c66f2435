import Foundation

/// Something to do now or overdue: a planned walk, a supplement not taken yet, today's check-in.
/// `wellness due` lists them oldest first; the trackers still to come add their own kinds.
public struct DueItem: Sendable, Hashable {
    /// What falls due.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A planned walk not walked yet (its name is the planned time).
        case walk
        /// A supplement of the stack not taken yet today (its name is the supplement's).
        case supplement
        /// Today's check-in, not made yet.
        case checkin
    }

    public let kind: Kind
    /// What it is, as the person named it: the walk's planned time, the supplement's name; empty for a check-in.
    public let name: String
    /// When it fell due.
    public let since: Date

    public init(kind: Kind, name: String, since: Date) {
        self.kind = kind
        self.name = name
        self.since = Timestamp.fromMilliseconds(Timestamp.milliseconds(since))
    }

    /// The moments of the day the trackers without a time of their own fall due, on the local
    /// wall clock: morning supplements at 09:00, evening ones and the day's check-in at 20:00.
    public enum Times {
        public static let morningSupplements = WallTime(hour: 9, minute: 0)!
        public static let eveningSupplements = WallTime(hour: 20, minute: 0)!
        public static let checkin = WallTime(hour: 20, minute: 0)!
    }

    /// Oldest first; at one moment by kind, then name.
    public static func order(_ lhs: DueItem, _ rhs: DueItem) -> Bool {
        (lhs.since, Kind.allCases.firstIndex(of: lhs.kind)!, lhs.name)
            < (rhs.since, Kind.allCases.firstIndex(of: rhs.kind)!, rhs.name)
    }
}

/// When `wellness due --new` last looked: what fell due before it was shown then. It stays on
/// the device (a second device's timer must not silence this one's).
public struct DueMarker: Sendable, Equatable, Codable {
    public let checkedAt: Date

    public init(checkedAt: Date) {
        self.checkedAt = Timestamp.fromMilliseconds(Timestamp.milliseconds(checkedAt))
    }
}

/// The one ``DueMarker`` of a store.
public enum DueMarkerRecords: RecordKind {
    public static let collection: RecordCollection = "dueMarker"
    /// The marker came with archive version 2.
    public static var archiveVersion: Int { 2 }

    /// A store holds one marker.
    public static func identity(of marker: DueMarker) -> String { "due" }

    public static func precedes(_ lhs: DueMarker, _ rhs: DueMarker) -> Bool { lhs.checkedAt < rhs.checkedAt }
}
