import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// The daily interventions of the catalog, and ticking them off (seed 001).
    public struct Interventions: Sendable {
        let catalog: InterventionCatalog
        let listInterventions: ListInterventions
        let completeIntervention: CompleteIntervention
        let getInterventionHistory: GetInterventionHistory

        init(catalog: InterventionCatalog, log: any InterventionLogRepository, time: TimeContext) {
            self.catalog = catalog
            listInterventions = ListInterventions(catalog: catalog)
            completeIntervention = CompleteIntervention(catalog: catalog, log: log, time: time)
            getInterventionHistory = GetInterventionHistory(catalog: catalog, log: log)
        }

        /// The catalog, in order.
        public func list() -> [Intervention] { listInterventions.execute() }

        /// The catalog entry with this id, if any.
        public func item(_ id: Intervention.ID) -> Intervention? { catalog.item(id) }

        /// Ticks an intervention off, now or at a past moment.
        @discardableResult
        public func complete(_ id: Intervention.ID, count: Int = 1, at moment: Date? = nil) async throws
            -> InterventionCompletion {
            try await completeIntervention.execute(id, count: count, at: moment)
        }

        /// Every completion and decision of one intervention.
        public func history(of id: Intervention.ID) async throws -> InterventionHistory {
            try await getInterventionHistory.execute(id)
        }
    }
}
