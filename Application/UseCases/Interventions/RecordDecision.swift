import WellnessDomain

/// Records done or skipped for an intervention on a day. Done also logs a completion at local
/// noon of that day with the count; skipped logs none. Deciding again replaces the earlier
/// decision and its completion. Everything is one write.
public struct RecordDecision: Sendable {
    let catalog: InterventionCatalog
    let log: any InterventionLogRepository
    let time: TimeContext

    /// A use case on `catalog` and `log`, with now, today and the calendar from `time`.
    public init(catalog: InterventionCatalog, log: any InterventionLogRepository, time: TimeContext) {
        self.catalog = catalog
        self.log = log
        self.time = time
    }

    /// Records `status` for `id` on `day` as the type describes and returns the decision. Throws
    /// `InvalidValue` for an id not in the catalog, `InterventionError` for a count that does not fit the
    /// item, and `TimeProblem` for a day after today.
    @discardableResult
    public func execute(_ id: Intervention.ID, day: LocalDay, status: InterventionDecision.Status,
                        count: Int = 1) async throws -> InterventionDecision {
        try InterventionLimits.loggableItem(id, count: count, in: catalog)
        try time.recordable(day)
        let decision = InterventionDecision(interventionID: id, day: day, status: status,
                                            count: status == .done ? count : 0, updatedAt: time.now())
        let completion = status == .done
            ? InterventionCompletion(interventionID: id, day: day, timestamp: day.at(hour: 12, in: time.calendar),
                                     count: count, source: .catchUp)
            : nil
        try await log.recordDecision(decision, completion: completion)
        return decision
    }
}
