/// A daily action from the catalog, such as "Morning light" or "Drink water on waking".
public struct Intervention: Sendable, Equatable, Codable, Identifiable {
    /// The catalog id, e.g. `hydration_morning`.
    public typealias ID = TypedID<Intervention, String>

    public let id: ID
    public let title: String
    public let description: String?
    /// The sections it belongs to; listing `anytime` makes it an anytime item.
    public let sections: [TimeOfDaySection]
    public let trackingType: TrackingType
    public let roi: ReturnOnInvestment?
    /// A hint set by the catalog entry itself, overriding the built-in mapping.
    public let healthHintOverride: HealthHintType?

    public init(id: ID, title: String, description: String? = nil, sections: [TimeOfDaySection],
                trackingType: TrackingType, roi: ReturnOnInvestment? = nil, healthHint: HealthHintType? = nil) {
        self.id = id
        self.title = title
        self.description = description
        self.sections = sections
        self.trackingType = trackingType
        self.roi = roi
        self.healthHintOverride = healthHint
    }

    public var isAnytime: Bool { sections.contains(.anytime) || sections.isEmpty }

    /// The last timed section of the day it belongs to: where a multi-section item is carded.
    public var latestSection: TimeOfDaySection? {
        isAnytime ? nil : sections.filter { $0 != .anytime }.max()
    }

    /// The health hint: the entry's own, else `exercise_timing` → exercise, `hydration_*` →
    /// water, `stress_reduction` and `mindfulness_prebed` → mindfulness.
    public var healthHint: HealthHintType? {
        if let healthHintOverride { return healthHintOverride }
        switch id.rawValue {
        case "exercise_timing": return .exercise
        case "stress_reduction", "mindfulness_prebed": return .mindfulness
        case let raw where raw.hasPrefix("hydration_"): return .water
        default: return nil
        }
    }
}
