import Foundation
import WellnessDomain

/// The mood entries of the last `days` days, oldest first.
public struct ListMoods: Sendable {
    let moods: any MoodRepository
    let time: TimeContext

    public init(moods: any MoodRepository, time: TimeContext) {
        self.moods = moods
        self.time = time
    }

    public func execute(days: Int = 30) async throws -> [MoodEntry] {
        try await moods.moods(on: try time.lastDays(days))
    }
}
