import Foundation
import WellnessApplication

/// Allowed tips destinations in `tips-consent.json`: `{"allowed": ["https://host", …]}`, sorted.
/// Kept beside the login whatever the store, as it is the person's choice about this machine.
public struct JSONFileTipsConsentRepository: TipsConsentRepository {
    private let store: JSONFileStore
    static let collection = "tips-consent"

    struct Document: Codable, Equatable {
        var allowed: [String]
    }

    /// Keeps its data in `store`'s `tips-consent.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func isAllowed(_ destination: String) async throws -> Bool {
        try await allowed().contains(destination)
    }

    public func allow(_ destination: String) async throws {
        guard try await !isAllowed(destination) else { return }
        try await store.update(Self.collection, as: Document.self) { stored in
            let allowed = Set(stored?.allowed ?? []).union([destination])
            stored = Document(allowed: allowed.sorted())
        }
    }

    public func allowed() async throws -> [String] {
        try await store.read(Self.collection, as: Document.self)?.allowed.sorted() ?? []
    }
}
