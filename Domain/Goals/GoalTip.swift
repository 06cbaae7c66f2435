import Foundation

/// The kind of a tip.
public enum TipCategory: String, CaseIterable, Codable, Sendable {
    case general, nutrition, exercise, sleep, mindset, habit

    /// The display name's localisation key (`tipCategory.<raw>`).
    public var name: LocalizedText { LocalizedText("tipCategory.\(rawValue)") }

    /// The SF Symbol an Apple client shows (kept as data).
    public var systemImage: String {
        switch self {
        case .general: "lightbulb"
        case .nutrition: "fork.knife"
        case .exercise: "figure.run"
        case .sleep: "bed.double"
        case .mindset: "brain.head.profile"
        case .habit: "repeat"
        }
    }

    /// The category colour from the design system, `#RRGGBB`.
    public var colorHex: String {
        switch self {
        case .general: "#F2C9A7"
        case .nutrition: "#F5DFA8"
        case .exercise: "#F0B8A4"
        case .sleep: "#D8C8EA"
        case .mindset: "#D8C8EA"
        case .habit: "#D8E8C8"
        }
    }
}

/// How important a tip is; sorts high → medium → low.
public enum TipPriority: String, CaseIterable, Codable, Sendable, Comparable {
    case high, medium, low

    public var name: LocalizedText { LocalizedText("tipPriority.\(rawValue)") }

    public static func < (lhs: TipPriority, rhs: TipPriority) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One concrete, prioritised piece of advice for a goal.
public struct GoalTip: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<GoalTip, UUID>

    public let id: ID
    public let tip: String
    public let category: TipCategory
    public let priority: TipPriority

    public init(id: ID = ID(), tip: String, category: TipCategory, priority: TipPriority) {
        self.id = id
        self.tip = tip
        self.category = category
        self.priority = priority
    }

    enum CodingKeys: String, CodingKey { case id, tip, category, priority }

    /// The id is written in lower case, as it is shown and typed everywhere (a UUID's own
    /// encoding is upper case); any case is read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.description, forKey: .id)
        try container.encode(tip, forKey: .tip)
        try container.encode(category, forKey: .category)
        try container.encode(priority, forKey: .priority)
    }

    /// High first; the given order is kept among tips of one priority.
    public static func sortedByPriority(_ tips: [GoalTip]) -> [GoalTip] {
        tips.enumerated().sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }.map(\.element)
    }
}

/// Tips generated for a goal at a moment; `stale` when served from the cache because the
/// tips service failed.
public struct GoalTips: Sendable, Equatable, Codable {
    public let goalID: Goal.ID
    public let generatedAt: Date
    public let tips: [GoalTip]
    public let stale: Bool

    public init(goalID: Goal.ID, generatedAt: Date, tips: [GoalTip], stale: Bool = false) {
        self.goalID = goalID
        self.generatedAt = generatedAt
        self.tips = tips
        self.stale = stale
    }
}
