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
