import WellnessDomain

/// Every known feature, with whether it is Pro and whether the current tier unlocks it.
public struct ListFeatures: Sendable {
    let tier: any TierSource

    public init(tier: any TierSource) {
        self.tier = tier
    }

    public func execute() async throws -> [FeatureStatus] {
        FeatureGate.features(for: try await tier.tier())
    }
}
