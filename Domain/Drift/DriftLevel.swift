/// How far a window of check-ins drifted, from its average drift index.
public enum DriftLevel: String, Sendable, Hashable, Codable, CaseIterable {
    case low, moderate, high

    /// The average drift index from which the level is `moderate`.
    public static let moderateThreshold = 2.5
    /// The average drift index from which the level is `high` (also the drift index from which a
    /// single check-in counts towards an alert).
    public static let highThreshold = 3.5

    /// low < 2.5 ≤ moderate < 3.5 ≤ high; `low` when there is no average (no check-ins).
    public init(averageDriftIndex: Double?) {
        guard let average = averageDriftIndex else {
            self = .low
            return
        }
        self = average < Self.moderateThreshold ? .low : average < Self.highThreshold ? .moderate : .high
    }

    /// The display name's localisation key (`drift.level.<raw>`).
    public var name: LocalizedText { LocalizedText("drift.level.\(rawValue)") }

    /// The badge colour named by the design: low = sage, moderate = amber, high = rose.
    public var colorName: String {
        switch self {
        case .low: "sage"
        case .moderate: "amber"
        case .high: "rose"
        }
    }
}

/// Rounding to two decimals, done exactly on whole numbers.
///
/// Averages of ratings are fractions of whole numbers, so they are rounded from the fraction
/// itself rather than from a `Double`: 1.005 as a `Double` is 1.00499999999999989…, which a
/// naive `(x * 100).rounded() / 100` turns into 1.0; here 1005/1000 becomes 1.01.
public enum DriftRounding {
    /// `numerator / denominator` in hundredths, rounded half away from zero
    /// (2.675 → 268, 2.665 → 267, −0.125 → −13). `denominator` must be positive.
    public static func hundredths(_ numerator: Int, over denominator: Int) -> Int {
        precondition(denominator > 0, "rounding needs a positive denominator")
        let magnitude = (200 * numerator.magnitude + denominator.magnitude) / (2 * denominator.magnitude)
        return numerator < 0 ? -Int(magnitude) : Int(magnitude)
    }

    /// `numerator / denominator` rounded to two decimals, half away from zero, as the `Double`
    /// nearest to that two-decimal value (so it prints as, e.g., `2.68`).
    public static func twoDecimals(_ numerator: Int, over denominator: Int) -> Double {
        Double(hundredths(numerator, over: denominator)) / 100
    }
}
