import WellnessDomain

/// The saved journals of the last `days` days (today included), oldest first.
public struct ListJournals: Sendable {
    let journals: any JournalRepository
    let time: TimeContext

    public init(journals: any JournalRepository, time: TimeContext) {
        self.journals = journals
        self.time = time
    }

    public func execute(days: Int = 7) async throws -> [DailyJournal] {
        guard (1...3660).contains(days) else { throw JournalError.invalidDays(days) }
        let today = time.today()
        return try await journals.journals(on: today.adding(days: -(days - 1))...today)
    }
}
