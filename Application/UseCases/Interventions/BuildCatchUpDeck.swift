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

    /// The deck, its hints and the current section's summary, as the type describes.
    public func execute() async throws -> CatchUpResult {
        let now = time.now()
        let calendar = time.calendar
        let days = CatchUpRules.searchedDays(today: LocalDay(now, in: calendar))
        let range = days.first!...days.last!
        let completions = try await log.completions(on: range)
        let decisions = try await log.decisions(on: range)
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
