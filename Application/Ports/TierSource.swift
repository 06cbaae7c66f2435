import Foundation
import WellnessDomain

/// Where the tier (Free or Pro) comes from: a stored setting now, an account later.
public protocol TierSource: Sendable {
    /// The tier now (a store answers Free until one is chosen).
    func tier() async throws -> Tier
}
