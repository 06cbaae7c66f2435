import Foundation

/// The exercise library: its exercises, and whether the bundled library was added.
public enum ExerciseLibrarySetting: SettingKind {
    public static let name = "exerciseLibrary"
    public static var unused: ExerciseLibrary { ExerciseLibrary() }

    public static func encode(_ library: ExerciseLibrary, to container: inout KeyedEncodingContainer<SettingKey>) throws {
        try container.encode(SeededList(isSeeded: library.isSeeded, items: library.exercises), forKey: key)
    }

    public static func decode(from container: KeyedDecodingContainer<SettingKey>) throws -> ExerciseLibrary {
        let list = try container.decode(SeededList<ExerciseDefinition>.self, forKey: key)
        return ExerciseLibrary(exercises: list.items, isSeeded: list.isSeeded)
    }
}
