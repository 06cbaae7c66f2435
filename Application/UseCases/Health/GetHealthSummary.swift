import Foundation
import WellnessDomain

/// The last N local days of health data, newest first, one ``HealthDaySummary`` per day (see
/// it for the rules). Reads the store a month at a time, so memory does not grow with N.
public struct GetHealthSummary: Sendable {
    let health: any HealthRepository
    let time: TimeContext

    /// A use case on `health`, with today and the calendar from `time`.
    public init(health: any HealthRepository, time: TimeContext) {
        self.health = health
        self.time = time
    }

    /// - Throws: ``InvalidValue`` when `days` is not in ``LocalDay/dayCounts``;
    ///   ``UnusableHealthSampleError`` naming a stored sample outside its kind's limits.
    public func execute(days: Int) async throws -> [HealthDaySummary] {
        let range = try time.lastDays(days)
        let calendar = time.calendar
        var result: [HealthDaySummary] = []
        var last = range.upperBound
        while true {
            let first = max(range.lowerBound, last.adding(days: -30))
            let interval = DateInterval(start: first.start(in: calendar).addingTimeInterval(-HealthDaySummary.lookBack),
                                        end: last.adding(days: 1).start(in: calendar))
            let samples = try await health.samples(of: HealthDaySummary.kinds, startingIn: interval)
            try UnusableHealthSampleError.check(samples)
            result += HealthDaySummary.summaries(of: samples, days: first...last, in: calendar.timeZone)
            guard first > range.lowerBound else { return result }
            last = first.adding(days: -1)
        }
    }
}
