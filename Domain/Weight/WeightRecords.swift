import Foundation

/// Weigh-ins, by id. Stores keep them in tables of their own, tuned for a million rows.
public enum WeightRecords: RecordKind {
    public static let collection: RecordCollection = "weights"

    public static func identity(of entry: WeightEntry) -> WeightEntry.ID { entry.id }

    public static func precedes(_ lhs: WeightEntry, _ rhs: WeightEntry) -> Bool {
        (lhs.date, lhs.id.description) < (rhs.date, rhs.id.description)
    }
}

extension RecordCollection {
    public static var weights: RecordCollection { WeightRecords.collection }
}
