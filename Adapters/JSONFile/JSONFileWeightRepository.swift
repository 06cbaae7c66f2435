import Foundation
import WellnessApplication
import WellnessDomain
import WellnessStoreState

/// Weigh-ins in `weights.json`, oldest first. An import reads the file once, inserts in
/// memory, and replaces the file once when it commits.
public struct JSONFileWeightRepository: WeightRepository {
    private let store: JSONFileStore
    static let collection = WeightRecords.collection.rawValue

    /// Keeps its data in `store`'s `weights.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    private func collection() async throws -> WeightCollection {
        try await store.read(Self.collection, as: WeightCollection.self) ?? WeightCollection()
    }

    public func entries(since start: Date?) async throws -> [WeightEntry] { try await collection().entries(since: start) }

    public func latest(atOrBefore date: Date?) async throws -> WeightEntry? { try await collection().latest(atOrBefore: date) }

    public func entries(idPrefix prefix: String, limit: Int) async throws -> [WeightEntry] {
        try await collection().entries(idPrefix: prefix, limit: limit)
    }

    public func remove(_ id: WeightEntry.ID) async throws -> Bool {
        try await store.update(Self.collection, as: WeightCollection.self) { stored in
            var collection = stored ?? WeightCollection()
            let removed = collection.remove(id)
            if removed { stored = collection }
            return removed
        }
    }

    public func forEachEntry(_ body: @Sendable (WeightEntry) throws -> Void) async throws {
        for entry in try await collection().entries { try body(entry) }
    }

    public func importEntries<Result: Sendable>(
        commit: Bool, _ body: @Sendable (any WeightInserting) throws -> Result
    ) async throws -> Result {
        try await store.update(Self.collection, as: WeightCollection.self) { stored in
            let inserter = WeightCollection.Inserter(stored ?? WeightCollection())
            let result = try body(inserter)
            if commit, inserter.collection != (stored ?? WeightCollection()) { stored = inserter.collection }
            return result
        }
    }
}

/// Weigh-ins are written one at a time: a million of them encoded as one value took 1 GB.
extension WeightCollection: ElementwiseEncodable {
    func encodeElementwise(with encoder: JSONEncoder) throws -> Data {
        try entries.encodeElementwise(with: encoder)
    }
}
