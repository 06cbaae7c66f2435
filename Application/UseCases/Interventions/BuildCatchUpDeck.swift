import Foundation
import WellnessDomain

/// The cards of the last 24 hours still to settle (none from before the store's first run),
/// their health hints, and the current section's summary.
public struct BuildCatchUpDeck: Sendable {
    let catalog: InterventionCatalog
    let log: any InterventionLogRepository
    let health: any HealthDataSource
    let modules: ListModules
    let time: TimeContext

    /// `modules` gives the store's first run (and records it, on the very first run).
    public init(catalog: InterventionCatalog, log: any InterventionLogRepository, health: any HealthDataSource,
                modules: ListModules, time: TimeContext) {
        self.catalog = catalog
        self.log = log
        self.health = health
        self.modules = modules
        self.time = time
    }

    /// The deck, its hints and the current section's summary, as the type describes. With
    /// `reopening`, that item's catch-up decision on that day (and the completion it made) does
    /// not count: the deck as it would be had the card not been decided, so that it can be
    /// decided again.
    public func execute(reopening card: (id: Intervention.ID, day: LocalDay)? = nil) async throws -> CatchUpResult {
        let now = time.now()
        let calendar = time.calendar
        let days = CatchUpRules.searchedDays(today: LocalDay(now, in: calendar))
        let range = days.first!...days.last!
        var completions = try await log.completions(on: range)
        var decisions = try await log.decisions(on: range)
        if let card {
            decisions.removeAll { $0.interventionID == card.id && $0.day == card.day }
            completions.removeAll { $0.interventionID == card.id && $0.day == card.day && $0.source == .catchUp }
        }
        let firstRun = try await modules.execute().firstRunAt
        let cards = CatchUpRules.cards(catalog: catalog.items, completions: completions, decisions: decisions,
                                       now: now, calendar: calendar, firstRun: firstRun)
        var hints: [String: HealthHintStatus] = [:]
        for card in cards {
            guard let type = card.healthHint,
                  let window = card.section.interval(on: card.day, calendar: calendar) else { continue }
            hints[card.id] = try await health.hint(type, in: window)
        }
        let summary = CurrentSectionSummary(catalog: catalog.items, completions: completions, decisions: decisions,
                                            now: now, calendar: calendar)
        return CatchUpResult(cards: cards, hints: hints, summary: summary)
    }
}
