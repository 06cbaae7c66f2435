import Foundation

/// The lengths weekly insights can cover: 7 or 14 days ending today.
public enum InsightsWindow: Int, Sendable, Hashable, Codable, CaseIterable {
    case sevenDays = 7
    case fourteenDays = 14

    /// The window of `days` days; only 7 and 14 exist.
    public init(days: Int) throws(DriftWindowError) {
        guard let window = InsightsWindow(rawValue: days) else { throw .invalidInsightsWindow(days) }
        self = window
    }

    public var days: Int { rawValue }

    /// The days of this window ending `today` (inclusive).
    public func range(endingOn today: LocalDay) -> ClosedRange<LocalDay> {
        LocalDay.window(days, endingOn: today)
    }

    /// Every day whose check-in the insights ending `today` can use: the window, the window of
    /// the same length just before it (for highlights; its last day also serves the alert rule).
    public func daysNeeded(endingOn today: LocalDay) -> ClosedRange<LocalDay> {
        LocalDay.window(2 * days, endingOn: today)
    }
}

/// A day count that is not one of the lengths offered.
public enum DriftWindowError: WellnessError, Equatable {
    /// Insights exist for 7 or 14 days only.
    case invalidInsightsWindow(Int)
    /// Trends exist for 7, 30 or 90 days only.
    case invalidTrendLength(Int)

    public enum Code: String, CaseIterable, Sendable {
        case invalidInsightsWindow
        case invalidTrendLength
    }

    public static let family = "driftWindow"

    public var code: Code {
        switch self {
        case .invalidInsightsWindow: .invalidInsightsWindow
        case .invalidTrendLength: .invalidTrendLength
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .invalidInsightsWindow(let days): [.number(days)]
        case .invalidTrendLength(let days): [.number(days)]
        }
    }
}

/// The interpreted picture of the last 7 or 14 days, shaped like the API's `WeeklyInsights`:
///
/// ```json
/// {"weekStart": "2026-03-23", "weekEnd": "2026-03-29", "days": 7,
///  "summary": {"checkinCount": 5, "alertCount": 1,
///              "averages": {"energy": 3.8, "stress": 2.5, "social": 4.1, "driftIndex": 2.2},
///              "driftLevel": "low", "hasEnoughData": true},
///  "highlights": ["Energy trending up", "Stress stable", "Social stable"],
///  "suggestions": ["Your check-ins look steady: keep the habits that are working."]}
/// ```
///
/// The API envelope's `requestId` and `timestamp` are not part of it. Build one with
/// `WeeklyInsightsCalculator`.
public struct WeeklyInsights: Sendable, Hashable, Codable {
    /// The first day of the window.
    public let weekStart: LocalDay
    /// The last day of the window (today).
    public let weekEnd: LocalDay
    /// The window's length, 7 or 14.
    public let days: Int
    public let summary: Summary
    /// Energy, stress and social compared with the previous window, in that order; empty when
    /// either window has no check-ins.
    public let highlights: [Highlight]
    public let suggestions: [Suggestion]
    /// What the tier withheld, `{"feature": "weekly_detail"}` on Free when there were
    /// suggestions: the upgrade teaser is this field, never a suggestion. Left out when nothing was.
    public let locked: Locked?

    /// A feature whose part of the insights the tier withheld.
    public struct Locked: Sendable, Hashable, Codable {
        public let feature: FeatureKey

        public init(feature: FeatureKey) {
            self.feature = feature
        }
    }

    public init(weekStart: LocalDay, weekEnd: LocalDay, days: Int, summary: Summary, highlights: [Highlight],
                suggestions: [Suggestion], locked: Locked? = nil) {
        self.weekStart = weekStart
        self.weekEnd = weekEnd
        self.days = days
        self.summary = summary
        self.highlights = highlights
        self.suggestions = suggestions
        self.locked = locked
    }

    /// The insights as a person on `tier` may see them: the suggestions are the
    /// `weekly_detail` feature, so when it is locked any suggestions are withheld and
    /// ``locked`` names the feature (no suggestions stay none, with nothing locked).
    public func gated(for tier: Tier) -> WeeklyInsights {
        guard !FeatureGate.isUnlocked(.weeklyDetail, tier: tier), !suggestions.isEmpty else { return self }
        return WeeklyInsights(weekStart: weekStart, weekEnd: weekEnd, days: days, summary: summary,
                              highlights: highlights, suggestions: [], locked: Locked(feature: .weeklyDetail))
    }

