import Foundation
import WellnessDomain

/// Cached answers of the remote API, by key, as JSON with the instant they were fetched.
public protocol DriftCacheRepository: Sendable {
    func cached(_ key: String) async throws -> (data: Data, fetchedAt: Date)?
    func store(_ key: String, data: Data, fetchedAt: Date) async throws
}
