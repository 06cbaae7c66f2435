import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// The catch-up deck (seed 001): undecided items of sections that ended in the last 24 hours.
    public struct CatchUp: Sendable {
        let buildCatchUpDeck: BuildCatchUpDeck
        let recordDecision: RecordDecision
        let decideCatchUpCard: DecideCatchUpCard

        init(catalog: InterventionCatalog, log: any InterventionLogRepository, health: any HealthDataSource,
             modules: ListModules, time: TimeContext) {
            buildCatchUpDeck = BuildCatchUpDeck(catalog: catalog, log: log, health: health, modules: modules, time: time)
            recordDecision = RecordDecision(catalog: catalog, log: log, time: time)
            decideCatchUpCard = DecideCatchUpCard(deck: buildCatchUpDeck, record: recordDecision)
        }

        /// The cards, their health hints, and what is left to do in the current section.
        public func deck() async throws -> CatchUpResult { try await buildCatchUpDeck.execute() }

        /// Settles a card of the deck: done (a completion at noon of its day) or skipped.
        @discardableResult
        public func decide(_ id: Intervention.ID, day: LocalDay, status: InterventionDecision.Status,
                           count: Int? = nil) async throws -> InterventionDecision {
            try await decideCatchUpCard.execute(id, day: day, status: status, count: count)
        }

        /// Records a decision for any intervention and day, whether or not it is in the deck now
        /// (an import, or a decision made elsewhere).
        @discardableResult
        public func record(_ id: Intervention.ID, day: LocalDay, status: InterventionDecision.Status,
                           count: Int = 1) async throws -> InterventionDecision {
            try await recordDecision.execute(id, day: day, status: status, count: count)
        }
    }
}
