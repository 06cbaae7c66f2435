import WellnessApplication

/// The Drift repositories of one store, for the ``TierRepositoryContract``: the tier under
/// test, and the check-ins and answer cache kept beside it, which setting the tier must leave
/// alone.
public struct DriftRepositories: Sendable {
    /// The tier under test.
    public let tier: any TierRepository
    /// The check-ins of the same store.
    public let checkins: any CheckinRepository
    /// The cache of server answers of the same store.
    public let driftCache: any DriftCacheRepository

    /// The three repositories of one store.
    public init(tier: any TierRepository, checkins: any CheckinRepository, driftCache: any DriftCacheRepository) {
        self.tier = tier
        self.checkins = checkins
        self.driftCache = driftCache
    }
}
