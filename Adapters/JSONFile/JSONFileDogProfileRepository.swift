import WellnessApplication
import WellnessDomain

/// The dog profile in `dog-profile.json`.
public struct JSONFileDogProfileRepository: DogProfileRepository {
    private let store: JSONFileStore
    static let collection = "dog-profile"

    /// Keeps its data in `store`'s `dog-profile.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func load() async throws -> DogProfile? {
        try await store.read(Self.collection, as: Document.self).map {
            DogProfile(storedName: $0.name, birthDate: $0.birthDate)
        }
    }

    public func save(_ profile: DogProfile) async throws {
        try await store.update(Self.collection, as: Document.self) { document in
            document = Document(name: profile.name, birthDate: profile.birthDate)
        }
    }

    /// The file's shape: `{"name", "birthDate": "YYYY-MM-DD"}`.
    struct Document: Codable, Equatable {
        var name: String
        var birthDate: LocalDay
    }
}
