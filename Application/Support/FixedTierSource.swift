import Foundation
import WellnessDomain

/// One tier, whatever is stored (an override such as `WELLNESS_TIER`, or a test).
public struct FixedTierSource: TierSource {
    public let fixed: Tier
    public init(_ tier: Tier) { fixed = tier }
    public func tier() -> Tier { fixed }
}
