import Foundation
import WellnessApplication
import WellnessDomain

/// A stand-in for the AI tips service: deterministic rules over the goal text, the recent
/// mood average and journal tags. The same goal and context always give the same tips (and
/// ids); a different goal or context gives different ones. Three to six tips per call, in
/// the order the rules produced them (callers sort). The texts are in English or Dutch.
public struct RuleBasedGoalTipsService: GoalTipsService {
    let texts: TipRules.Texts

    /// `language` is a language code: `nl` for Dutch tips, English otherwise. A context's own
    /// ``UserContext/language`` wins over it.
    public init(language: String = "en") {
        texts = TipRules.texts(for: language)
    }

    public func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
        let texts = context.language.map(TipRules.texts) ?? texts
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
        return TipsAnswer(tips: kept.map { GoalTip(id: .stable(goal: goal.id, text: $0.text), tip: $0.text,
                                                   category: $0.category, priority: $0.priority) },
                          source: .rules)
    }

    struct Draft: Equatable {
        let text: String
        let category: TipCategory
        let priority: TipPriority
    }
}
