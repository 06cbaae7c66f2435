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

/// Edits a supplement found by name or id: name, time of day, dosage, active.
public struct EditSupplement: Sendable {
    let supplements: any SupplementRepository

    public init(supplements: any SupplementRepository) {
        self.supplements = supplements
    }

    public func execute(_ reference: String, name: String? = nil, timeOfDay: Supplement.TimeOfDay? = nil,
                        dosage: String? = nil, isActive: Bool? = nil) async throws -> Supplement {
        try await SeededStack(supplements).change { stack in
            let id = try stack.find(reference).id
            return try stack.edit(id, name: name, timeOfDay: timeOfDay, dosage: dosage, isActive: isActive)
        }
    }
}

/// Moves a supplement to a position (0-based) within its time of day.
public struct MoveSupplement: Sendable {
    let supplements: any SupplementRepository

    public init(supplements: any SupplementRepository) {
        self.supplements = supplements
    }

    public func execute(_ reference: String, to position: Int) async throws -> SupplementStack {
        try await SeededStack(supplements).change { stack in
            try stack.move(try stack.find(reference).id, to: position)
            return stack
        }
    }
}

/// Deletes a supplement; its logs stay. Deleting every supplement never brings the defaults back.
public struct RemoveSupplement: Sendable {
    let supplements: any SupplementRepository

    public init(supplements: any SupplementRepository) {
        self.supplements = supplements
    }

    @discardableResult
    public func execute(_ reference: String) async throws -> Supplement {
        try await SeededStack(supplements).change { stack in
            let supplement = try stack.find(reference)
            try stack.remove(supplement.id)
            return supplement
        }
    }
}
