import WellnessApplication
import WellnessDomain

/// Daily journals held in memory, one per day.
public actor InMemoryJournalRepository: JournalRepository {
    private var journals: [LocalDay: DailyJournal] = [:]

    /// Holding `journals`, one per day (of two for one day, the later in the list).
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(_ journals: [DailyJournal] = [], changes: StoreChangeFeed? = nil) {
        for journal in journals { self.journals[journal.day] = journal }
        self.changes = changes
    }

    public func journal(on day: LocalDay) -> DailyJournal? { journals[day] }

    public func journals(on days: ClosedRange<LocalDay>) -> [DailyJournal] {
        journals.values.filter { days.contains($0.day) }.sorted { $0.day < $1.day }
    }

    public func update<Result: Sendable>(
        _ day: LocalDay, _ change: @Sendable (inout DailyJournal?) throws -> Result
    ) throws -> Result {
        var copy = journals[day]
        let result = try change(&copy)
        try JournalRepositoryError.check(copy, isFor: day)
        journals[day] = copy
        changes?.report([JournalRecords.collection], records: [JournalRecords.collection: [day.description]])
        return result
    }
}
