import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Moods (seed 002), one a day from 1 (low) to 5 (great): part of what tips are based on.
    public struct Moods: Sendable {
        let logMood: LogMood
        let listMoods: ListMoods

        init(moods: any MoodRepository, time: TimeContext) {
            logMood = LogMood(moods: moods, time: time)
            listMoods = ListMoods(moods: moods, time: time)
        }

        /// Logs a day's mood (today by default); logging again the same day replaces it.
        @discardableResult
        public func log(score: Int, note: String? = nil, day: LocalDay? = nil) async throws -> MoodEntry {
            try await logMood.execute(score: score, note: note, day: day)
        }

        /// The moods of the last `days` days, oldest first.
        public func list(days: Int = 30) async throws -> [MoodEntry] { try await listMoods.execute(days: days) }
    }
}
