import WellnessDomain

/// The intervention catalog, in catalog order.
public struct ListInterventions: Sendable {
    let catalog: InterventionCatalog

    /// A use case on `catalog`.
    public init(catalog: InterventionCatalog) {
        self.catalog = catalog
    }

    /// The catalog's items, in catalog order.
    public func execute() -> [Intervention] { catalog.items }
}
