import Foundation
import WellnessDomain

/// Stores daily journals, one per local day.
public protocol JournalRepository: Sendable {
    /// The journal of `day`, or `nil` when none was saved.
    func journal(on day: LocalDay) async throws -> DailyJournal?

    /// The saved journals whose day is in `days`, oldest first.
    func journals(on days: ClosedRange<LocalDay>) async throws -> [DailyJournal]

    /// Reads the journal of `day` (`nil` if none), lets `change` modify it, and saves the
    /// result, atomically across processes: concurrent changes to one day all land in one
    /// journal. When `change` throws, nothing is saved. The journal's day cannot change: a
    /// journal for another day is refused with ``JournalRepositoryError/dayChanged(expected:got:)``.
    func update<Result: Sendable>(
        _ day: LocalDay, _ change: @Sendable (inout DailyJournal?) throws -> Result
    ) async throws -> Result
}
