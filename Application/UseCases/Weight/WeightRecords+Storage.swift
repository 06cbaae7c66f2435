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

    /// The store holds one weigh-in per minute and weight: a second is refused, not dropped.
    public static var restoreWriting: RestoreWriting<WeightEntry> {
        .streaming(insert: { entry, inserter in try inserter.weights.insert([entry]) == 1 },
                   describe: { entry in "\(Timestamp.format(entry.date)) \(entry.kilograms) kg" })
    }
}
