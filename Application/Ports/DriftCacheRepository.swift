import Foundation
import WellnessDomain

/// Cached answers of the remote API, by key, as JSON with the instant they were fetched.
public protocol DriftCacheRepository: Sendable {
    /// The answer last stored under `key`, and when it was fetched; `nil` when none was.
    func cached(_ key: String) async throws -> (data: Data, fetchedAt: Date)?
    /// Keeps `data` under `key` with the instant it was fetched, replacing what was there.
    func store(_ key: String, data: Data, fetchedAt: Date) async throws
}
