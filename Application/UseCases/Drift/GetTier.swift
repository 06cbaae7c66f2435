import WellnessDomain

/// The tier in effect: the stored one, or an override that wins over it.
public struct GetTier: Sendable {
    let tier: any TierSource

    /// A use case on `tier`.
    public init(tier: any TierSource) {
        self.tier = tier
    }

    /// The tier in effect.
    public func execute() async throws -> Tier {
        try await tier.tier()
    }
}
