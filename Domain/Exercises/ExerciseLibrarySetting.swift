import Foundation

/// The exercise library: its exercises, and whether the bundled library was added.
public enum ExerciseLibrarySetting: SettingKind {
    public static let name = "exerciseLibrary"
    /// Exercises added on two devices are all kept: the library merges exercise by exercise.
    public static var syncRule: SyncRule { .fields(elements: ["items": .field("id")], settled: ["isSeeded"]) }
    public static var unused: ExerciseLibrary { ExerciseLibrary() }

    public static func encode(_ library: ExerciseLibrary, to container: inout KeyedEncodingContainer<SettingKey>) throws {
        try container.encode(SeededList(isSeeded: library.isSeeded, items: library.exercises), forKey: key)
    }

    public static func decode(from container: KeyedDecodingContainer<SettingKey>) throws -> ExerciseLibrary {
        let list = try container.decode(SeededList<ExerciseDefinition>.self, forKey: key)
        return ExerciseLibrary(exercises: list.items, isSeeded: list.isSeeded)
    }

    /// Each exercise's id (``IdentifierText``) and a name of plain text, as the bundled library
    /// has them.
    public static func validate(_ library: ExerciseLibrary) throws(RecordRejection) {
        for exercise in library.exercises {
            try IdentifierText.check(exercise.id.rawValue)
            try RecordRejection.checking { try PlainText.check(exercise.name, .name) }
        }
    }
}
