import WellnessDomain

/// Sync's calls through the process's ``ServerConnectivity``: a call while offline fails at
/// once with ``ApiFailure/offline`` (what changed stays pending), and one that finds the server
/// unreachable takes the process offline.
public struct ConnectedSyncRemote: SyncRemote {
    let remote: any SyncRemote
    let connectivity: ServerConnectivity

    /// Calls `remote` as `connectivity` allows.
    public init(_ remote: any SyncRemote, connectivity: ServerConnectivity) {
        self.remote = remote
        self.connectivity = connectivity
    }

    public func push(_ batch: SyncPush) async throws -> SyncPushAnswer {
        try await connectivity.call { try await remote.push(batch) }
    }

    public func pull(after cursor: Int64, limit: Int, timeZone: String?) async throws -> SyncPage {
        try await connectivity.call { try await remote.pull(after: cursor, limit: limit, timeZone: timeZone) }
    }
}
