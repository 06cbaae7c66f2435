import Foundation
import WellnessDomain

/// The destinations (`scheme://host:port`) a person allowed their tips context to be sent to.
/// The choice is kept: it is asked once per destination.
public protocol TipsConsentRepository: Sendable {
    /// Whether `destination` was allowed.
    func isAllowed(_ destination: String) async throws -> Bool
    /// Records that `destination` is allowed (again is fine).
    func allow(_ destination: String) async throws
    /// Every allowed destination, sorted.
    func allowed() async throws -> [String]
}
