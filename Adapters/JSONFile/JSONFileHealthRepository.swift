import Foundation
import WellnessApplication
import WellnessDomain
import WellnessStoreState

/// Health samples in `health.json`, earliest first. An import reads it and `weights.json` once,
/// inserts in memory, and replaces both in one transaction when it commits.
///
/// Every read decodes the whole file: fine for a few months of data; years of a watch's data
/// belong in the SQLite store.
public struct JSONFileHealthRepository: HealthRepository {
    private let store: JSONFileStore
    static let collection = HealthRecords.collection.rawValue

    /// Keeps its data in `store`'s `health.json` (and `weights.json`, for imports). Its methods throw
    /// `JSONFileStoreError` or `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    private func collection() async throws -> HealthCollection {
        try await store.read(Self.collection, as: HealthCollection.self) ?? HealthCollection()
    }

    public func samples(of kinds: Set<HealthSampleKind>, startingIn interval: DateInterval) async throws -> [HealthSample] {
        try await collection().samples(of: kinds, startingIn: interval)
    }

    public func hasSamples() async throws -> Bool { try await !collection().isEmpty }

    public func countSamples(_ selection: HealthSampleSelection) async throws -> Int {
        try await collection().count(selection)
    }

    public func removeSamples(_ selection: HealthSampleSelection) async throws -> Int {
        try await store.transaction { transaction in
            var health = try transaction.read(Self.collection, as: HealthCollection.self) ?? HealthCollection()
            let removed = health.remove(selection)
            if removed > 0 { try transaction.write(Self.collection, health) }
            return removed
        }
    }

    public func importSamples<Result: Sendable>(
        _ body: @Sendable (any HealthInserting) throws -> Result
    ) async throws -> Result {
        try await store.transaction { transaction in
            let health = try transaction.read(Self.collection, as: HealthCollection.self) ?? HealthCollection()
            let weights = try transaction.read(JSONFileWeightRepository.collection, as: WeightCollection.self)
                ?? WeightCollection()
            let inserter = HealthCollection.Inserter(health, weights: weights)
            let result = try body(inserter)
            let newHealth = inserter.collection, newWeights = inserter.weightCollection
            if newHealth != health { try transaction.write(Self.collection, newHealth) }
            if newWeights != weights { try transaction.write(JSONFileWeightRepository.collection, newWeights) }
            return result
        }
    }
}
