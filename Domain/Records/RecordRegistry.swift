import Foundation

/// The kinds of records a store keeps, in the order a backup archive holds their collections,
/// and the settings it holds one of. Backup, restore, `migrate` and the stores read it; adding a
/// kind to Wellness is one line in ``standard``, and an app adds kinds of its own with
/// `adding(_:)`.
public struct RecordRegistry: Sendable {
    /// The kinds, in archive order.
    public let kinds: [any RecordKind.Type]
    /// The settings, each written under its name in an archive's `settings`.
    public let settings: [any SettingKind.Type]

    /// A registry of `kinds`, in that order, and `settings`; two kinds may not share a
    /// collection, nor two settings a name.
    public init(_ kinds: [any RecordKind.Type], settings: [any SettingKind.Type] = []) {
        var names = Set<RecordCollection>()
        for kind in kinds {
            precondition(names.insert(kind.collection).inserted, "two kinds of record named \(kind.collection)")
            precondition(kind.archiveVersion >= 1, "\(kind.collection): archive versions start at 1")
        }
        var settingNames = Set<String>()
        for setting in settings {
            precondition(settingNames.insert(setting.name).inserted, "two settings named \(setting.name)")
        }
        self.kinds = kinds
        self.settings = settings
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
        WalkRecords.self,
        PlannedWalkRecords.self,
        TrainingRecords.self,
        SocializationRecords.self,
        MilestoneRecords.self,
        MealRecords.self,
        PlannedMealRecords.self,
        MedicationRecords.self,
        MedicationDoseRecords.self,
        DocumentRecords.self,
        DocumentChunkRecords.self,
    ], settings: [
        TierSetting.self,
        ModuleSettingsSetting.self,
        DogProfileSetting.self,
        SupplementStackSetting.self,
        ExerciseLibrarySetting.self,
        CheckinPauseSetting.self,
    ])

    /// This registry with `kind` after its own kinds.
    public func adding(_ kind: any RecordKind.Type) -> RecordRegistry {
        RecordRegistry(kinds + [kind], settings: settings)
    }

    /// This registry with `setting` after its own settings.
    public func adding(_ setting: any SettingKind.Type) -> RecordRegistry {
        RecordRegistry(kinds, settings: settings + [setting])
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
