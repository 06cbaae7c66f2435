import Foundation
import Logging
import NIOSSL  // a failed TLS handshake, told from a host that does not answer
import PostgresNIO
import WellnessDomain
import _ConnectionPoolModule  // the pool's errors: shut down, or no connection could be made
import WellnessApplication

/// One PostgreSQL database shared by every server process: a pool of connections, the schema
/// migrated at open, and the errors of every statement turned into ``PostgresStoreError``.
///
/// Open it with ``open(_:logger:)``, which connects, migrates (under an advisory lock, so two
/// processes starting at once migrate once) and returns when the database is ready; ``close()``
/// ends its connections. Every repository of this module takes one and scopes its rows by
/// account, so all accounts' data is in the same tables.
public final class PostgresDatabase: Sendable {
    /// Where the database is and how it is reached.
    public let configuration: PostgresConfiguration
    let client: PostgresClient
    let logger: Logger
    private let running: Task<Void, Never>
    private let inUse = Locked(0)
    private let limit: Locked<Duration>
    /// Each account's sync, one at a time in this process (whichever handle of its log runs it).
    private let syncExclusions = Locked<[Account.ID: SyncExclusion]>([:])

    /// How long one operation may take before the database counts as unavailable: the
    /// configuration's ``PostgresConfiguration/operationTimeout`` until changed here (by a test
    /// about to cut the database off, say).
    public var operationTimeout: Duration {
        get { limit.value }
        set { limit.value = newValue }
    }

    /// How many of the pool's connections this process's operations hold now.
    public var connectionsInUse: Int { inUse.value }

