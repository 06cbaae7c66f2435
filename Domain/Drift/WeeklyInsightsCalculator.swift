/// Computes `WeeklyInsights` from check-ins: one rule, used everywhere.
///
/// The rules, for a window of `L` days (7 or 14) ending `today` inclusive:
/// - **Averages** of energy, stress, social and drift index over the window's check-ins,
///   rounded to two decimals half away from zero, computed exactly from whole-number sums
///   (`DriftRounding`); all `nil` without check-ins.
/// - **Drift level** from the *rounded* average drift index (low < 2.5 ≤ moderate < 3.5 ≤ high;
///   low without data), so the published `driftLevel` always agrees with the published
///   `averages.driftIndex`. (With at most one check-in per day and 14 days, an average never
///   lies within 0.005 below a threshold, so rounded and unrounded give the same level.)
/// - **Enough data** when at least half the window's days have a check-in (4 of 7, 7 of 14).
/// - **Alerts**: the days of the window whose check-in has a drift index ≥ 3.5 and whose
///   previous calendar day, even when that day lies before the window, also has one.
/// - **Highlights**, in the order energy, stress, social: the rounded average against the
///   rounded average of the `L` days just before the window; a change ≥ +0.5 is "trending up",
///   ≤ −0.5 "trending down", anything between "stable". None when either window has no
///   check-ins (a check-in rates all three metrics, so it is all three or none).
/// - **Suggestions**, on the rounded averages, in this order: `easeStress` when stress ≥ 3.5,
///   `restoreEnergy` when energy ≤ 2.5, `reconnect` when social ≤ 2.5 (naming the key contact of
///   the window's most recent check-in that has one). These are the points at which a metric
///   alone would put the drift index at the high threshold (stress, 6 − energy, 6 − social ≥ 3.5).
///   When none applies: at a moderate or high level, the suggestion for the metric pulling the
///   drift index up most (largest of stress, 6 − energy, 6 − social; ties go to stress, then
///   energy, then social); at a low level, `keepGoing`. No suggestions without check-ins.
///
/// Check-ins outside the days needed are ignored. When two check-ins share a day, the later one
/// in `checkins` counts (as if it replaced the earlier).
public enum WeeklyInsightsCalculator {
    /// Insights for the `days` days ending `today`; only 7 and 14 are valid.
    public static func insights(today: LocalDay, days: Int, checkins: [Checkin]) throws(DriftWindowError)
        -> WeeklyInsights {
        insights(today: today, window: try InsightsWindow(days: days), checkins: checkins)
    }

    /// Insights for `window` ending `today`.
    public static func insights(today: LocalDay, window: InsightsWindow, checkins: [Checkin]) -> WeeklyInsights {
        let length = window.days
        let range = window.range(endingOn: today)
        let needed = window.daysNeeded(endingOn: today)
        var byDay: [LocalDay: Checkin] = [:]
        byDay.reserveCapacity(checkins.count)
        for checkin in checkins where needed.contains(checkin.day) {
            byDay[checkin.day] = checkin
        }
        let current = (0..<length).compactMap { byDay[range.lowerBound.adding(days: $0)] }
        let previous = (1...length).compactMap { byDay[range.lowerBound.adding(days: -$0)] }

        let averages = Hundredths(current)
        let previousAverages = Hundredths(previous)
        let level = averages.driftIndex.map { DriftLevel(averageDriftIndex: Double($0) / 100) }
        let alerts = DriftAlert.alerts(in: current, previousDay: { byDay[$0.adding(days: -1)] })

        let summary = WeeklyInsights.Summary(
            checkinCount: current.count,
            alertCount: alerts.count,
            averages: averages.published,
            driftLevel: level,
            hasEnoughData: 2 * current.count >= length)
        return WeeklyInsights(
            weekStart: range.lowerBound, weekEnd: today, days: length, summary: summary,
            highlights: highlights(averages, against: previousAverages),
            suggestions: suggestions(averages, level: level,
                                     contact: current.last(where: { $0.keyContact != nil })?.keyContact))
    }

    private static func highlights(_ current: Hundredths, against previous: Hundredths) -> [Highlight] {
        DriftMetric.allCases.compactMap { metric in
            guard let now = current.value(of: metric), let before = previous.value(of: metric) else { return nil }
            let change = now - before
            let trend: HighlightTrend = change >= HighlightTrend.thresholdHundredths ? .up
                : change <= -HighlightTrend.thresholdHundredths ? .down : .stable
            return .trend(metric, trend)
        }
    }

    private static func suggestions(_ averages: Hundredths, level: DriftLevel?, contact: String?) -> [Suggestion] {
        guard let stress = averages.stress, let energy = averages.energy, let social = averages.social else {
            return []
        }
        let high = Int(DriftLevel.highThreshold * 100)
        // How far each metric pushes the drift index up, in hundredths, in suggestion order.
        let strains: [(strain: Int, suggestion: Suggestion)] = [
            (stress, .easeStress), (600 - energy, .restoreEnergy), (600 - social, .reconnect(contact: contact)),
        ]
        let triggered = strains.filter { $0.strain >= high }.map(\.suggestion)
        if !triggered.isEmpty { return triggered }
        guard level != .low else { return [.keepGoing] }
        let largest = strains.map(\.strain).max()!
        return [strains.first { $0.strain == largest }!.suggestion]
    }

    /// The averages of some check-ins in whole hundredths (`nil` without check-ins).
    private struct Hundredths {
        let energy: Int?
        let stress: Int?
        let social: Int?
        let driftIndex: Int?

        init(_ checkins: [Checkin]) {
            let count = checkins.count
            func average(_ total: Int, over denominator: Int) -> Int? {
                count == 0 ? nil : DriftRounding.hundredths(total, over: denominator)
            }
            energy = average(checkins.map(\.energy).reduce(0, +), over: count)
            stress = average(checkins.map(\.stress).reduce(0, +), over: count)
            social = average(checkins.map(\.social).reduce(0, +), over: count)
            driftIndex = average(checkins.map(\.driftTotal).reduce(0, +), over: 3 * count)
        }

        func value(of metric: DriftMetric) -> Int? {
            switch metric {
            case .energy: energy
            case .stress: stress
            case .social: social
            }
        }

        var published: WeeklyInsights.Averages {
            func decimal(_ value: Int?) -> Double? { value.map { Double($0) / 100 } }
            return WeeklyInsights.Averages(energy: decimal(energy), stress: decimal(stress), social: decimal(social),
                                           driftIndex: decimal(driftIndex))
        }
    }
}
