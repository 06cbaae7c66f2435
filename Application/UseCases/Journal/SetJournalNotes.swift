import Foundation
import WellnessDomain

/// Sets the notes of a day's journal (empty text clears them), creating the journal if
/// needed, and saves at once.
public struct SetJournalNotes: Sendable {
    let journals: any JournalRepository
    let time: TimeContext

    /// The longest notes accepted.
    public static let maximumLength = DailyJournal.maximumNotesLength

    /// A use case on `journals`, with today from `time`.
    public init(journals: any JournalRepository, time: TimeContext) {
        self.journals = journals
        self.time = time
    }

    /// Sets the notes of `day` (today when `nil`) to `text` and returns the journal. Throws
    /// `JournalError` for notes over `maximumLength` or with a control character, and `TimeProblem` for a
    /// day after today.
    public func execute(_ text: String, day: LocalDay? = nil) async throws -> DailyJournal {
        guard text.count <= Self.maximumLength else { throw JournalError.notesTooLong(text.count) }
        do { try PlainText.check(text, .notes) } catch { throw JournalError.controlCharacter(error) }
        let day = try day.map(time.recordable) ?? time.today()
        let notes = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
        return try await journals.update(day) { stored in
            var journal = stored ?? DailyJournal(day: day)
            journal.notes = notes
            stored = journal
            return journal
        }
    }
}
