import WellnessDomain

extension HealthRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (HealthSample) throws -> Void) async throws {
        let samples = try await stores.health.samples(of: Set(HealthSampleKind.allCases), startingIn: WellnessRepositories.allTime)
        try forEach(sorted: samples, body)
    }

    /// Written as they stream (``restoreWriting``).
    public static func restore(_ samples: [HealthSample], into stores: WellnessRepositories) async throws {
        precondition(samples.isEmpty, "health samples are restored as they stream")
    }

    /// A sample is its values (its identity names them all), so one from another device is
    /// added, or is here already.
    public static func save(synced sample: HealthSample, replacing old: HealthSample?,
                            into stores: WellnessRepositories) async throws {
        guard old == nil else { return }
        _ = try await stores.health.importSamples { inserter in try inserter.insert([sample]) }
    }

    public static func remove(synced sample: HealthSample, from stores: WellnessRepositories) async throws {}

    /// Another device's new samples, all in one transaction (a new device receives hundreds of
    /// thousands); a sample is its values, so one this store holds stays as it is.
    public static func write(synced changes: [(old: HealthSample?, new: HealthSample?)],
                             into stores: WellnessRepositories) async throws {
        let added = changes.compactMap { $0.old == nil ? $0.new : nil }
        guard !added.isEmpty else { return }
        _ = try await stores.health.importSamples { inserter in try inserter.insert(added) }
    }

    /// Samples are removed by source or kind, never one by one: a removal stays on its device.
    public static var removalTravels: Bool { false }

    public static var restoreWriting: RestoreWriting<HealthSample> {
        .streaming(insert: { sample, inserter in try inserter.insert([sample]) == 1 },
                   describe: { sample in describe(identity(of: sample)) })
    }
}
