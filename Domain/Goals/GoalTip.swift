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

extension TypedID where Owner == GoalTip, RawValue == UUID {
    /// An id from a 128-bit FNV-style hash of the goal id and the tip text: stable across runs
    /// and machines (unlike `Hasher`), so the same tip for the same goal keeps its id.
    public static func stable(goal: Goal.ID, text: String) -> GoalTip.ID {
        var hash: (UInt64, UInt64) = (0x6C62_272E_07BB_0142, 0x62B8_2175_6295_C58D)
        for byte in Array("\(goal)|\(text)".utf8) {
            hash.1 ^= UInt64(byte)
            let low = hash.1.multipliedFullWidth(by: 0x13B)
            hash = (hash.0 &* 0x13B &+ (hash.1 << 24) &+ low.high, low.low)
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: hash.0 >> (8 * index))
            bytes[index + 8] = UInt8(truncatingIfNeeded: hash.1 >> (8 * index))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x50 // version 5-style, name-based
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return GoalTip.ID(UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])))
    }
}

/// Where a set of tips came from: a language model (`ai`) or the built-in rules (`rules`).
/// A value written by a newer version is kept as it is.
public struct TipSource: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// A model behind an AI tips service.
    public static let ai = TipSource(rawValue: "ai")
    /// The deterministic rules (`RuleBasedGoalTipsService`).
    public static let rules = TipSource(rawValue: "rules")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Tips generated for a goal at a moment; `stale` when served from the cache because the
/// tips service failed. `source` says who made them; `fallback` is set when the configured
/// service failed (or was not allowed to be asked) and these tips came from the fallback
/// instead. It is not stored: a cached set never carries it.
public struct GoalTips: Sendable, Equatable, Codable {
    public let goalID: Goal.ID
    public let generatedAt: Date
    public let tips: [GoalTip]
    public let stale: Bool
    public let source: TipSource
    public let fallback: GoalTipsServiceError?

    public init(goalID: Goal.ID, generatedAt: Date, tips: [GoalTip], stale: Bool = false, source: TipSource = .rules,
                fallback: GoalTipsServiceError? = nil) {
        self.goalID = goalID
        self.generatedAt = generatedAt
        self.tips = tips
        self.stale = stale
        self.source = source
        self.fallback = fallback
    }

    /// These tips as a cache keeps them: what was generated (the goal, when, the tips, who made
    /// them), never how this set was served (not stale, no fallback).
    public var asGenerated: GoalTips {
        GoalTips(goalID: goalID, generatedAt: generatedAt, tips: tips, source: source)
    }

    enum CodingKeys: String, CodingKey { case goalID, generatedAt, tips, stale, source }

    /// A set stored before sources were recorded came from the rules.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        goalID = try container.decode(Goal.ID.self, forKey: .goalID)
        generatedAt = try container.decode(Date.self, forKey: .generatedAt)
        tips = try container.decode([GoalTip].self, forKey: .tips)
        stale = try container.decode(Bool.self, forKey: .stale)
        source = try container.decodeIfPresent(TipSource.self, forKey: .source) ?? .rules
        fallback = nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(goalID, forKey: .goalID)
        try container.encode(generatedAt, forKey: .generatedAt)
        try container.encode(tips, forKey: .tips)
        try container.encode(stale, forKey: .stale)
        try container.encode(source, forKey: .source)
    }
}
