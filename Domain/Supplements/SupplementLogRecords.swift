import Foundation

/// What was taken on which day: one log per supplement and day, naming a supplement of the stack.
public enum SupplementLogRecords: RecordKind {
    public static let collection: RecordCollection = "supplementLogs"

    public static func identity(of log: SupplementLog) -> DayAnd<Supplement.ID> { DayAnd(log.day, log.supplementID) }

    public static func precedes(_ lhs: SupplementLog, _ rhs: SupplementLog) -> Bool {
        (lhs.day, lhs.supplementID.description) < (rhs.day, rhs.supplementID.description)
    }

    public static func references(of log: SupplementLog) -> [RecordReference] {
        [RecordReference(target: SupplementStackSetting.name, identity: log.supplementID, noun: "supplement \(log.supplementID)")]
    }
}

extension RecordCollection {
    public static var supplementLogs: RecordCollection { SupplementLogRecords.collection }
}
