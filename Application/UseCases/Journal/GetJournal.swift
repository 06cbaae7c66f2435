import WellnessDomain

/// A day's journal exactly as left, or an empty one when nothing was saved (nothing is created).
public struct GetJournal: Sendable {
    let journals: any JournalRepository
    let time: TimeContext

    /// A use case on `journals`, with today from `time`.
    public init(journals: any JournalRepository, time: TimeContext) {
        self.journals = journals
        self.time = time
    }

    /// The journal of `day` (today when `nil`), as the type describes.
    public func execute(day: LocalDay? = nil) async throws -> DailyJournal {
        let day = day ?? time.today()
        return try await journals.journal(on: day) ?? DailyJournal(day: day)
    }
}
