import Foundation
import WellnessApplication
import WellnessDomain

/// A stand-in for the AI tips service: deterministic rules over the goal text, the recent
/// mood average and journal tags. The same goal and context always give the same tips (and
/// ids); a different goal or context gives different ones. Three to six tips per call, in
/// the order the rules produced them (callers sort). The texts are in English or Dutch.
public struct RuleBasedGoalTipsService: GoalTipsService {
    let texts: TipRules.Texts

    /// `language` is a language code: `nl` for Dutch tips, English otherwise.
    public init(language: String = "en") {
        texts = TipRules.texts(for: language)
    }

    public func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> [GoalTip] {
        var drafts: [Draft] = []
        let text = "\(goal.title) \(goal.description ?? "")".lowercased()
        let matched = texts.keywords.filter { _, words in words.contains { text.contains($0) } }.map(\.category)
        for (index, category) in matched.enumerated() {
            drafts += texts.goalTips[category, default: []].prefix(index == 0 ? 2 : 1)
                .map { Draft(text: $0, category: category, priority: index == 0 ? .high : .medium) }
        }
        if let average = context.averageMood, context.moods.count >= 3, average < 2.5 {
            drafts.append(Draft(text: String(format: texts.lowMood, locale: texts.numbers, average), category: .mindset,
                                priority: .high))
        }
        for (rule, text) in zip(TipRules.journalRules, texts.journal)
        where context.days(with: rule.tag) >= rule.minimumDays {
            drafts.append(Draft(text: String(format: text, locale: texts.numbers, context.days(with: rule.tag)),
                                category: rule.category, priority: rule.priority))
        }
        if context.moods.count < 3 && context.journals.count < 3 {
            drafts.append(Draft(text: texts.startLogging, category: .general, priority: .medium))
        }
        if context.otherGoals.count >= 3 {
            drafts.append(Draft(text: String(format: texts.tooManyGoals, locale: texts.numbers,
                                             context.otherGoals.count + 1),
                                category: .habit, priority: .low))
        }
        for (filler, text) in zip(TipRules.fillers, texts.fillers) where drafts.count < 3 {
            drafts.append(Draft(text: text, category: filler.category, priority: filler.priority))
        }
        let unique = drafts.reduce(into: [Draft]()) { list, draft in
            if !list.contains(where: { $0.text == draft.text }) { list.append(draft) }
        }
        let kept = unique.enumerated().sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
            .prefix(6).sorted { $0.offset < $1.offset }.map(\.element)
        return kept.map { GoalTip(id: GoalTip.ID(Self.stableID(goal.id, $0.text)), tip: $0.text, category: $0.category,
                                  priority: $0.priority) }
    }

    struct Draft: Equatable {
        let text: String
        let category: TipCategory
        let priority: TipPriority
    }

    /// A UUID from a 128-bit FNV-style hash of the goal id and the tip text: stable across runs
    /// and machines (unlike `Hasher`).
    static func stableID(_ goal: Goal.ID, _ text: String) -> UUID {
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
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
