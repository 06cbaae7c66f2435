import Foundation
import WellnessDomain

/// The daily trend points as the server has them, read through the stale-while-revalidate
/// cache like ``ReadRemoteInsights``; a Pro length on Free is ``DriftError/locked(_:)``.
public struct ReadRemoteTrends: Sendable {
    let remote: any DriftRemote
    let cache: StaleWhileRevalidate

    public init(remote: any DriftRemote, cache: StaleWhileRevalidate) {
        self.remote = remote
        self.cache = cache
    }

    public func execute(days: Int) async throws -> StaleWhileRevalidate.Result<[TrendPoint]> {
        _ = try TrendLength(days: days)
        let remote = self.remote
        return try await cache.read("trends:\(days)", type: .trends, as: [TrendPoint].self) {
            try await remote.trends(days: days)
        }
    }
}
