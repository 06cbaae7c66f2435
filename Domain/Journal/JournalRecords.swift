import Foundation

/// Daily journals, one per day.
public enum JournalRecords: RecordKind {
    public static let collection: RecordCollection = "journals"
    /// Notes keep the later change; tags merge one by one, so a tag toggled on one device and
    /// another toggled on a second are both kept.
    public static var syncRule: SyncRule { .fields(elements: ["tags": .itself]) }

    public static func identity(of journal: DailyJournal) -> LocalDay { journal.day }

    /// Notes of at most ``DailyJournal/maximumNotesLength`` characters without control
    /// characters (tab and line breaks are text), as `journal notes` checks them.
    public static func validate(_ journal: DailyJournal) throws(RecordRejection) {
        guard let notes = journal.notes else { return }
        guard notes.count <= DailyJournal.maximumNotesLength else {
            throw RecordRejection("notes of \(notes.count) characters, more than \(DailyJournal.maximumNotesLength)")
        }
        try RecordRejection.checking { try PlainText.check(notes, .notes) }
    }

    public static func precedes(_ lhs: DailyJournal, _ rhs: DailyJournal) -> Bool { lhs.day < rhs.day }
}

extension RecordCollection {
    public static var journals: RecordCollection { JournalRecords.collection }
}
