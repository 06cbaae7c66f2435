import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// The library in `exercise` (in stored order), seeded marker in `seedMarker`.
public struct SQLiteExerciseRepository: ExerciseRepository {
    private let database: SQLiteDatabase
    static let marker = "exercises"

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func library() async throws -> ExerciseLibrary {
        let database = self.database
        return try await database.read { db in try Self.fetch(db, database) }
    }

    public func update<Result: Sendable>(_ change: @Sendable (inout ExerciseLibrary) throws -> Result) async throws -> Result {
        let database = self.database
        return try await database.write { db in
            let original = try Self.fetch(db, database)
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

    private static func fetch(_ db: Database, _ database: SQLiteDatabase) throws -> ExerciseLibrary {
        let seeded = try SeedMarker.isSet(marker, in: db)
        let exercises = try ExerciseRecord.order(Column("position")).fetchAll(db).map { try $0.exercise(database) }
        return ExerciseLibrary(exercises: exercises, isSeeded: seeded)
    }
}

/// A row of `exercise`.
private struct ExerciseRecord: Codable, FetchableRecord, PersistableRecord {
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

    func exercise(_ database: SQLiteDatabase) throws -> ExerciseDefinition {
        let secondary = secondaryMuscles.split(separator: ",").map { MuscleGroup(rawValue: String($0)) }
        guard let group = MuscleGroup(rawValue: muscleGroup), secondary.allSatisfy({ $0 != nil }),
              let kit = Equipment(rawValue: equipment), let kind = ExerciseCategory(rawValue: category) else {
            throw database.corruptRow(table: Self.databaseTableName, key: "id \(id)",
                                      "unknown muscle group, equipment or category")
        }
        return ExerciseDefinition(id: .init(id), name: name, muscleGroup: group, secondaryMuscles: secondary.compactMap { $0 },
                                  equipment: kit, category: kind)
    }
}
