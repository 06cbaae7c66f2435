import Foundation
import WellnessDomain

/// The alerts of the last N days (14 by default, at most 90): days that drifted high after a
/// day that also did, newest first. The day before the window counts as the first day's "day
/// before".
public struct ListDriftAlerts: Sendable {
    let checkins: any CheckinRepository
    let time: TimeContext

    /// A use case on `checkins`, with today from `time`.
    public init(checkins: any CheckinRepository, time: TimeContext) {
        self.checkins = checkins
        self.time = time
    }

    /// The alerts of the last `days` days, newest first, as the type describes; throws `InvalidValue` when
    /// `days` is not in `DriftAlert.dayCounts`.
    public func execute(days: Int = 14) async throws -> [DriftAlert] {
        try DriftAlert.checkDayCount(days)
        let window = try time.lastDays(days)
        // The day before the window too: an alert compares a day with the one before it.
        let stored = try await checkins.checkins(on: max(window.lowerBound.adding(days: -1), LocalDay.first)...window.upperBound)
        return DriftAlert.newestFirst(DriftAlert.alerts(in: stored).filter { window.contains($0.day) })
    }
}
