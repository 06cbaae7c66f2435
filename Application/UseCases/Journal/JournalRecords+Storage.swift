import WellnessDomain

extension JournalRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (DailyJournal) throws -> Void) async throws {
        try forEach(sorted: try await stores.journals.journals(on: WellnessRepositories.allDays), body)
    }

    public static func restore(_ journals: [DailyJournal], into stores: WellnessRepositories) async throws {
        for journal in journals { try await stores.journals.update(journal.day) { $0 = journal } }
    }

    public static func save(synced journal: DailyJournal, replacing old: DailyJournal?,
                            into stores: WellnessRepositories) async throws {
        try await stores.journals.update(journal.day) { $0 = journal }
    }

    public static func remove(synced journal: DailyJournal, from stores: WellnessRepositories) async throws {}

    /// A journal is emptied, never removed: its emptying travels as a change.
    public static var removalTravels: Bool { false }
}
