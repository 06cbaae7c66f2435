import Foundation
import WellnessDomain

/// The daily trend points as the server has them, read through the stale-while-revalidate
/// cache like ``ReadRemoteInsights``; a Pro length on Free is ``DriftError/locked(_:)``.
public struct ReadRemoteTrends: Sendable {
    let remote: any DriftRemote
    let cache: StaleWhileRevalidate

    /// A use case reading `remote` through `cache`.
    public init(remote: any DriftRemote, cache: StaleWhileRevalidate) {
        self.remote = remote
        self.cache = cache
    }

    /// The server's daily points for `days` days. Throws `DriftWindowError` when `days` is not 7, 30 or
    /// 90, and what `StaleWhileRevalidate.read` throws.
    public func execute(days: Int) async throws -> StaleWhileRevalidate.Result<[TrendPoint]> {
        _ = try TrendLength(days: days)
        let remote = self.remote
        return try await cache.read("trends:\(days)", type: .trends, as: [TrendPoint].self) {
            try await remote.trends(days: days)
        }
    }
}
