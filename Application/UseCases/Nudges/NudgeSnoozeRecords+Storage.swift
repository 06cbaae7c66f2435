import WellnessDomain

extension NudgeSnoozeRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (NudgeSnooze) throws -> Void) async throws {
        try forEach(sorted: try await stores.nudgeSnoozes.all(), body)
    }

    public static func restore(_ snoozes: [NudgeSnooze], into stores: WellnessRepositories) async throws {
        for snooze in snoozes { try await stores.nudgeSnoozes.save(snooze) }
    }
}
