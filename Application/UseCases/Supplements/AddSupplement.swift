import WellnessDomain

/// Adds a supplement at the end of its time of day.
public struct AddSupplement: Sendable {
    let supplements: any SupplementRepository
    let defaults: [Supplement]

    /// `defaults` is the stack seeded on first use (``SupplementStack/defaults`` unless localised).
    public init(supplements: any SupplementRepository, defaults: [Supplement] = SupplementStack.defaults) {
        self.supplements = supplements
        self.defaults = defaults
    }

    /// Adds the supplement (seeding the stack first if needed) and returns it; throws `SupplementError`
    /// for an invalid name or dosage, or a name the stack has already.
    public func execute(name: String, timeOfDay: Supplement.TimeOfDay, dosage: String) async throws -> Supplement {
        try await SeededStack(supplements, defaults: defaults).change { stack in
            try stack.add(name: name, timeOfDay: timeOfDay, dosage: dosage)
        }
    }
}