    /// The numbers of the window.
    public struct Summary: Sendable, Hashable, Codable {
        /// Days of the window with a check-in.
        public let checkinCount: Int
        /// Days of the window with a high drift (≥ 3.5) that follow a day with a high drift.
        public let alertCount: Int
        public let averages: Averages
        /// The level of the average drift index; `nil` (an explicit `null`) without check-ins:
        /// no data is no level, not a low one.
        public let driftLevel: DriftLevel?
        /// Whether at least half the window's days have a check-in (4 of 7, 7 of 14).
        public let hasEnoughData: Bool

        public init(checkinCount: Int, alertCount: Int, averages: Averages, driftLevel: DriftLevel?,
                    hasEnoughData: Bool) {
            self.checkinCount = checkinCount
            self.alertCount = alertCount
            self.averages = averages
            self.driftLevel = driftLevel
            self.hasEnoughData = hasEnoughData
        }

        private enum CodingKeys: String, CodingKey { case checkinCount, alertCount, averages, driftLevel, hasEnoughData }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(checkinCount, forKey: .checkinCount)
            try container.encode(alertCount, forKey: .alertCount)
            try container.encode(averages, forKey: .averages)
            try container.encode(driftLevel, forKey: .driftLevel)
            try container.encode(hasEnoughData, forKey: .hasEnoughData)
        }
    }

    /// Averages over the window's check-ins, each rounded to two decimals (half away from zero,
    /// computed exactly from the whole-number sums); all `nil` without check-ins. Encoded with
    /// every key present: a missing average is an explicit `null`.
    public struct Averages: Sendable, Hashable, Codable {
        public let energy: Double?
        public let stress: Double?
        public let social: Double?
        public let driftIndex: Double?

        /// No check-ins: every average `nil`.
        public static let none = Averages(energy: nil, stress: nil, social: nil, driftIndex: nil)

        public init(energy: Double?, stress: Double?, social: Double?, driftIndex: Double?) {
            self.energy = energy
            self.stress = stress
            self.social = social
            self.driftIndex = driftIndex
        }

        /// The average of `metric`.
        public func value(of metric: DriftMetric) -> Double? {
            switch metric {
            case .energy: energy
            case .stress: stress
            case .social: social
            }
        }

        private enum CodingKeys: String, CodingKey { case energy, stress, social, driftIndex }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            for (key, value) in [(CodingKeys.energy, energy), (.stress, stress), (.social, social),
                                 (.driftIndex, driftIndex)] {
                if let value {
                    try container.encode(value, forKey: key)
                } else {
                    try container.encodeNil(forKey: key)
                }
            }
        }
    }
}

/// Which way a metric's average moved compared with the previous window.
public enum HighlightTrend: String, Sendable, Hashable, Codable, CaseIterable {
    /// Rose by at least 0.5.
    case up
    /// Fell by at least 0.5.
    case down
    /// Moved by less than 0.5 either way.
    case stable

    /// The change in hundredths from which a metric counts as moving (0.5).
    public static let thresholdHundredths = 50

    var englishPhrase: String {
        switch self {
        case .up: "trending up"
        case .down: "trending down"
        case .stable: "stable"
        }
    }
}

/// One line of the highlights list. On the wire (and in storage) it is the API's plain string,
/// `"<Metric> trending up"`, `"<Metric> trending down"` or `"<Metric> stable"` with the metric
/// capitalised; a string of another form decodes as `other` and is kept verbatim.
public enum Highlight: Sendable, Hashable, Codable {
    case trend(DriftMetric, HighlightTrend)
    /// A highlight this version does not know, e.g. from a newer server.
    case other(String)

    /// The English wire text, e.g. "Energy trending up".
    public var text: String {
        switch self {
        case .trend(let metric, let trend): "\(metric.englishName) \(trend.englishPhrase)"
        case .other(let text): text
        }
    }

