import Foundation
import WellnessDomain

/// Logs today's (or a day's) mood; logging again for the same day replaces it.
public struct LogMood: Sendable {
    let moods: any MoodRepository
    let time: TimeContext

    public init(moods: any MoodRepository, time: TimeContext) {
        self.moods = moods
        self.time = time
    }

    public func execute(score: Int, note: String? = nil, day: LocalDay? = nil) async throws -> MoodEntry {
        let entry = try MoodEntry(day: try day.map(time.recordable) ?? time.today(), score: score, note: note)
        try await moods.save(entry)
        return entry
    }
}
