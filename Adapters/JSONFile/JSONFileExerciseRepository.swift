import WellnessApplication
import WellnessDomain

/// The exercise library in `exercise-library.json`, with its seeded marker.
public struct JSONFileExerciseRepository: ExerciseRepository {
    private let store: JSONFileStore
    static let collection = "exercise-library"

    /// Keeps its data in `store`'s `exercise-library.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func library() async throws -> ExerciseLibrary {
        try await store.read(Self.collection, as: Document.self)?.library ?? ExerciseLibrary()
    }

    public func update<Result: Sendable>(_ change: @Sendable (inout ExerciseLibrary) throws -> Result) async throws -> Result {
        try await store.update(Self.collection, as: Document.self) { document in
            let original = document?.library ?? ExerciseLibrary()
            var library = original
            let result = try change(&library)
            library = library.keepingSeeded(from: original)
            document = Document(seeded: library.isSeeded, exercises: library.exercises)
            return result
        }
    }

    /// `{"seeded": Bool, "exercises": [...]}`.
    struct Document: Codable, Equatable {
        var seeded: Bool
        var exercises: [ExerciseDefinition]

        var library: ExerciseLibrary { ExerciseLibrary(exercises: exercises, isSeeded: seeded) }
    }
}
