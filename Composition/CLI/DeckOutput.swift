import Foundation
import WellnessComposition

/// `{"cards": [...], "summary": {...}}` for `wellness deck --json`.
struct DeckOutput: Encodable {
    let cards: [CardOutput]
    let summary: SectionSummaryOutput

    init(_ result: CatchUpResult, _ text: Localizer) {
        cards = result.cards.map { CardOutput($0, hint: result.hint(for: $0), text) }
        summary = SectionSummaryOutput(result.summary)
    }
}

/// One card: `{"interventionId", "day", "section", "label", "title", "description", "roi",
/// "trackingType", "defaultCount", "healthHint"}`; absent values are `null`.
struct CardOutput: Encodable {
    let interventionId: String
    let day: LocalDay
    let section: TimeOfDaySection
    let label: String
    let title: String
    let description: String?
    let roi: ReturnOnInvestment?
    let trackingType: TrackingType
    let defaultCount: Int?
    let healthHint: HintOutput?

    init(_ card: CatchUpCard, hint: HealthHintStatus?, _ text: Localizer) {
        interventionId = card.interventionID.rawValue
        day = card.day
        section = card.section
        label = text.string(card.label)
        title = card.title
        description = card.description
        roi = card.roi
        trackingType = card.trackingType
        defaultCount = card.defaultCount
        healthHint = hint.map { HintOutput($0, text) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(interventionId, forKey: .interventionId)
        try container.encode(day, forKey: .day)
        try container.encode(section, forKey: .section)
        try container.encode(label, forKey: .label)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(roi, forKey: .roi)
        try container.encode(trackingType, forKey: .trackingType)
        try container.encode(defaultCount, forKey: .defaultCount)
        try container.encode(healthHint, forKey: .healthHint)
    }

    enum CodingKeys: String, CodingKey {
        case interventionId, day, section, label, title, description, roi, trackingType, defaultCount, healthHint
    }
}

/// `{"type", "authorized", "message"}`, plus the reading's numbers when authorised.
struct HintOutput: Encodable {
    let type: HealthHintType
    let authorized: Bool
    let message: String
    let workouts: Int?
    let minutes: Int?
    let liters: Double?

    init(_ hint: HealthHintStatus, _ text: Localizer) {
        type = hint.type
        authorized = hint.isAuthorized
        message = text.string(hint.text)
        switch hint.reading {
        case let .workouts(count, minutes)?: (workouts, self.minutes, liters) = (count, minutes, nil)
        case let .water(liters)?: (workouts, minutes, self.liters) = (nil, nil, liters)
        case let .mindfulness(minutes)?, let .sleep(minutes)?: (workouts, self.minutes, liters) = (nil, minutes, nil)
        case nil: (workouts, minutes, liters) = (nil, nil, nil)
        }
    }
}

/// `{"currentSection", "minutesRemaining", "pending", "allCaughtUp"}`.
struct SectionSummaryOutput: Encodable {
    let currentSection: TimeOfDaySection?
    let minutesRemaining: Int?
    let pending: [String]
    let allCaughtUp: Bool

    init(_ summary: CurrentSectionSummary) {
        currentSection = summary.section
        minutesRemaining = summary.minutesRemaining
        pending = summary.pending.map(\.rawValue)
        allCaughtUp = summary.allCaughtUp
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(currentSection, forKey: .currentSection)
        try container.encode(minutesRemaining, forKey: .minutesRemaining)
        try container.encode(pending, forKey: .pending)
        try container.encode(allCaughtUp, forKey: .allCaughtUp)
    }

    enum CodingKeys: String, CodingKey { case currentSection, minutesRemaining, pending, allCaughtUp }
}

/// `{"interventionId", "day", "status", "count", "updatedAt"}` after a decision.
struct DecisionOutput: Encodable {
    let interventionId: String
    let day: LocalDay
    let status: InterventionDecision.Status
    let count: Int
    let updatedAt: Date

    init(_ decision: InterventionDecision) {
        interventionId = decision.interventionID.rawValue
        day = decision.day
        status = decision.status
        count = decision.count
        updatedAt = decision.updatedAt
    }
}
