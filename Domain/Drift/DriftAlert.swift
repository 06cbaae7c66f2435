import Foundation

/// A day that drifted high (index ≥ 3.5) right after a day that also did: the design's alert.
public struct DriftAlert: Sendable, Hashable, Codable {
    public let day: LocalDay
    /// The day's drift index, rounded to two decimals.
    public let driftIndex: Double

    /// How many days back an alerts list may look, today included (the API's `days`).
    public static let dayCounts = 1...90

    /// Refuses a `days` outside ``dayCounts``, naming the range.
    public static func checkDayCount(_ count: Int) throws(InvalidValue) {
        guard dayCounts.contains(count) else {
            throw InvalidValue(kind: .dayCount, value: String(count),
                               valid: ["\(dayCounts.lowerBound)…\(dayCounts.upperBound)"])
        }
    }

    /// Newest day first, the order an alerts list is shown in.
    public static func newestFirst(_ alerts: [DriftAlert]) -> [DriftAlert] {
        alerts.sorted { $0.day > $1.day }
    }

    public init(day: LocalDay, driftIndex: Double) {
        self.day = day
        self.driftIndex = driftIndex
    }

    public init(_ checkin: Checkin) {
        self.init(day: checkin.day, driftIndex: (checkin.driftIndex * 100).rounded() / 100)
    }

    /// The check-ins of `checkins` that are alerts, given how to find the check-in of the day
    /// before one.
    public static func alerts(in checkins: [Checkin], previousDay: (LocalDay) -> Checkin?) -> [Checkin] {
        checkins.filter { $0.isHighDrift && previousDay($0.day)?.isHighDrift == true }
    }

    /// The alerts among check-ins of consecutive days (a day before the first has none).
    public static func alerts(in checkins: [Checkin]) -> [DriftAlert] {
        let byDay = Dictionary(checkins.map { ($0.day, $0) }, uniquingKeysWith: { _, last in last })
        return alerts(in: checkins.sorted { $0.day < $1.day }, previousDay: { byDay[$0.adding(days: -1)] })
            .map(DriftAlert.init)
    }
}
