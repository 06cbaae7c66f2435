import WellnessDomain

/// The server's Drift reads through the process's ``ServerConnectivity``: the first read of a
/// process sends the waiting check-ins first (with `flush`), a read while offline fails at once
/// with ``ApiFailure/offline`` (the cache answers), and one that finds the server unreachable
/// takes the process offline.
public struct ConnectedDriftRemote: DriftRemote {
    let remote: any DriftRemote
    let connectivity: ServerConnectivity
    let flush: FlushCheckinQueue?

    /// Reads from `remote` as `connectivity` allows, sending the queue with `flush` first.
    public init(_ remote: any DriftRemote, connectivity: ServerConnectivity, sendingFirst flush: FlushCheckinQueue?) {
        self.remote = remote
        self.connectivity = connectivity
        self.flush = flush
    }

    public func weeklyInsights(days: Int) async throws -> WeeklyInsights {
        try await connectivity.call(sendingFirst: flush) { try await remote.weeklyInsights(days: days) }
    }

    public func trends(days: Int) async throws -> [TrendPoint] {
        try await connectivity.call(sendingFirst: flush) { try await remote.trends(days: days) }
    }

    public func today() async throws -> Checkin? {
        try await connectivity.call(sendingFirst: flush) { try await remote.today() }
    }

    public func alerts(days: Int) async throws -> [DriftAlert] {
        try await connectivity.call(sendingFirst: flush) { try await remote.alerts(days: days) }
    }
}
