import WellnessDomain

/// Edits a supplement found by name or id: name, time of day, dosage, active.
public struct EditSupplement: Sendable {
    let supplements: any SupplementRepository
    let defaults: [Supplement]

    /// `defaults` is the stack seeded on first use (``SupplementStack/defaults`` unless localised).
    public init(supplements: any SupplementRepository, defaults: [Supplement] = SupplementStack.defaults) {
        self.supplements = supplements
        self.defaults = defaults
    }

    /// Changes the given fields of the supplement `reference` names and returns it; throws
    /// `InvalidValue` when it names none or several, and `SupplementError` for an invalid dosage or
    /// an invalid or taken name.
    public func execute(_ reference: String, name: String? = nil, timeOfDay: Supplement.TimeOfDay? = nil,
                        dosage: String? = nil, isActive: Bool? = nil) async throws -> Supplement {
        try await SeededStack(supplements, defaults: defaults).change { stack in
            let id = try stack.find(reference).id
            return try stack.edit(id, name: name, timeOfDay: timeOfDay, dosage: dosage, isActive: isActive)
        }
    }
}
