import WellnessDomain

/// Exercises whose name contains the text, ignoring case and accents, sorted by name.
public struct SearchExercises: Sendable {
    let exercises: any ExerciseRepository
    let defaults: [ExerciseDefinition]

    /// A use case on `exercises`, seeding `defaults` the first time the library is read.
    public init(exercises: any ExerciseRepository, defaults: [ExerciseDefinition]) {
        self.exercises = exercises
        self.defaults = defaults
    }

    /// The exercises whose name contains `text`, ignoring case and accents, by name (the library seeded
    /// if it was not yet).
    public func execute(_ text: String) async throws -> [ExerciseDefinition] {
        try await SeededLibrary(repository: exercises, defaults: defaults).load()
            .filter { $0.matches(text) }
            .sorted { $0.name < $1.name }
    }
}
