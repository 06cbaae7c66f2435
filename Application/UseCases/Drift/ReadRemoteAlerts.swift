import Foundation
import WellnessDomain

/// The drift alerts as the server has them, newest first, read through the
/// stale-while-revalidate cache like ``ReadRemoteInsights``.
public struct ReadRemoteAlerts: Sendable {
    let remote: any DriftRemote
    let cache: StaleWhileRevalidate

    /// A use case reading `remote` through `cache`.
    public init(remote: any DriftRemote, cache: StaleWhileRevalidate) {
        self.remote = remote
        self.cache = cache
    }

    /// The server's alerts of the last `days` days, newest first. Throws `InvalidValue` when `days` is not
    /// in `DriftAlert.dayCounts`, and what `StaleWhileRevalidate.read` throws.
    public func execute(days: Int) async throws -> StaleWhileRevalidate.Result<[DriftAlert]> {
        try DriftAlert.checkDayCount(days)
        let remote = self.remote
        let read = try await cache.read("alerts:\(days)", type: .alerts, as: [DriftAlert].self) {
            try await remote.alerts(days: days)
        }
        return read.map(DriftAlert.newestFirst)
    }
}
