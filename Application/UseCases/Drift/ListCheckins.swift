import Foundation
import WellnessDomain

/// Check-ins of the last N local days (today included), by day.
public struct ListCheckins: Sendable {
    let checkins: any CheckinRepository
    let time: TimeContext

    /// A use case on `checkins`, with today from `time`.
    public init(checkins: any CheckinRepository, time: TimeContext) {
        self.checkins = checkins
        self.time = time
    }

    /// The check-ins of the last `days` local days (today included), by day; throws `InvalidValue` when
    /// `days` is not in `LocalDay.dayCounts`.
    public func execute(days: Int = 30) async throws -> [Checkin] {
        try await checkins.checkins(on: try time.lastDays(days))
    }
}
