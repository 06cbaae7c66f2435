import WellnessDomain

/// The saved journals of the last `days` days (today included), oldest first.
public struct ListJournals: Sendable {
    let journals: any JournalRepository
    let time: TimeContext

    /// A use case on `journals`, with today from `time`.
    public init(journals: any JournalRepository, time: TimeContext) {
        self.journals = journals
        self.time = time
    }

    /// The saved journals of the last `days` days, oldest first; throws `InvalidValue` when `days` is not
    /// in `LocalDay.dayCounts`.
    public func execute(days: Int = 7) async throws -> [DailyJournal] {
        try await journals.journals(on: try time.lastDays(days))
    }
}
