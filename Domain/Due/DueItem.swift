import Foundation

/// Something to do now or overdue: a planned walk or meal, a medication's dose, a document
/// expiring, a supplement not taken yet, today's check-in. `wellness due` lists them oldest first;
/// a new tracker adds its kind here and its `DueSource`.
public struct DueItem: Sendable, Hashable {
    /// What falls due.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A planned walk not walked yet (its name is the planned time).
        case walk
        /// A planned meal not given yet (its name is the planned time and food, `07:00 kibble`).
        case meal
        /// A medication's scheduled dose not given yet (its name is the medication's).
        case medication
        /// A supplement of the stack not taken yet today (its name is the supplement's).
        case supplement
        /// Today's check-in, not made yet.
        case checkin
        /// A document that expires within 30 days or has expired (its name is the document's title).
        case document
    }

    /// What falls due.
    public let kind: Kind
    /// What it is, as the person named it: the walk's planned time, the meal's time and food, the
    /// medication's or the supplement's name; empty for a check-in.
    public let name: String
    /// When it fell due.
    public let since: Date

    /// An item of `kind` named `name`, due since `since` (to the millisecond).
    public init(kind: Kind, name: String, since: Date) {
        self.kind = kind
        self.name = name
        self.since = Timestamp.fromMilliseconds(Timestamp.milliseconds(since))
    }

    /// What tells this item apart from every other of its day: its kind, name and moment.
    public var key: String { "\(kind.rawValue) \(name) \(Timestamp.format(since))" }

    /// The moments of the day the trackers without a time of their own fall due, on the local
    /// wall clock: morning supplements at 09:00, evening ones and the day's check-in at 20:00.
    public enum Times {
        /// When a morning supplement not taken yet falls due.
        public static let morningSupplements = WallTime(hour: 9, minute: 0)!
        /// When an evening supplement not taken yet falls due.
        public static let eveningSupplements = WallTime(hour: 20, minute: 0)!
        /// When today's check-in, not made yet, falls due.
        public static let checkin = WallTime(hour: 20, minute: 0)!
    }

    /// Oldest first; at one moment by kind, then name.
    public static func order(_ lhs: DueItem, _ rhs: DueItem) -> Bool {
        (lhs.since, Kind.allCases.firstIndex(of: lhs.kind)!, lhs.name)
            < (rhs.since, Kind.allCases.firstIndex(of: rhs.kind)!, rhs.name)
    }
}

/// What `wellness due --new` already said today, so it says each item once: the day and the
/// ``DueItem/key`` of each item it announced. It stays on the device (a second device's timer must
/// not silence this one's): it is not in the ``RecordRegistry``, so no backup, export or sync
/// carries it, and it does not make a store count as used.
public struct DueMarker: Sendable, Equatable, Codable {
    /// The local day the announced items fell due on.
    public let day: LocalDay
    /// The keys of the items announced on ``day``.
    public let announced: Set<String>

    public init(day: LocalDay, announced: Set<String>) {
        self.day = day
        self.announced = announced
    }
}

/// The one ``DueMarker`` of a store, kept in its record repositories outside the registry.
public enum DueMarkerRecords: RecordKind {
    public static let collection: RecordCollection = "dueMarker"

    /// A store holds one marker.
    public static let identity = "due"

    public static func identity(of marker: DueMarker) -> String { identity }

    public static func precedes(_ lhs: DueMarker, _ rhs: DueMarker) -> Bool { lhs.day < rhs.day }
}
