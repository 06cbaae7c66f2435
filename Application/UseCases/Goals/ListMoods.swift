import Foundation
import WellnessDomain

/// The mood entries of the last `days` days, oldest first.
public struct ListMoods: Sendable {
    let moods: any MoodRepository
    let time: TimeContext

    /// A use case on `moods`, with today from `time`.
    public init(moods: any MoodRepository, time: TimeContext) {
        self.moods = moods
        self.time = time
    }

    /// The entries of the last `days` local days (today included), oldest first; throws `InvalidValue`
    /// when `days` is not in `LocalDay.dayCounts`.
    public func execute(days: Int = 30) async throws -> [MoodEntry] {
        try await moods.moods(on: try time.lastDays(days))
    }
}
