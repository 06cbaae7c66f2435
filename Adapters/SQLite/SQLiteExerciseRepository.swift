import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// The library in `exercise` (in stored order), seeded marker in `seedMarker`.
public struct SQLiteExerciseRepository: ExerciseRepository {
    private let database: SQLiteDatabase
    static let marker = "exercises"

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func library() async throws -> ExerciseLibrary {
        try await database.read { db in try Self.fetch(db) }
    }

    public func update<Result: Sendable>(_ change: @Sendable (inout ExerciseLibrary) throws -> Result) async throws -> Result {
        try await database.write(touching: [ExerciseLibrarySetting.collection]) { db in
            let original = try Self.fetch(db)
            var library = original
            let result = try change(&library)
            guard library != original else { return result }
            try ExerciseRecord.deleteAll(db)
            for (position, exercise) in library.exercises.enumerated() {
                try ExerciseRecord(exercise, position: position).insert(db)
            }
            if library.isSeeded, !original.isSeeded {
                try SeedMarker.set(Self.marker, in: db)
            }
            return result
        }
    }

    private static func fetch(_ db: Database) throws -> ExerciseLibrary {
        let seeded = try SeedMarker.isSet(marker, in: db)
        let exercises = try Row.fetchAll(db, ExerciseRecord.order(Column("position"))).map {
            try ExerciseRecord.exercise(StoredRow($0, table: ExerciseRecord.databaseTableName, keyColumns: ["id"]))
        }
        return ExerciseLibrary(exercises: exercises, isSeeded: seeded)
    }
}

/// A row of `exercise`.
private struct ExerciseRecord: Encodable, PersistableRecord {
    static let databaseTableName = "exercise"

    var id: String
    var position: Int
    var name: String
    var muscleGroup: String
    var secondaryMuscles: String
    var equipment: String
    var category: String

    init(_ exercise: ExerciseDefinition, position: Int) {
        id = exercise.id.rawValue
        self.position = position
        name = exercise.name
        muscleGroup = exercise.muscleGroup.rawValue
        secondaryMuscles = exercise.secondaryMuscles.map(\.rawValue).joined(separator: ",")
        equipment = exercise.equipment.rawValue
        category = exercise.category.rawValue
    }

    static func exercise(_ row: StoredRow) throws -> ExerciseDefinition {
        _ = try row.int("position")
        let secondary = try row.text("secondaryMuscles").split(separator: ",").map { raw in
            guard let muscle = MuscleGroup(rawValue: String(raw)) else {
                throw row.corrupt("secondaryMuscles", "unknown muscle group \(StoredRow.describe(String(raw)))")
            }
            return muscle
        }
        return ExerciseDefinition(id: .init(try row.text("id")), name: try row.text("name"),
                                  muscleGroup: try row.raw("muscleGroup", as: MuscleGroup.self), secondaryMuscles: secondary,
                                  equipment: try row.raw("equipment", as: Equipment.self),
                                  category: try row.raw("category", as: ExerciseCategory.self))
    }
}
