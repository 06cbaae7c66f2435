import Foundation
import WellnessDomain

/// Stores the tier chosen with `wellness tier set`.
public protocol TierRepository: TierSource {
    /// Stores `tier`, replacing the one stored before.
    func setTier(_ tier: Tier) async throws
}
