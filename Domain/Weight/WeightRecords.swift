import Foundation

/// Weigh-ins, by id. Stores keep them in tables of their own, tuned for a million rows.
public enum WeightRecords: RecordKind {
    public static let collection: RecordCollection = "weights"

    public static func identity(of entry: WeightEntry) -> WeightEntry.ID { entry.id }

    /// A weight's own rules, and a note without control characters (a NUL included), as the
    /// CLI and CSV import check them.
    public static func validate(_ entry: WeightEntry) throws(RecordRejection) {
        if let problem = WeightEntry.problem(kilograms: entry.kilograms) { throw RecordRejection(problem) }
        if let note = entry.note, let problem = WeightEntry.problem(note: note) { throw RecordRejection(problem) }
    }

    public static func precedes(_ lhs: WeightEntry, _ rhs: WeightEntry) -> Bool {
        (lhs.date, lhs.id.description) < (rhs.date, rhs.id.description)
    }
}

extension RecordCollection {
    public static var weights: RecordCollection { WeightRecords.collection }
}
