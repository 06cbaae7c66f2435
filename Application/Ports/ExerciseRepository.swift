import WellnessDomain

/// Stores the exercise library.
public protocol ExerciseRepository: Sendable {
    /// The stored library (empty and not seeded on a new store).
    func library() async throws -> ExerciseLibrary

    /// Reads the library, lets `change` modify it, and saves it, atomically. Once the stored value is marked seeded, it stays so.
    func update<Result: Sendable>(_ change: @Sendable (inout ExerciseLibrary) throws -> Result) async throws -> Result
}
