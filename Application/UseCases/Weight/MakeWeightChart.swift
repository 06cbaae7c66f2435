import Foundation
import WellnessDomain

/// Draws the weigh-ins of the last N days as an SVG line chart: each weigh-in as a dot, the
/// 7-day moving average as a line, dates along the bottom and kilograms up the side. The SVG
/// is self-contained (no scripts, no external fonts) and opens in any browser.
public struct MakeWeightChart: Sendable {
    let weights: any WeightRepository
    let time: TimeContext

    /// A use case on `weights`, with today and the calendar from `time`.
    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    /// The chart of the last `days` local days (today included).
    public func execute(days: Int = 90) async throws -> String {
        let calendar = time.calendar
        let inRange = try time.lastDays(days)
        let (first, last) = (inRange.lowerBound, inRange.upperBound)
        // Six more days before the first, so its moving average is complete.
        let entries = try await weights.entries(since: max(first.adding(days: -6), LocalDay.first).start(in: calendar))
        let shown = entries.filter { inRange.contains(LocalDay($0.date, in: calendar)) }
        guard !shown.isEmpty else { throw WeightChartError.noData(days: days) }
        let averages = WeightTrend.movingAverage(entries, calendar: calendar).filter { inRange.contains($0.day) }
        return WeightChartSVG(first: first, last: last, entries: shown, averages: averages, calendar: calendar).render()
    }
}
