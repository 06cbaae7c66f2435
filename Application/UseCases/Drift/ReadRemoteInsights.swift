import Foundation
import WellnessDomain

/// The weekly insights as the server computes them, read through the stale-while-revalidate
/// cache: a fresh cached answer is used as it is, a stale one is revalidated, and without a
/// connection the cached answer comes back marked offline.
public struct ReadRemoteInsights: Sendable {
    let remote: any DriftRemote
    let cache: StaleWhileRevalidate

    /// A use case reading `remote` through `cache`.
    public init(remote: any DriftRemote, cache: StaleWhileRevalidate) {
        self.remote = remote
        self.cache = cache
    }

    /// The server's insights over `days` days. Throws `DriftWindowError` when `days` is not 7 or 14, and
    /// what `StaleWhileRevalidate.read` throws.
    public func execute(days: Int) async throws -> StaleWhileRevalidate.Result<WeeklyInsights> {
        _ = try InsightsWindow(days: days)
        let remote = self.remote
        return try await cache.read("insights:\(days)", type: .insights, as: WeeklyInsights.self) {
            try await remote.weeklyInsights(days: days)
        }
    }
}
