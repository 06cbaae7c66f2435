import WellnessDomain

/// Every known feature, with whether it is Pro and whether the current tier unlocks it.
public struct ListFeatures: Sendable {
    let tier: any TierSource

    /// A use case on `tier`.
    public init(tier: any TierSource) {
        self.tier = tier
    }

    /// Every known feature, with its status on the tier in effect.
    public func execute() async throws -> [FeatureStatus] {
        FeatureGate.features(for: try await tier.tier())
    }
}
