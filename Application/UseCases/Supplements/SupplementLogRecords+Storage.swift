import WellnessDomain

extension SupplementLogRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (SupplementLog) throws -> Void) async throws {
        try forEach(sorted: try await stores.supplements.logs(on: WellnessRepositories.allDays), body)
    }

    public static func restore(_ logs: [SupplementLog], into stores: WellnessRepositories) async throws {
        for log in logs { try await stores.supplements.save(log) }
    }

    /// A supplement ticked on two devices is one log of its day: taken once.
    public static func save(synced log: SupplementLog, replacing old: SupplementLog?,
                            into stores: WellnessRepositories) async throws {
        try await stores.supplements.save(log)
    }

    public static func remove(synced log: SupplementLog, from stores: WellnessRepositories) async throws {}

    /// A log is unticked, never removed: the untick travels as a change.
    public static var removalTravels: Bool { false }
}
