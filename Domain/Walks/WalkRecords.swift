import Foundation

/// Walks, by id.
public enum WalkRecords: RecordKind {
    public static let collection: RecordCollection = "walks"
    /// Walks came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of walk: Walk) -> Walk.ID { walk.id }

    /// Minutes, kilometres and note as `walks add` checks them (``Walk/check()``).
    public static func validate(_ walk: Walk) throws(RecordRejection) {
        try RecordRejection.checking { try walk.check() }
    }

    public static func precedes(_ lhs: Walk, _ rhs: Walk) -> Bool {
        (lhs.start, lhs.id.description) < (rhs.start, rhs.id.description)
    }
}

/// A time of day a walk is planned at (`walks plan 07:30 18:00`), on the local wall clock.
public struct PlannedWalk: Sendable, Hashable, Codable {
    /// The time of day.
    public let time: WallTime

    /// A walk planned at `time`.
    public init(time: WallTime) {
        self.time = time
    }
}

/// The planned walk times, one record per time.
public enum PlannedWalkRecords: RecordKind {
    public static let collection: RecordCollection = "walkPlan"
    /// The plan came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of planned: PlannedWalk) -> WallTime { planned.time }

    public static func precedes(_ lhs: PlannedWalk, _ rhs: PlannedWalk) -> Bool { lhs.time < rhs.time }
}

extension RecordCollection {
    public static var walks: RecordCollection { WalkRecords.collection }
    public static var walkPlan: RecordCollection { PlannedWalkRecords.collection }
}
