import WellnessDomain

extension JournalRecords: StoredRecordKind {
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (DailyJournal) throws -> Void) async throws {
        try forEach(sorted: try await stores.journals.journals(on: WellnessRepositories.allDays), body)
    }

    public static func restore(_ journals: [DailyJournal], into stores: WellnessRepositories) async throws {
        for journal in journals { try await stores.journals.update(journal.day) { $0 = journal } }
    }
}
