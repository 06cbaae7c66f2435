import WellnessApplication
import WellnessDomain

/// The exercise library held in memory.
public actor InMemoryExerciseRepository: ExerciseRepository {
    private var current = ExerciseLibrary()

    /// An empty library, not seeded.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(changes: StoreChangeFeed? = nil) {
        self.changes = changes
    }

    public func library() -> ExerciseLibrary { current }

    public func update<Result: Sendable>(_ change: @Sendable (inout ExerciseLibrary) throws -> Result) throws -> Result {
        var copy = current
        let result = try change(&copy)
        current = copy.keepingSeeded(from: current)
        changes?.report([ExerciseLibrarySetting.collection])
        return result
    }
}
