import Foundation
import GRDB
import Logging
import WellnessApplication
import WellnessDomain
import WellnessFileSystem

/// The gateway to one Wellness SQLite database: opens it, migrates it, and runs reads and
/// transactional writes, turning GRDB errors into ``SQLiteStoreError``s that name the file.
///
/// On disk it is a WAL `DatabasePool` with a busy timeout, so several processes can share one
/// store: writers wait for each other instead of failing. Every `write` is one IMMEDIATE
/// transaction. The database file (and so its `-wal`/`-shm` companions) is created 0600.
public struct SQLiteDatabase: Sendable {
    let writer: any DatabaseWriter
    /// The file's own connections for ``lookup(_:)`` (`nil` in memory: lookups use `writer`).
    let lookupConnections: LookupConnections?
    /// The database file, or `:memory:`.
    public let path: String
    /// Where its writes are told, for a person's store (`nil` for a server's accounts database).
    public let changes: StoreChangeFeed?

    /// How long a writer waits for another process's transaction before failing.
    public static let busyTimeout: TimeInterval = 30

    /// Which set of tables a database holds.
    public enum Schema: Sendable {
        /// One person's data (`wellness.sqlite`).
        case wellness
        /// A server's accounts, sessions and idempotency records (`server.sqlite`).
        case server

        var migrator: DatabaseMigrator {
            switch self {
            case .wellness: SQLiteSchema.migrator
            case .server: SQLiteServerSchema.migrator
            }
        }
    }

    /// Opens (creating if needed) the database at `file` and applies pending migrations.
    ///
    /// Opening and migrating happen under an advisory lock on `<file>.lock`: switching a new
    /// file to WAL can fail with "database is locked" without waiting for the busy timeout,
    /// and GRDB's migrator reads the applied list before its transactions, so two processes
    /// opening a new store at once would otherwise collide.
    public init(file: URL, schema: Schema = .wellness, logger: Logger = Logger(label: "wellness.sqlite")) throws {
        let path = file.path
        try PrivateFiles.ensureDirectory(file.deletingLastPathComponent())
        try PrivateFiles.ensureFile(file)
        var config = Configuration()
        config.busyMode = .timeout(Self.busyTimeout)
        config.label = "wellness"
        writer = try FileLock(URL(fileURLWithPath: path + ".lock")).withLock {
            let pool: DatabasePool
            do {
                pool = try DatabasePool(path: path, configuration: config)
            } catch {
                throw SQLiteStoreError.cannotOpen(path: path, reason: Self.describe(error))
            }
            try Self.migrate(pool, schema: schema, path: path, logger: logger)
            return pool
        }
        lookupConnections = LookupConnections(path: path)
        self.path = path
        changes = switch schema {
        case .wellness: StoreChangeFeed { [writer] in try DataVersionWatcher(writer, path: path) }
        case .server: nil
        }
    }

    /// An empty database in memory (for tests and previews), migrated.
    public static func inMemory(schema: Schema = .wellness) throws -> SQLiteDatabase {
        let queue = try DatabaseQueue()
        try migrate(queue, schema: schema, path: ":memory:", logger: Logger(label: "wellness.sqlite"))
        return SQLiteDatabase(writer: queue, path: ":memory:", changes: schema == .wellness ? StoreChangeFeed() : nil)
    }

    private init(writer: any DatabaseWriter, path: String, changes: StoreChangeFeed?) {
        self.writer = writer
        lookupConnections = nil
        self.path = path
        self.changes = changes
    }

    /// Applies pending migrations; refuses a database migrated by a newer version.
    private static func migrate(_ writer: any DatabaseWriter, schema: Schema, path: String, logger: Logger) throws {
        let migrator = schema.migrator
        let identifiers = Set(migrator.migrations)
        do {
            let applied = try writer.read { try migrator.appliedIdentifiers($0) }
            let unknown = applied.subtracting(identifiers).sorted()
            guard unknown.isEmpty else { throw SQLiteStoreError.newerSchema(path: path, unknownMigrations: unknown) }
            guard applied != identifiers else { return }
            try migrator.migrate(writer)
            logger.debug("database migrated", metadata: ["path": "\(path)"])
        } catch let error as SQLiteStoreError {
            throw error
        } catch let row as StoredRow.CorruptRow {
            throw row.error(in: path)
        } catch {
            throw SQLiteStoreError.cannotOpen(path: path, reason: describe(error))
        }
    }

    // MARK: - Access

    /// Whether both are handles of one opened database (one connection pool).
    func isSameStore(as other: SQLiteDatabase) -> Bool {
        (writer as AnyObject) === (other.writer as AnyObject)
    }

