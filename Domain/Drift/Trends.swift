/// The lengths trends can cover: 7, 30 or 90 days ending today.
public enum TrendLength: Int, Sendable, Hashable, Codable, CaseIterable {
    case sevenDays = 7
    case thirtyDays = 30
    case ninetyDays = 90

    /// The length of `days` days; only 7, 30 and 90 exist.
    public init(days: Int) throws(DriftWindowError) {
        guard let length = TrendLength(rawValue: days) else { throw .invalidTrendLength(days) }
        self = length
    }

    public var days: Int { rawValue }

    /// The days covered, ending `today` (inclusive).
    public func range(endingOn today: LocalDay) -> ClosedRange<LocalDay> {
        LocalDay.window(days, endingOn: today)
    }

    /// The Pro feature that unlocks this length: `trends_30d` for 30 days, `trends_90d` for 90,
    /// none for 7 (free for everyone).
    public var gatingFeature: FeatureKey? {
        switch self {
        case .sevenDays: nil
        case .thirtyDays: .trends30d
        case .ninetyDays: .trends90d
        }
    }
}

/// One day of a trend chart: the day's ratings and its drift index.
public struct TrendPoint: Sendable, Hashable, Codable {
    public let day: LocalDay
    public let energy: Int
    public let stress: Int
    public let social: Int
    /// The check-in's drift index rounded to two decimals, half away from zero (10/3 → 3.33).
    public let driftIndex: Double

    public init(day: LocalDay, energy: Int, stress: Int, social: Int, driftIndex: Double) {
        self.day = day
        self.energy = energy
        self.stress = stress
        self.social = social
        self.driftIndex = driftIndex
    }

    /// The point of one check-in.
    public init(_ checkin: Checkin) {
        self.init(day: checkin.day, energy: checkin.energy, stress: checkin.stress, social: checkin.social,
                  driftIndex: DriftRounding.twoDecimals(checkin.driftTotal, over: 3))
    }
}

/// Daily trend points.
public enum Trends {
    /// One point per day with a check-in among the `days` days ending `today`, oldest first;
    /// only 7, 30 and 90 are valid. Whether the person may see a length is `FeatureGate`'s call.
    public static func points(today: LocalDay, days: Int, checkins: [Checkin]) throws(DriftWindowError)
        -> [TrendPoint] {
        points(today: today, length: try TrendLength(days: days), checkins: checkins)
    }

    /// One point per day with a check-in within `length` ending `today`, oldest first. Days
    /// without a check-in are left out; when two check-ins share a day the later one in
    /// `checkins` counts.
    public static func points(today: LocalDay, length: TrendLength, checkins: [Checkin]) -> [TrendPoint] {
        let range = length.range(endingOn: today)
        var byDay: [LocalDay: Checkin] = [:]
        for checkin in checkins where range.contains(checkin.day) {
            byDay[checkin.day] = checkin
        }
        return byDay.values.sorted { $0.day < $1.day }.map(TrendPoint.init)
    }
}
