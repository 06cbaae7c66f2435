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

    public static var restoreWriting: RestoreWriting<HealthSample> {
        .streaming(insert: { sample, inserter in try inserter.insert([sample]) == 1 },
                   describe: { sample in describe(identity(of: sample)) })
    }
}
