import WellnessDomain

/// Every completion and decision of one intervention.
public struct GetInterventionHistory: Sendable {
    let catalog: InterventionCatalog
    let log: any InterventionLogRepository

    /// A use case on `catalog` and `log`.
    public init(catalog: InterventionCatalog, log: any InterventionLogRepository) {
        self.catalog = catalog
        self.log = log
    }

    /// An id outside the catalog is refused, unless the log holds entries for it (from a
    /// catalog used earlier): stored history is never hidden.
    public func execute(_ id: Intervention.ID) async throws -> InterventionHistory {
        let history = try await log.history(of: id)
        if catalog.item(id) == nil, history.completions.isEmpty, history.decisions.isEmpty {
            _ = try catalog.require(id)
        }
        return history
    }
}
