import WellnessDomain

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
