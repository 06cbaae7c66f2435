import WellnessDomain

extension NudgeSnoozeRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (NudgeSnooze) throws -> Void) async throws {
        try forEach(sorted: try await stores.nudgeSnoozes.all(), body)
    }

    public static func restore(_ snoozes: [NudgeSnooze], into stores: WellnessRepositories) async throws {
        for snooze in snoozes { try await stores.nudgeSnoozes.save(snooze) }
    }

    public static func save(synced snooze: NudgeSnooze, replacing old: NudgeSnooze?, into stores: WellnessRepositories) async throws {
        try await stores.nudgeSnoozes.save(snooze)
    }

    public static func remove(synced snooze: NudgeSnooze, from stores: WellnessRepositories) async throws {}

    /// A snooze is replaced, never removed.
    public static var removalTravels: Bool { false }
}
