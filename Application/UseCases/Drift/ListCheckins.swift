import Foundation
import WellnessDomain

/// Check-ins of the last N local days (today included), by day.
public struct ListCheckins: Sendable {
    let checkins: any CheckinRepository
    let time: TimeContext

    public init(checkins: any CheckinRepository, time: TimeContext) {
        self.checkins = checkins
        self.time = time
    }

    public func execute(days: Int = 30) async throws -> [Checkin] {
        precondition(days > 0, "days must be positive")
        let today = time.today()
        return try await checkins.checkins(on: today.adding(days: -(days - 1))...today)
    }
}
