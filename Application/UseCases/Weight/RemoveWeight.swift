import Foundation
import WellnessDomain

/// Deletes a weigh-in by id or id prefix (4+ characters).
public struct RemoveWeight: Sendable {
    let weights: any WeightRepository

    /// A use case on `weights`.
    public init(weights: any WeightRepository) {
        self.weights = weights
    }

    /// The entry `reference` names; ``WeightError/notFound(_:)`` or
    /// ``WeightError/ambiguous(_:candidates:)`` otherwise; an ``InvalidValue`` when
    /// `reference` is no id's start (``IDReference``).
    public func find(_ reference: String) async throws -> WeightEntry {
        let key = try IDReference.uuidPrefix(reference)
        let matches = try await weights.entries(idPrefix: key, limit: 6)
        if let exact = matches.first(where: { $0.id.description == key }) { return exact }
        guard let match = matches.first else { throw WeightError.notFound(reference) }
        guard matches.count == 1 else { throw WeightError.ambiguous(reference, candidates: matches.map(\.id)) }
        return match
    }

    /// Removes the entry `reference` names and returns it.
    @discardableResult
    public func execute(_ reference: String) async throws -> WeightEntry {
        let entry = try await find(reference)
        guard try await weights.remove(entry.id) else { throw WeightError.notFound(reference) }
        return entry
    }
}
