import Foundation
import WellnessDomain

/// Ticks an intervention off: a completion now, or at an earlier moment, on that moment's day.
public struct CompleteIntervention: Sendable {
    let catalog: InterventionCatalog
    let log: any InterventionLogRepository
    let time: TimeContext

    /// A use case on `catalog` and `log`, with now and the calendar from `time`.
    public init(catalog: InterventionCatalog, log: any InterventionLogRepository, time: TimeContext) {
        self.catalog = catalog
        self.log = log
        self.time = time
    }

    /// Logs a completion of `id` with `count` at `moment` (now when `nil`) and returns it. Throws
    /// `InvalidValue` for an id not in the catalog, `InterventionError` for a count that does not fit the
    /// item, and `TimeProblem` for a moment that cannot be recorded.
    @discardableResult
    public func execute(_ id: Intervention.ID, count: Int = 1, at moment: Date? = nil) async throws -> InterventionCompletion {
        try InterventionLimits.loggableItem(id, count: count, in: catalog)
        let timestamp = try moment.map(time.recordable) ?? time.now()
        let completion = InterventionCompletion(interventionID: id, day: LocalDay(timestamp, in: time.calendar),
                                                timestamp: timestamp, count: count, source: .tracked)
        try await log.append(completions: [completion], decisions: [])
        return completion
    }
}
