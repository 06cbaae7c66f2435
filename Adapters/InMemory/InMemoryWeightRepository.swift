import Foundation
import WellnessApplication
import WellnessDomain
import WellnessStoreState

/// Weigh-ins held in memory, and the health samples kept with them
/// (``InMemoryHealthRepository``), so that an import saves both together.
public actor InMemoryWeightRepository: WeightRepository {
    private var collection = WeightCollection()
    private var health = HealthCollection()

    /// No weigh-ins and no health samples.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(changes: StoreChangeFeed? = nil) {
        self.changes = changes
    }

    public func entries(since start: Date?) -> [WeightEntry] { collection.entries(since: start) }

    public func latest(atOrBefore date: Date?) -> WeightEntry? { collection.latest(atOrBefore: date) }

    public func entries(idPrefix prefix: String, limit: Int) -> [WeightEntry] {
        collection.entries(idPrefix: prefix, limit: limit)
    }

    public func remove(_ id: WeightEntry.ID) -> Bool {
        defer { changes?.report([WeightRecords.collection]) }
        return collection.remove(id)
    }

    public func forEachEntry(_ body: @Sendable (WeightEntry) throws -> Void) throws {
        for entry in collection.entries { try body(entry) }
    }

    public func importEntries<Result: Sendable>(
        commit: Bool, _ body: @Sendable (any WeightInserting) throws -> Result
    ) throws -> Result {
        let inserter = WeightCollection.Inserter(collection)
        let result = try body(inserter)
        if commit {
            collection = inserter.collection
            changes?.report([WeightRecords.collection])
        }
        return result
    }

    // MARK: - Health samples, for InMemoryHealthRepository

    func healthSamples(of kinds: Set<HealthSampleKind>, startingIn interval: DateInterval) -> [HealthSample] {
        health.samples(of: kinds, startingIn: interval)
    }

    func hasHealthSamples() -> Bool { !health.isEmpty }

    func countHealthSamples(_ selection: HealthSampleSelection) -> Int { health.count(selection) }

    func removeHealthSamples(_ selection: HealthSampleSelection) -> Int {
        defer { changes?.report([HealthRecords.collection]) }
        return health.remove(selection)
    }

    func importHealth<Result: Sendable>(_ body: @Sendable (any HealthInserting) throws -> Result) throws -> Result {
        let inserter = HealthCollection.Inserter(health, weights: collection)
        let result = try body(inserter)
        health = inserter.collection
        collection = inserter.weightCollection
        changes?.report([HealthRecords.collection, WeightRecords.collection])
        return result
    }
}