    private init(configuration: PostgresConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        limit = Locked(configuration.operationTimeout)
        let client = PostgresClient(configuration: configuration.client, backgroundLogger: logger)
        self.client = client
        // Running before the first lease: an immediate task has entered `run()` when it is made.
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, *) {
            running = Task.immediate { await client.run() }
        } else {
            running = Task { await client.run() }
        }
    }

    deinit { running.cancel() }

    /// Connects to the database and brings its schema up to date. Throws
    /// ``PostgresStoreError/unavailable(database:reason:)`` when it cannot be reached,
    /// ``PostgresStoreError/newerSchema(database:unknownMigrations:)`` when a newer Wellness
    /// migrated it.
    public static func open(_ configuration: PostgresConfiguration,
                            logger: Logger = Logger(label: "wellness.postgres")) async throws -> PostgresDatabase {
        if let schema = configuration.schema, !PostgresSchema.isPlainIdentifier(schema) {
            throw PostgresStoreError.invalidURL(configuration.description,
                                                reason: "the schema \(schema) is not a plain name (a–z, 0–9, _)")
        }
        let database = PostgresDatabase(configuration: configuration, logger: logger)
        do {
            try await database.checkConnection()
            try await database.transaction { connection in try await PostgresSchema.migrate(connection, database: database) }
        } catch {
            await database.close()
            throw error
        }
        return database
    }

    /// Makes one connection outside the pool and closes it: the pool keeps trying on its own and
    /// reports every failure alike, where this one tells a wrong password, a missing database or
    /// a refused certificate (a configuration to fix) from a database that is away (to wait for).
    private func checkConnection() async throws {
        do {
            let connection = try await PostgresConnection.connect(configuration: try configuration.connection(), id: 0,
                                                                  logger: logger)
            try? await connection.close()
        } catch {
            throw failure(error)
        }
    }

    /// Ends the pool's connections; later calls fail as unavailable.
    public func close() async {
        running.cancel()
        await running.value
    }

    /// The URL without its password.
    public var description: String { configuration.description }

    // MARK: - Statements

    /// Runs `body` on a connection of the pool, outside any transaction.
    func read<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Result) async throws
        -> Result {
        try await bounded { [client, inUse] in
            try await client.withConnection { connection in try await Self.use(connection, inUse, body) }
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Result)
        async throws -> Result {
        try await bounded { [client, logger, inUse] in try await Self.runTransaction(client, logger, inUse, body) }
    }

    /// One transaction on a leased connection; a failure is the one that happened first (the
    /// body's, else BEGIN's, COMMIT's or ROLLBACK's), not postgres-nio's wrapper of them.
    private static func runTransaction<Result: Sendable>(
        _ client: PostgresClient, _ logger: Logger, _ inUse: Locked<Int>,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await use(connection, inUse, body)
            }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error
        }
    }

    /// ``transaction(_:)`` for a body that calls a caller's non-escaping closure, so must not
    /// outlive the call: when the time is up it is cancelled and waited for (a hung database
    /// may make that wait longer), where ``transaction(_:)`` returns at once.
    func transactionEndingWithCall<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let limit = operationTimeout
        do {
            let outcome = try await withThrowingTaskGroup(of: BoundedOutcome<Result>.self) { [client, logger, inUse] group in
                group.addTask { .done(try await Self.runTransaction(client, logger, inUse, body)) }
                group.addTask {
                    try await Task.sleep(for: limit)
                    return .timedOut
                }
                defer { group.cancelAll() }
                return try await group.next() ?? .timedOut
            }
            guard case .done(let result) = outcome else {
                throw PostgresStoreError.unavailable(database: description, reason: "no answer within \(limit)")
            }
            return result
        } catch {
            throw failure(error)
        }
    }

    /// Runs `body` on a leased connection, counted as in use. Cancelled — its time is up — it
    /// closes the connection: postgres-nio does not stop a statement for a cancelled task, and
    /// a closed connection makes the server roll back what the body had begun, where waiting
    /// could see it commit after its caller was told it failed, or hold a hung connection for
    /// as long as TCP takes to give up. The pool replaces the connection.
    private static func use<Result: Sendable>(_ connection: PostgresConnection, _ inUse: Locked<Int>,
                                              _ body: @Sendable (PostgresConnection) async throws -> Result)
        async throws -> Result {
        inUse.change { $0 += 1 }
        defer { inUse.change { $0 -= 1 } }
        return try await withTaskCancellationHandler {
            try await body(connection)
        } onCancel: {
            let _: EventLoopFuture<Void> = connection.close()
        }
    }

    /// Runs `operation` — waiting for a connection, then its statements — within
    /// ``PostgresConfiguration/operationTimeout``: a database that is down or hung makes it
    /// unavailable then, instead of holding the caller while the pool keeps trying to connect.
    private func bounded<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) async throws
        -> Result {
        let limit = operationTimeout
        let description = description
        do {
            return try await Deadline.run(within: limit, orThrow: {
                PostgresStoreError.unavailable(database: description, reason: "no answer within \(limit)")
            }, operation)
        } catch {
            throw failure(error)
        }
    }

    /// What a failed statement means to a caller: the database away, the data bad, or a refusal.
    /// Errors that are not the database's (a caller's own, cancellation) pass through unchanged.
    func failure(_ error: any Error) -> any Error {
        switch error {
        case let error as PSQLError:
            if let refusal = connectionRefusal(error) { return refusal }
            if error.code == .server {
                let state = error.serverInfo?[.sqlState] ?? "unknown"
                let reason = "\(error.serverInfo?[.message] ?? "no message") (SQLSTATE \(state))"
                if Self.unavailableStates.contains(state) || state.hasPrefix("08") {
                    return PostgresStoreError.unavailable(database: description, reason: reason)
                }
                // A row for an account that is not there (deleted meanwhile, by another process say).
                if state == "23503", error.serverInfo?[.constraintName]?.hasSuffix(PostgresSchema.accountKeySuffix) == true {
                    return AccountError.noSuchAccount(Self.key(in: error.serverInfo?[.detail]) ?? "of this row")
                }
                return PostgresStoreError.database(database: description, reason: reason)
            }
            // The code in words (`serverClosedConnection`); never the underlying error, whose
            // description is the driver's types (`SingleConnectionFailure(…)`).
            return PostgresStoreError.unavailable(database: description, reason: "\(error.code)")
        case let error as ConnectionPoolError:
            if error == .requestCancelled { return CancellationError() }
            let reason = error == .poolShutdown ? "its connections were closed" : "no connection could be made"
            return PostgresStoreError.unavailable(database: description, reason: reason)
        case let error as PostgresDecodingError:
            return PostgresStoreError.corruptRow(
                database: description, table: "a result", key: "column \(error.columnName)",
                reason: "it holds \(error.postgresType) where \(error.targetType) was expected")
        default:
            return error
        }
    }

    /// A connection the URL cannot make, by the part of the URL to fix: the host and port
    /// (nothing answers), the user or password, the database's name, or TLS; `nil` for any
    /// other failure.
    func connectionRefusal(_ error: PSQLError) -> PostgresStoreError? {
        if error.underlying is NIOSSLError { return .tlsFailed(database: description) }
        switch error.code {
        case .connectionError:
            return .unreachable(database: description, host: configuration.host, port: configuration.port)
        case .sslUnsupported:
            return .tlsUnsupported(database: description)
        case .server:
            switch error.serverInfo?[.sqlState] {
            // invalid_password, invalid_authorization_specification: PostgreSQL says no more on purpose.
            case "28P01", "28000": return .authenticationFailed(database: description, user: configuration.username)
            case "3D000": return .noSuchDatabase(database: description, name: configuration.database)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The key value a constraint error's detail names: `abc` in `Key (account_id)=(abc) is not present…`.
    static func key(in detail: String?) -> String? {
        guard let detail, let open = detail.range(of: ")=("),
              let close = detail[open.upperBound...].firstIndex(of: ")") else { return nil }
        return String(detail[open.upperBound..<close])
    }

    /// SQLSTATEs that mean "not now" rather than "not this": shutting down, starting up, too many
    /// connections, a failover's read-only standby, a deadlock or serialization failure the
    /// database broke by aborting this transaction. (Class 08, connection exceptions, too.)
    private static let unavailableStates: Set<String> = ["57P01", "57P02", "57P03", "53300", "25006", "40P01", "40001"]

    /// The day a `day::text` column holds; anything else is a corrupt row of `table`.
    func day(_ text: String, in table: String) throws -> LocalDay {
        guard let day = LocalDay(text) else { throw corrupt(table, key: text, "day \(text) is not a date") }
        return day
    }

    /// The one exclusion of `account`'s sync in this process.
    func syncExclusion(of account: Account.ID) -> SyncExclusion {
        var exclusion: SyncExclusion?
        syncExclusions.change { exclusions in
            if let existing = exclusions[account] {
                exclusion = existing
            } else {
                let made = SyncExclusion()
                exclusions[account] = made
                exclusion = made
            }
        }
        return exclusion!
    }

    /// A row that does not hold what its column must.
    func corrupt(_ table: String, key: String, _ reason: String) -> PostgresStoreError {
        .corruptRow(database: description, table: table, key: key, reason: reason)
    }
}

/// A value several tasks read and change, one at a time.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Reads and changes the value in one step (`value += 1` would be two).
    func change(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

/// How a bounded operation ended.
private enum BoundedOutcome<Result: Sendable>: Sendable {
    case done(Result)
    case timedOut
}

extension PostgresConnection {
    /// Runs a statement that returns no rows the caller reads.
    func run(_ query: PostgresQuery, _ logger: Logger) async throws {
        _ = try await self.query(query, logger: logger).collect()
    }

    /// How many rows a statement with `RETURNING 1` touched.
    func count(_ query: PostgresQuery, _ logger: Logger) async throws -> Int {
        try await self.query(query, logger: logger).collect().count
    }

    /// Takes a lock for the rest of the transaction on `name` (any text), in every process on the
    /// database: two transactions asking for the same name run one after the other.
    func lock(_ name: String, _ logger: Logger) async throws {
        try await run("SELECT pg_advisory_xact_lock(hashtextextended(\(name), 0))", logger)
    }
}
