import WellnessDomain

/// Switches a tag of a day's journal on or off, creating the journal if needed, and saves
/// at once in one atomic read-modify-write.
public struct ToggleJournalTag: Sendable {
    let journals: any JournalRepository
    let time: TimeContext

    /// A use case on `journals`, with today from `time`.
    public init(journals: any JournalRepository, time: TimeContext) {
        self.journals = journals
        self.time = time
    }

    /// `day` defaults to today.
    public func execute(_ tag: JournalTag, day: LocalDay? = nil) async throws -> DailyJournal {
        let day = try day.map(time.recordable) ?? time.today()
        return try await journals.update(day) { stored in
            var journal = stored ?? DailyJournal(day: day)
            journal.toggle(tag)
            stored = journal
            return journal
        }
    }
}
