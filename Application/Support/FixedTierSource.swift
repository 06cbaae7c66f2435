import Foundation
import WellnessDomain

/// One tier, whatever is stored (an override such as `WELLNESS_TIER`, or a test).
public struct FixedTierSource: TierSource {
    /// The tier given.
    public let fixed: Tier
    /// A source that always gives `tier`.
    public init(_ tier: Tier) { fixed = tier }
    /// Always `fixed`.
    public func tier() -> Tier { fixed }
}
