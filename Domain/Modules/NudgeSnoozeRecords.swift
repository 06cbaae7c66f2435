import Foundation

/// The "Not now" snoozes of nudges, one per nudge.
public enum NudgeSnoozeRecords: RecordKind {
    public static let collection: RecordCollection = "nudgeSnoozes"

    public static func identity(of snooze: NudgeSnooze) -> String { snooze.nudgeID }

    /// A nudge id of plain text (``IdentifierText``); an id this version does not know is kept,
    /// since a newer version may have written it.
    public static func validate(_ snooze: NudgeSnooze) throws(RecordRejection) {
        try IdentifierText.check(snooze.nudgeID)
    }

    public static func precedes(_ lhs: NudgeSnooze, _ rhs: NudgeSnooze) -> Bool { lhs.nudgeID < rhs.nudgeID }
}

extension RecordCollection {
    public static var nudgeSnoozes: RecordCollection { NudgeSnoozeRecords.collection }
}
