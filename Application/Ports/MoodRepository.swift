import WellnessDomain

/// Stores mood entries, one per day.
public protocol MoodRepository: Sendable {
    /// The entries whose day is in `days`, oldest first.
    func moods(on days: ClosedRange<LocalDay>) async throws -> [MoodEntry]

    /// Saves an entry, replacing the entry of the same day.
    func save(_ entry: MoodEntry) async throws
}
