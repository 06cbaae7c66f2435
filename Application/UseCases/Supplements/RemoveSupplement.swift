import WellnessDomain

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