    /// The localisation key: `drift.highlight.<metric>.<up|down|stable>`; an unknown highlight
    /// is `drift.highlight.other` with its text as the argument.
    public var localized: LocalizedText {
        switch self {
        case .trend(let metric, let trend): LocalizedText("drift.highlight.\(metric.rawValue).\(trend.rawValue)")
        case .other(let text): LocalizedText("drift.highlight.other", [.verbatim(text)])
        }
    }

    /// The highlight whose wire text is `text` exactly, or `other(text)`.
    public init(text: String) {
        for metric in DriftMetric.allCases {
            for trend in HighlightTrend.allCases where Highlight.trend(metric, trend).text == text {
                self = .trend(metric, trend)
                return
            }
        }
        self = .other(text)
    }

    public init(from decoder: any Decoder) throws {
        self.init(text: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// One line of the suggestions list. On the wire (and in storage) it is the API's plain
/// string, its English `text`; a string of another form decodes as `other` and is kept
/// verbatim. `id` is a stable identifier and `localized` the localisation key for presentation.
public enum Suggestion: Sendable, Hashable, Codable {
    /// Average stress is high (≥ 3.5).
    case easeStress
    /// Average energy is low (≤ 2.5).
    case restoreEnergy
    /// Average social connection is low (≤ 2.5); names the window's most recent key contact
    /// when there is one.
    case reconnect(contact: String?)
    /// The level is low and no other rule applies.
    case keepGoing
    /// Stands in for the suggestions when `weekly_detail` is locked (Free tier).
    case unlockDetailedSuggestions
    /// A suggestion this version does not know, e.g. from a newer server.
    case other(String)

    /// A stable identifier: `easeStress`, `restoreEnergy`, `reconnect`, `keepGoing`,
    /// `unlockDetailedSuggestions`, or `other`.
    public var id: String {
        switch self {
        case .easeStress: "easeStress"
        case .restoreEnergy: "restoreEnergy"
        case .reconnect: "reconnect"
        case .keepGoing: "keepGoing"
        case .unlockDetailedSuggestions: "unlockDetailedSuggestions"
        case .other: "other"
        }
    }

    private static let reconnectPrefix = "Reach out to "
    private static let reconnectSuffix = " this week: a short message or call counts."

    /// The English wire text.
    public var text: String {
        switch self {
        case .easeStress: "Stress has been high: try a 10-minute wind-down before bed."
        case .restoreEnergy: "Energy has been low: protect your sleep and get some daylight early in the day."
        case .reconnect(let contact?): Self.reconnectPrefix + contact + Self.reconnectSuffix
        case .reconnect(nil): "Plan a short call or coffee with someone close to you this week."
        case .keepGoing: "Your check-ins look steady: keep the habits that are working."
        case .unlockDetailedSuggestions: "Unlock detailed suggestions"
        case .other(let text): text
        }
    }

    /// The localisation key, `drift.suggestion.<id>`; a reconnect naming a contact is
    /// `drift.suggestion.reconnectWith` with the contact as the argument, and an unknown
    /// suggestion `drift.suggestion.other` with its text.
    public var localized: LocalizedText {
        switch self {
        case .reconnect(let contact?): LocalizedText("drift.suggestion.reconnectWith", [.verbatim(contact)])
        case .other(let text): LocalizedText("drift.suggestion.other", [.verbatim(text)])
        default: LocalizedText("drift.suggestion.\(id)")
        }
    }

    /// The suggestion whose wire text is `text` exactly, or `other(text)`.
    public init(text: String) {
        let known: [Suggestion] = [.easeStress, .restoreEnergy, .reconnect(contact: nil), .keepGoing,
                                   .unlockDetailedSuggestions]
        if let match = known.first(where: { $0.text == text }) {
            self = match
        } else if text.count > Self.reconnectPrefix.count + Self.reconnectSuffix.count,
                  text.hasPrefix(Self.reconnectPrefix), text.hasSuffix(Self.reconnectSuffix) {
            self = .reconnect(contact: String(text.dropFirst(Self.reconnectPrefix.count)
                                                  .dropLast(Self.reconnectSuffix.count)))
        } else {
            self = .other(text)
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(text: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
