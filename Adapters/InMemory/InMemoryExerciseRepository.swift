import WellnessApplication
import WellnessDomain

/// The exercise library held in memory.
public actor InMemoryExerciseRepository: ExerciseRepository {
    private var current = ExerciseLibrary()

    /// An empty library, not seeded.
    public init() {}

    public func library() -> ExerciseLibrary { current }

    public func update<Result: Sendable>(_ change: @Sendable (inout ExerciseLibrary) throws -> Result) throws -> Result {
        var copy = current
        let result = try change(&copy)
        current = copy.keepingSeeded(from: current)
        return result
    }
}
