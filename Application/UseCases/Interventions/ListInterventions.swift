import WellnessDomain

/// The intervention catalog, in catalog order.
public struct ListInterventions: Sendable {
    let catalog: InterventionCatalog

    public init(catalog: InterventionCatalog) {
        self.catalog = catalog
    }

    public func execute() -> [Intervention] { catalog.items }
}
