import Foundation

/// Daily journals, one per day.
public enum JournalRecords: RecordKind {
    public static let collection: RecordCollection = "journals"

    public static func identity(of journal: DailyJournal) -> LocalDay { journal.day }

    public static func precedes(_ lhs: DailyJournal, _ rhs: DailyJournal) -> Bool { lhs.day < rhs.day }
}

extension RecordCollection {
    public static var journals: RecordCollection { JournalRecords.collection }
}
