import WellnessDomain

/// Adds a supplement at the end of its time of day.
public struct AddSupplement: Sendable {
    let supplements: any SupplementRepository

    public init(supplements: any SupplementRepository) {
        self.supplements = supplements
    }

    public func execute(name: String, timeOfDay: Supplement.TimeOfDay, dosage: String) async throws -> Supplement {
        try await SeededStack(supplements).change { stack in
            try stack.add(name: name, timeOfDay: timeOfDay, dosage: dosage)
        }
    }
}
