import Foundation
import WellnessDomain

extension WeightRecords: StoredRecordKind {
    /// Streamed from the store, in its order, never held whole.
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (WeightEntry) throws -> Void) async throws {
        try await stores.weights.forEachEntry(body)
    }

    /// Written as they stream (``restoreWriting``).
    public static func restore(_ entries: [WeightEntry], into stores: WellnessRepositories) async throws {
        precondition(entries.isEmpty, "weigh-ins are restored as they stream")
    }

    /// A weigh-in from another device. The store holds one per minute and weight
    /// (``WeightEntry/duplicateKey``): when two devices recorded the same one under two ids,
    /// the smaller id stays, on every device (the other is removed here, and its removal travels).
    public static func save(synced entry: WeightEntry, replacing old: WeightEntry?,
                            into stores: WellnessRepositories) async throws {
        if let old { _ = try await stores.weights.remove(old.id) }
        if try await insert(entry, into: stores) { return }
        let minute = Date(timeIntervalSince1970: (entry.date.timeIntervalSince1970 / 60).rounded(.down) * 60)
        let same = try await stores.weights.entries(since: minute)
            .first { $0.id != entry.id && $0.duplicateKey == entry.duplicateKey }
        guard let same, entry.id.description < same.id.description else { return }
        _ = try await stores.weights.remove(same.id)
        _ = try await insert(entry, into: stores)
    }

    private static func insert(_ entry: WeightEntry, into stores: WellnessRepositories) async throws -> Bool {
        try await stores.weights.importEntries(commit: true) { inserter in try inserter.insert([entry]) } == 1
    }

    public static func remove(synced entry: WeightEntry, from stores: WellnessRepositories) async throws {
        _ = try await stores.weights.remove(entry.id)
    }

    /// The store holds one weigh-in per minute and weight: a second is refused, not dropped.
    public static var restoreWriting: RestoreWriting<WeightEntry> {
        .streaming(insert: { entry, inserter in try inserter.weights.insert([entry]) == 1 },
                   describe: { entry in "\(Timestamp.format(entry.date)) \(entry.kilograms) kg" })
    }
}
