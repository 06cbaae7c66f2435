import Foundation
import WellnessDomain

/// Stores the tier chosen with `wellness tier set`.
public protocol TierRepository: TierSource {
    func setTier(_ tier: Tier) async throws
}