    /// Runs `body` in one read transaction (on GRDB's queues: the caller's thread is free while
    /// it waits for a reader and reads, however long that takes).
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw storeError(error)
        }
    }

    /// Runs a small indexed lookup on the calling thread, in one deferred transaction: for the
    /// few rows every authenticated request reads (a session and its account; a window's
    /// check-ins and the tier). On a file it runs on the store's own ``LookupConnections``,
    /// statements prepared once and rows read straight from SQLite: GRDB's queue hops, reader
    /// pool, transaction bookkeeping and row copies cost more than these reads (with them a
    /// weekly-insights request took 1.7 times the server's time). In memory it is GRDB's own
    /// read on the queue. The statements share one snapshot, and SQLite takes its read lock once.
    ///
    /// Blocking the caller is bounded: a lookup reads a few rows by an index; in WAL mode a
    /// reader never waits for a writer (an in-memory store waits for a write already running);
    /// SQLite's brief lock while a connection recovers a crashed process's WAL is waited for at
    /// most 10 s (`LookupConnection.busyTimeout`, as GRDB's readers wait). Given up: the lookup
    /// does not stop for task cancellation, and a disk that stalls stalls the thread. Anything
    /// longer uses ``read(_:)``.
    func lookup<T: Sendable>(_ body: (any RowReader) throws -> T) async throws -> T {
        do {
            if let lookupConnections { return try lookupConnections.transaction(body) }
            return try Self.lookupOnCallingThread(writer, body)
        } catch {
            throw storeError(error)
        }
    }

    /// GRDB's synchronous read, one transaction (a synchronous function, so the `async`
    /// overload is not chosen).
    private static func lookupOnCallingThread<T>(_ reader: any DatabaseReader, _ body: (any RowReader) throws -> T) throws -> T {
        try reader.read { db in try body(db) }
    }

    /// Runs `body` in one IMMEDIATE write transaction; an error from `body` rolls it back. Once
    /// it is committed, ``changes`` is told that `collections` changed (`records` of them, where
    /// the caller knows which).
    func write<T: Sendable>(touching collections: Set<RecordCollection>, records: [RecordCollection: Set<String>] = [:],
                            _ body: @Sendable (Database) throws -> T) async throws -> T {
        let result: T
        do {
            result = try await writer.write(body)
        } catch {
            throw storeError(error)
        }
        changes?.report(collections, records: records)
        return result
    }

    /// Runs `body` in one IMMEDIATE transaction that commits only when `commit` is true (and
    /// `body` returns); a dry run rolls back what `body` did. A commit is told to ``changes`` as
    /// ``write(touching:records:_:)`` tells it.
    func writeTransaction<T: Sendable>(touching collections: Set<RecordCollection>, commit: Bool,
                                       _ body: @Sendable (Database) throws -> T) async throws -> T {
        let result = try await uncommittedOrCommitted(commit: commit, body)
        if commit { changes?.report(collections) }
        return result
    }

    private func uncommittedOrCommitted<T: Sendable>(commit: Bool, _ body: @Sendable (Database) throws -> T)
        async throws -> T {
        do {
            return try await writer.writeWithoutTransaction { db in
                nonisolated(unsafe) var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return commit ? .commit : .rollback
                }
                guard let result else { throw DatabaseError(message: "the transaction returned no result") }
                return result
            }
        } catch {
            throw storeError(error)
        }
    }

    /// Replaces the rows of every table with those of `staged` (a database of the same schema,
    /// e.g. a new one a backup was restored into), in one transaction: a reader, here or in
    /// another process, sees all of the old contents or all of the new. The migrations applied
    /// are not copied: both have the same.
    public func replaceContents(with staged: SQLiteDatabase) async throws {
        do {
            try await writer.writeWithoutTransaction { db in
                try db.execute(sql: "ATTACH DATABASE ? AS staged", arguments: [staged.path])
                defer { try? db.execute(sql: "DETACH DATABASE staged") }
                try db.inTransaction(.immediate) {
                    try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
                    let tables = try String.fetchAll(db, sql: """
                        SELECT name FROM main.sqlite_master
                        WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name
                        """)
                    for table in tables {
                        let columns = try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?, 'main')",
                                                       arguments: [table])
                            .map { "\"\(($0["name"] as String))\"" }.joined(separator: ", ")
                        try db.execute(sql: "DELETE FROM main.\"\(table)\"")
                        try db.execute(sql: "INSERT INTO main.\"\(table)\" (\(columns)) SELECT \(columns) FROM staged.\"\(table)\"")
                    }
                    return .commit
                }
            }
        } catch {
            throw storeError(error)
        }
        changes?.reportEverything()
    }

    /// A GRDB error or a corrupt row as a ``SQLiteStoreError`` naming this file; any other error
    /// (the caller's own) as it is.
    private func storeError(_ error: any Error) -> any Error {
        switch error {
        case let error as DatabaseError: SQLiteStoreError.database(path: path, reason: Self.describe(error))
        case let row as StoredRow.CorruptRow: row.error(in: path)
        default: error
        }
    }

    /// Wraps a failure to decode a stored row.
    func corruptRow(table: String, key: String, _ reason: String) -> SQLiteStoreError {
        .corruptRow(path: path, table: table, key: key, reason: reason)
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return (error as? any LocalizedError)?.errorDescription ?? "\(error)"
    }
}
