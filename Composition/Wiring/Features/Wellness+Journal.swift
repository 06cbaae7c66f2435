import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// The daily journal (seed 003): tags and notes, saved the moment they change.
    public struct Journal: Sendable {
        let toggleJournalTag: ToggleJournalTag
        let setJournalNotes: SetJournalNotes
        let getJournal: GetJournal
        let listJournals: ListJournals

        init(journals: any JournalRepository, time: TimeContext) {
            toggleJournalTag = ToggleJournalTag(journals: journals, time: time)
            setJournalNotes = SetJournalNotes(journals: journals, time: time)
            getJournal = GetJournal(journals: journals, time: time)
            listJournals = ListJournals(journals: journals, time: time)
        }

        /// Switches a tag of a day (today by default) on or off; returns the day's journal.
        @discardableResult
        public func toggleTag(_ tag: JournalTag, day: LocalDay? = nil) async throws -> DailyJournal {
            try await toggleJournalTag.execute(tag, day: day)
        }

        /// Sets a day's notes (empty text clears them); returns the day's journal.
        @discardableResult
        public func setNotes(_ text: String, day: LocalDay? = nil) async throws -> DailyJournal {
            try await setJournalNotes.execute(text, day: day)
        }

        /// A day's journal exactly as left (an empty one when nothing was saved).
        public func day(_ day: LocalDay? = nil) async throws -> DailyJournal { try await getJournal.execute(day: day) }

        /// The saved journals of the last `days` days (today included), oldest first.
        public func list(days: Int = 7) async throws -> [DailyJournal] { try await listJournals.execute(days: days) }
    }
}
