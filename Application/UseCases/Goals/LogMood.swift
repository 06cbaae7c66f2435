import Foundation
import WellnessDomain

/// Logs today's (or a day's) mood; logging again for the same day replaces it.
public struct LogMood: Sendable {
    let moods: any MoodRepository
    let time: TimeContext

    /// A use case on `moods`, with today from `time`.
    public init(moods: any MoodRepository, time: TimeContext) {
        self.moods = moods
        self.time = time
    }

    /// Saves the mood of `day` (today when `nil`), replacing that day's, and returns it. Throws `GoalError`
    /// when `MoodEntry` refuses the score or note, and `TimeProblem` for a day after today.
    public func execute(score: Int, note: String? = nil, day: LocalDay? = nil) async throws -> MoodEntry {
        let entry = try MoodEntry(day: try day.map(time.recordable) ?? time.today(), score: score, note: note)
        try await moods.save(entry)
        return entry
    }
}
