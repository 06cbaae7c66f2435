/// How an intervention is tracked.
public enum TrackingType: String, CaseIterable, Codable, Sendable {
    case binary
    case counter
    case timer
    case checklist
    case appointment
    case automatic

    /// Whether a missed item of this type can be settled from the catch-up deck.
    public var isCatchUpEligible: Bool {
        switch self {
        case .binary, .counter, .timer: true
        case .checklist, .appointment, .automatic: false
        }
    }
}

/// The expected return on the effort of an intervention.
public enum ReturnOnInvestment: String, CaseIterable, Codable, Sendable {
    case low
    case medium
    case high
}

/// The kind of health data that can jog the memory about an intervention.
public enum HealthHintType: String, CaseIterable, Codable, Sendable {
    case exercise
    case water
    case mindfulness
    /// Time asleep; no bundled entry asks for it, a catalog entry may (`"healthHint": "sleep"`).
    case sleep
}
