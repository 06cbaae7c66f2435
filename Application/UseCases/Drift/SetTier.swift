import WellnessDomain

/// Stores the tier (Free or Pro). An override of the tier source still wins when reading.
public struct SetTier: Sendable {
    let store: any TierRepository

    /// A use case on `store`.
    public init(store: any TierRepository) {
        self.store = store
    }

    /// Stores `tier`, replacing the stored one.
    public func execute(_ tier: Tier) async throws {
        try await store.setTier(tier)
    }
}
