import WellnessDomain

extension SupplementLogRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (SupplementLog) throws -> Void) async throws {
        try forEach(sorted: try await stores.supplements.logs(on: WellnessRepositories.allDays), body)
    }

    public static func restore(_ logs: [SupplementLog], into stores: WellnessRepositories) async throws {
        for log in logs { try await stores.supplements.save(log) }
    }
}
