import Foundation

/// What the health data says about one local calendar day; `nil` where the day has no data of
/// that kind.
///
/// The rules (DESIGN's "health days"):
/// - Steps, water and active energy are the largest single source's total of the samples that
///   start on the day — a phone and a watch both count the same steps, so sources are never
///   added together.
/// - Sleep and mindful minutes are the union of the intervals of all sources (an overlap counts
///   once); a stretch of sleep belongs to the day it ends on, a mindful stretch to the day it
///   starts on.
/// - Workouts belong to the day they start on.
/// - The resting heart rate is the mean of the day's readings.
public struct HealthDaySummary: Sendable, Equatable {
    public let day: LocalDay
    public var steps: Int?
    public var sleepMinutes: Int?
    public var waterLiters: Double?
    public var mindfulMinutes: Int?
    public var workouts: Int?
    public var workoutMinutes: Int?
    public var activeEnergyKilocalories: Int?
    public var restingHeartRate: Int?

    public init(day: LocalDay) {
        self.day = day
    }

    /// The kinds a summary reads.
    public static let kinds: Set<HealthSampleKind> = Set(HealthSampleKind.allCases)

    /// How long before a day's first instant a sample that counts for the day may start: a
    /// night's sleep that ends on the day began the evening before.
    public static let lookBack: TimeInterval = 36 * 3600

    /// One summary per day of `days`, newest first, from `samples` (which must include those
    /// starting up to ``lookBack`` before the first day).
    public static func summaries(of samples: [HealthSample], days: ClosedRange<LocalDay>,
                                 in zone: TimeZone) -> [HealthDaySummary] {
        var byKind: [HealthSampleKind: [HealthSample]] = [:]
        for sample in samples { byKind[sample.kind, default: []].append(sample) }

        func startDay(_ sample: HealthSample) -> LocalDay { CivilTime.local(sample.start, in: zone).day }
        func grouped(_ kind: HealthSampleKind) -> [LocalDay: [HealthSample]] {
            Dictionary(grouping: byKind[kind] ?? [], by: startDay)
        }
        let steps = grouped(.steps), water = grouped(.water), energy = grouped(.activeEnergy)
        let heart = grouped(.restingHeartRate), workouts = grouped(.workout)
        let sleep = HealthIntervals.minutesByDay(byKind[.sleep] ?? [], in: zone, dayOf: \.end)
        let mindful = HealthIntervals.minutesByDay(byKind[.mindfulness] ?? [], in: zone, dayOf: \.start)

        var result: [HealthDaySummary] = []
        var day = days.upperBound
        while true {
            var summary = HealthDaySummary(day: day)
            summary.steps = steps[day].flatMap(largestSourceTotal).map(whole)
            summary.waterLiters = water[day].flatMap(largestSourceTotal).map { ($0 * 100).rounded() / 100 }
            summary.activeEnergyKilocalories = energy[day].flatMap(largestSourceTotal).map(whole)
            if let readings = heart[day], !readings.isEmpty {
                summary.restingHeartRate = whole(readings.reduce(0) { $0 + $1.value } / Double(readings.count))
            }
            if let list = workouts[day], !list.isEmpty {
                summary.workouts = list.count
                summary.workoutMinutes = whole(list.reduce(0) { $0 + $1.value })
            }
            summary.sleepMinutes = sleep[day]
            summary.mindfulMinutes = mindful[day]
            result.append(summary)
            guard day > days.lowerBound else { break }
            day = day.adding(days: -1)
        }
        return result
    }

    /// `value` rounded to a whole number, never trapping: a value beyond what an `Int` holds (or
    /// not a number) gives the nearest end (or 0). Samples are checked against their kind's
    /// limits before they are added up (``UnusableHealthSampleError/check(_:)``), so a total
    /// never comes near those ends; this keeps a sample that slipped past from crashing a summary.
    public static func whole(_ value: Double) -> Int {
        let rounded = value.rounded()
        if let exact = Int(exactly: rounded) { return exact }
        if rounded.isNaN { return 0 }
        return rounded > 0 ? Int.max : Int.min
    }

    /// The largest total of any one source, or `nil` without samples. Phone and watch both
    /// count steps (and may both log water), so sources are compared, never added.
    public static func largestSourceTotal(_ samples: [HealthSample]) -> Double? {
        guard !samples.isEmpty else { return nil }
        var totals: [String: Double] = [:]
        for sample in samples { totals[sample.source, default: 0] += sample.value }
        return totals.values.max()
    }
}

/// Time covered by intervals from several sources, each moment counted once.
public enum HealthIntervals {
    /// The union of the intervals: sorted, with overlapping or touching ones merged.
    public static func union(_ intervals: [DateInterval]) -> [DateInterval] {
        var merged: [DateInterval] = []
        for interval in intervals.sorted(by: { $0.start < $1.start }) {
            if let last = merged.last, interval.start <= last.end {
                merged[merged.count - 1] = DateInterval(start: last.start, end: max(last.end, interval.end))
            } else {
                merged.append(interval)
            }
        }
        return merged
    }

    /// Minutes of the union of the samples' intervals, rounded.
    public static func minutes(_ samples: [HealthSample]) -> Int {
        HealthDaySummary.whole(union(samples.map(\.interval)).reduce(0) { $0 + $1.duration } / 60)
    }

    /// Whole minutes of the union of the samples' intervals per local day: each merged stretch
    /// counts for the day of its start or its end (`dayOf`).
    public static func minutesByDay(_ samples: [HealthSample], in zone: TimeZone,
                                    dayOf edge: KeyPath<DateInterval, Date>) -> [LocalDay: Int] {
        var seconds: [LocalDay: TimeInterval] = [:]
        for stretch in union(samples.map(\.interval)) {
            seconds[CivilTime.local(stretch[keyPath: edge], in: zone).day, default: 0] += stretch.duration
        }
        return seconds.mapValues { HealthDaySummary.whole($0 / 60) }
    }
}
