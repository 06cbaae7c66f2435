/// The person's subscription tier.
public enum Tier: String, Sendable, Hashable, Codable, CaseIterable {
    case free, pro

    /// Parses `free` or `pro` (any letter case); an error lists both otherwise.
    public static func parse(_ text: String) throws(InvalidValue) -> Tier {
        guard let tier = Tier(rawValue: text.lowercased()) else {
            throw InvalidValue(kind: .tier, value: text, valid: allCases.map(\.rawValue))
        }
        return tier
    }

    /// The display name's localisation key (`tier.<raw>`).
    public var name: LocalizedText { LocalizedText("tier.\(rawValue)") }
}

/// The Pro-gated features, exactly the design's table. Every key listed is Pro (two of them,
/// `trends_90d` and `action_plan`, are marked "future" there but are still Pro).
public enum FeatureKey: String, Sendable, Hashable, Codable, CaseIterable {
    /// 30-day trend view.
    case trends30d = "trends_30d"
    /// 90-day trend view.
    case trends90d = "trends_90d"
    /// Alert sensitivity configuration.
    case sensitivityTuning = "sensitivity_tuning"
    /// Personalised micro-action plan.
    case actionPlan = "action_plan"
    /// Full weekly summary detail (the insight suggestions).
    case weeklyDetail = "weekly_detail"
    /// Historical insight timeline.
    case insightHistory = "insight_history"

    /// Whether the feature needs the Pro tier (true for every key of the table).
    public var isPro: Bool { true }

    /// The description's localisation key (`feature.<key>`).
    public var summary: LocalizedText { LocalizedText("feature.\(rawValue)") }
}

/// Whether a feature is unlocked for a tier, and the known features' states.
public struct FeatureStatus: Sendable, Hashable, Codable {
    public let key: FeatureKey
    public let pro: Bool
    public let unlocked: Bool

    public init(key: FeatureKey, pro: Bool, unlocked: Bool) {
        self.key = key
        self.pro = pro
        self.unlocked = unlocked
    }
}

/// The one place where Pro features are gated, as in the design's `isFeatureUnlocked`.
///
/// Keys are matched exactly (case and spelling): a key that is not in the table, such as
/// `"TRENDS_30D"` or one this version has never heard of, is not Pro and so is unlocked.
public enum FeatureGate {
    /// Whether `key` is one of the Pro features.
    public static func isProFeature(_ key: String) -> Bool {
        FeatureKey(rawValue: key)?.isPro ?? false
    }

    /// Whether `key` is usable on `tier`: a non-Pro (or unknown) key always is, a Pro one only
    /// on Pro.
    public static func isUnlocked(_ key: String, tier: Tier) -> Bool {
        !isProFeature(key) || tier == .pro
    }

    /// Whether `key` is usable on `tier`.
    public static func isUnlocked(_ key: FeatureKey, tier: Tier) -> Bool {
        isUnlocked(key.rawValue, tier: tier)
    }

    /// Every known feature with its state on `tier`, in the table's order.
    public static func features(for tier: Tier) -> [FeatureStatus] {
        FeatureKey.allCases.map { FeatureStatus(key: $0, pro: $0.isPro, unlocked: isUnlocked($0, tier: tier)) }
    }

    /// The feature that gates trends of `length`, or `nil` when they are free (7 days).
    public static func feature(for length: TrendLength) -> FeatureKey? {
        length.gatingFeature
    }

    /// The locked feature standing between `tier` and trends of `length`, or `nil` when they
    /// may be shown.
    public static func lockedFeature(for length: TrendLength, tier: Tier) -> FeatureKey? {
        guard let feature = length.gatingFeature, !isUnlocked(feature, tier: tier) else { return nil }
        return feature
    }
}
