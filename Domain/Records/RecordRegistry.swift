import Foundation

/// The kinds of records a store keeps, in the order a backup archive holds their collections.
/// Backup, restore, `migrate` and the stores read it; adding a kind to Wellness is one line in
/// ``standard``, and an app adds kinds of its own with ``adding(_:)``.
public struct RecordRegistry: Sendable {
    /// The kinds, in archive order.
    public let kinds: [any RecordKind.Type]

    /// A registry of `kinds`, in that order; two kinds may not share a collection.
    public init(_ kinds: [any RecordKind.Type]) {
        var names = Set<RecordCollection>()
        for kind in kinds {
            precondition(names.insert(kind.collection).inserted, "two kinds of record named \(kind.collection)")
            precondition(kind.archiveVersion >= 1, "\(kind.collection): archive versions start at 1")
        }
        self.kinds = kinds
    }

    /// Wellness's own kinds of records.
    public static let standard = RecordRegistry([
        SupplementLogRecords.self,
        GoalRecords.self,
        GoalTipsRecords.self,
        JournalRecords.self,
        MoodRecords.self,
        CheckinRecords.self,
        QueuedCheckinRecords.self,
        CompletionRecords.self,
        DecisionRecords.self,
        NudgeSnoozeRecords.self,
        WeightRecords.self,
        HealthRecords.self,
    ])

    /// This registry with `kind` after its own kinds.
    public func adding(_ kind: any RecordKind.Type) -> RecordRegistry {
        RecordRegistry(kinds + [kind])
    }

    /// The collections, in archive order.
    public var collections: [RecordCollection] { kinds.map { $0.collection } }

    /// The kind whose collection is `collection`.
    public func kind(of collection: RecordCollection) -> (any RecordKind.Type)? {
        kinds.first { $0.collection == collection }
    }

    /// The archive version a backup of these kinds is written in: the newest any kind needs.
    public var archiveVersion: Int { kinds.map { $0.archiveVersion }.max() ?? 1 }

    /// Whether `lhs` comes before `rhs` in an archive (a collection not in the registry last).
    public func precedes(_ lhs: RecordCollection, _ rhs: RecordCollection) -> Bool {
        let count = kinds.count
        return (position(of: lhs) ?? count) < (position(of: rhs) ?? count)
    }

    func position(of collection: RecordCollection) -> Int? {
        kinds.firstIndex { $0.collection == collection }
    }
}
