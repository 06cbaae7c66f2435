import WellnessDomain

/// Deletes a supplement; its logs stay. Deleting every supplement never brings the defaults back.
public struct RemoveSupplement: Sendable {
    let supplements: any SupplementRepository
    let defaults: [Supplement]

    /// `defaults` is the stack seeded on first use (``SupplementStack/defaults`` unless localised).
    public init(supplements: any SupplementRepository, defaults: [Supplement] = SupplementStack.defaults) {
        self.supplements = supplements
        self.defaults = defaults
    }

    /// Deletes the supplement `reference` names and returns it; throws `InvalidValue` when it names none
    /// or several.
    @discardableResult
    public func execute(_ reference: String) async throws -> Supplement {
        try await SeededStack(supplements, defaults: defaults).change { stack in
            let supplement = try stack.find(reference)
            try stack.remove(supplement.id)
            return supplement
        }
    }
}
