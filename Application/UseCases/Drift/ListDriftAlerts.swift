import Foundation
import WellnessDomain

/// The alerts of the last N days (14 by default): days that drifted high after a day that
/// also did. The day before the window counts as the first day's "day before".
public struct ListDriftAlerts: Sendable {
    let checkins: any CheckinRepository
    let time: TimeContext

    public init(checkins: any CheckinRepository, time: TimeContext) {
        self.checkins = checkins
        self.time = time
    }

    public func execute(days: Int = 14) async throws -> [DriftAlert] {
        precondition(days > 0, "days must be positive")
        let today = time.today()
        let first = today.adding(days: -(days - 1))
        let stored = try await checkins.checkins(on: first.adding(days: -1)...today)
        return DriftAlert.alerts(in: stored).filter { $0.day >= first }
    }
}
