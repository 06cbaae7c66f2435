import WellnessDomain

/// What the operations routes and the request pipeline ask of whoever hosts the server: is the
/// store reachable, how many account stores are open, and keeping an account's store open while
/// a request uses it. The defaults suit a host with nothing to check and nothing to close.
public struct ServerOperations: Sendable {
    /// Returns when the server's store answers; throws why it does not (`GET /readyz`).
    public var checkReady: @Sendable () async throws -> Void
    /// How many account stores the host holds open now (the `wellness_open_account_stores` gauge).
    public var openStores: @Sendable () async -> Int
    /// Marks an account's store as in use by one request, so it is not closed under it; the
    /// returned closure ends that use (called once, when the request's answer is ready).
    public var holdStore: @Sendable (Account.ID) async -> @Sendable () async -> Void
    /// How many database connections of the host's pool are in use now (the
    /// `wellness_database_connections_in_use` gauge); `nil` for a host without a pool.
    public var databaseConnections: (@Sendable () -> Int)?
    /// This server's metrics (a registry of its own).
    public var metrics: ServerMetrics

    /// By default: always ready, no open stores, nothing to hold, no database pool, and a metrics
    /// registry of its own.
    public init(checkReady: @escaping @Sendable () async throws -> Void = {},
                openStores: @escaping @Sendable () async -> Int = { 0 },
                holdStore: @escaping @Sendable (Account.ID) async -> @Sendable () async -> Void = { _ in {} },
                databaseConnections: (@Sendable () -> Int)? = nil,
                metrics: ServerMetrics = ServerMetrics()) {
        self.checkReady = checkReady
        self.openStores = openStores
        self.databaseConnections = databaseConnections
        self.holdStore = holdStore
        self.metrics = metrics
    }
}
