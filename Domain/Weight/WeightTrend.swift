import Foundation

/// Where a weight is heading: the latest weigh-in, the change over 7 and 30 days, and the
/// 7-day moving average.
///
/// - The change over N days compares the latest weigh-in with the last one at or before the
///   same local time N calendar days earlier (``cutoff(days:before:calendar:)``: across a change
///   of clocks that is not N × 24 h); it is `nil` when there is no weigh-in that old.
/// - The 7-day moving average of a day is the mean of every weigh-in on that local day and the
///   six days before it; ``movingAverage`` has one point per day that has a weigh-in, and
///   ``currentAverage`` is the point of the latest weigh-in's day.
public struct WeightTrend: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public let day: LocalDay
        public let kilograms: Double
    }

    public let latest: WeightEntry?
    public let change7Days: Double?
    public let change30Days: Double?
    public let currentAverage: Double?
    public let movingAverage: [Point]

    /// The trend of `entries` (any order) with days in `calendar`'s time zone.
    public init(entries: [WeightEntry], calendar: Calendar) {
        let sorted = entries.sorted { ($0.date, $0.id.description) < ($1.date, $1.id.description) }
        latest = sorted.last
        func change(days: Int) -> Double? {
            guard let latest = sorted.last else { return nil }
            let cutoff = Self.cutoff(days: days, before: latest.date, calendar: calendar)
            guard let base = sorted.last(where: { $0.date <= cutoff }) else { return nil }
            return latest.kilograms - base.kilograms
        }
        change7Days = change(days: 7)
        change30Days = change(days: 30)
        movingAverage = Self.movingAverage(sorted, calendar: calendar)
        currentAverage = movingAverage.last?.kilograms
    }

    /// The same local time of day `days` calendar days before `date`: the newest moment a
    /// weigh-in may have to count as `days` days old.
    public static func cutoff(days: Int, before date: Date, calendar: Calendar) -> Date {
        CivilTime.adding(days: -days, to: date, in: calendar.timeZone)
    }

    /// One point per day with a weigh-in: the mean of the weigh-ins of that day and the
    /// `window − 1` days before it (days in `calendar`'s time zone).
    public static func movingAverage(_ entries: [WeightEntry], window: Int = 7, calendar: Calendar) -> [Point] {
        let sorted = entries.sorted { $0.date < $1.date }
        let days = sorted.map { (LocalDay($0.date, in: calendar), $0.kilograms) }
        var points: [Point] = []
        var windowStart = 0
        var index = 0
        while index < days.count {
            let day = days[index].0
            while index < days.count, days[index].0 == day { index += 1 }
            let first = day.adding(days: -(window - 1))
            while days[windowStart].0 < first { windowStart += 1 }
            // Summed afresh for each day, so a point never carries rounding from earlier ones.
            let weights = days[windowStart..<index].map(\.1)
            points.append(Point(day: day, kilograms: weights.reduce(0, +) / Double(weights.count)))
        }
        return points
    }
}
