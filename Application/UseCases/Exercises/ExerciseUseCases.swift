import WellnessDomain

/// Loads the library, seeding the defaults in the same write the first time.
struct SeededLibrary {
    let repository: any ExerciseRepository
    let defaults: [ExerciseDefinition]

    func load() async throws -> [ExerciseDefinition] {
        let stored = try await repository.library()
        if stored.isSeeded { return stored.exercises }
        let defaults = self.defaults
        return try await repository.update { library in
            library.seedIfNeeded(with: defaults)
            return library.exercises
        }
    }
}

/// The exercise library, optionally only one primary muscle group and/or one equipment,
/// sorted by group (declaration order) then name.
public struct ListExercises: Sendable {
    let exercises: any ExerciseRepository
    let defaults: [ExerciseDefinition]

    public init(exercises: any ExerciseRepository, defaults: [ExerciseDefinition]) {
        self.exercises = exercises
        self.defaults = defaults
    }

    public func execute(muscleGroup: MuscleGroup? = nil, equipment: Equipment? = nil) async throws -> [ExerciseDefinition] {
        let order = Dictionary(uniqueKeysWithValues: MuscleGroup.allCases.enumerated().map { ($1, $0) })
        return try await SeededLibrary(repository: exercises, defaults: defaults).load()
            .filter { muscleGroup == nil || $0.muscleGroup == muscleGroup }
            .filter { equipment == nil || $0.equipment == equipment }
            .sorted { (order[$0.muscleGroup]!, $0.name) < (order[$1.muscleGroup]!, $1.name) }
    }
}

/// Exercises whose name contains the text, ignoring case and accents, sorted by name.
public struct SearchExercises: Sendable {
    let exercises: any ExerciseRepository
    let defaults: [ExerciseDefinition]

    public init(exercises: any ExerciseRepository, defaults: [ExerciseDefinition]) {
        self.exercises = exercises
        self.defaults = defaults
    }

    public func execute(_ text: String) async throws -> [ExerciseDefinition] {
        try await SeededLibrary(repository: exercises, defaults: defaults).load()
            .filter { $0.matches(text) }
            .sorted { $0.name < $1.name }
    }
}
