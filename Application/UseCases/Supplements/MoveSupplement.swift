import WellnessDomain

/// Moves a supplement to a position (0-based) within its time of day.
public struct MoveSupplement: Sendable {
    let supplements: any SupplementRepository
    let defaults: [Supplement]

    /// `defaults` is the stack seeded on first use (``SupplementStack/defaults`` unless localised).
    public init(supplements: any SupplementRepository, defaults: [Supplement] = SupplementStack.defaults) {
        self.supplements = supplements
        self.defaults = defaults
    }

    /// Moves the supplement `reference` names to `position` and returns the stack; throws `InvalidValue`
    /// when it names none or several, and `SupplementError` for a position out of range.
    public func execute(_ reference: String, to position: Int) async throws -> SupplementStack {
        try await SeededStack(supplements, defaults: defaults).change { stack in
            try stack.move(try stack.find(reference).id, to: position)
            return stack
        }
    }
}
