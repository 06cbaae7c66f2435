import WellnessDomain

/// The exercise library, optionally only one primary muscle group and/or one equipment,
/// sorted by group (declaration order) then name.
public struct ListExercises: Sendable {
    let exercises: any ExerciseRepository
    let defaults: [ExerciseDefinition]

    /// A use case on `exercises`, seeding `defaults` the first time the library is read.
    public init(exercises: any ExerciseRepository, defaults: [ExerciseDefinition]) {
        self.exercises = exercises
        self.defaults = defaults
    }

    /// The library (seeded if it was not yet), only `muscleGroup` and `equipment` when given, by group
    /// then name.
    public func execute(muscleGroup: MuscleGroup? = nil, equipment: Equipment? = nil) async throws -> [ExerciseDefinition] {
        let order = Dictionary(uniqueKeysWithValues: MuscleGroup.allCases.enumerated().map { ($1, $0) })
        return try await SeededLibrary(repository: exercises, defaults: defaults).load()
            .filter { muscleGroup == nil || $0.muscleGroup == muscleGroup }
            .filter { equipment == nil || $0.equipment == equipment }
            .sorted { (order[$0.muscleGroup]!, $0.name) < (order[$1.muscleGroup]!, $1.name) }
    }
}
