import Foundation

/// A day that drifted high (index ≥ 3.5) right after a day that also did: the design's alert.
public struct DriftAlert: Sendable, Hashable, Codable {
    public let day: LocalDay
    /// The day's drift index, rounded to two decimals.
    public let driftIndex: Double

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
