import Foundation
import WellnessDomain

/// The latest weigh-in, the change over 7 and 30 days, and the current 7-day average.
public struct GetWeightTrend: Sendable {
    let weights: any WeightRepository
    let time: TimeContext

    /// A use case on `weights`, with the calendar from `time`.
    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    /// The trend as the type describes; an empty trend when nothing is stored.
    public func execute() async throws -> WeightTrend {
        guard let latest = try await weights.latest(atOrBefore: nil) else {
            return WeightTrend(entries: [], calendar: time.calendar)
        }
        // Only what the trend needs: the last entry at or before each cutoff, and the last 7 days.
        let calendar = time.calendar
        let base7 = try await weights.latest(atOrBefore: WeightTrend.cutoff(days: 7, before: latest.date, calendar: calendar))
        let base30 = try await weights.latest(atOrBefore: WeightTrend.cutoff(days: 30, before: latest.date, calendar: calendar))
        let windowStart = LocalDay(latest.date, in: time.calendar).adding(days: -6).start(in: time.calendar)
        var entries = try await weights.entries(since: windowStart)
        for base in [base30, base7].compactMap({ $0 }) where base.date < windowStart { entries.append(base) }
        return WeightTrend(entries: entries, calendar: time.calendar)
    }
}
