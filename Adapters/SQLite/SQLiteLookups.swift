import Foundation
import GRDB
import GRDBSQLite

/// What the hot path's queries read rows with: a GRDB `Database` (any read, and a lookup on a
/// store in memory) or a ``LookupConnection`` (a lookup on a store's file). A query written once
/// against this runs on both, and its rows are decoded by one ``StoredRow`` code.
protocol RowReader {
    /// The rows `sql` gives with `arguments` bound in order, each named by its `keyColumns` in
    /// errors.
    func rows(_ sql: String, _ arguments: [String], table: String, keyColumns: [String]) throws -> [StoredRow]
}

extension Database: RowReader {
    func rows(_ sql: String, _ arguments: [String], table: String, keyColumns: [String]) throws -> [StoredRow] {
        try Row.fetchAll(try cachedStatement(sql: sql), arguments: StatementArguments(arguments))
            .map { StoredRow($0, table: table, keyColumns: keyColumns) }
    }
}

/// A store's own SQLite connections for ``SQLiteDatabase/lookup(_:)``: one is taken for a
/// lookup and given back after it, a new one opened when none is free. A lookup never suspends,
/// so no more are open at once than threads making lookups; at most ``kept`` wait for the next
/// (one more is closed: its `-wal` descriptor goes, while SQLite keeps the database file's for
/// reuse as long as the store is open).
///
/// They exist because GRDB's reader pool, serial queues and row copies cost more than the
/// lookups' few rows (about 90 µs of a weekly-insights request's 223); every other read stays
/// on GRDB's queues.
final class LookupConnections: @unchecked Sendable {
    /// How many free connections a store keeps (two file descriptors each): as many as lookups
    /// run at once on a busy account without opening one per request.
    static let kept = 2

    private let path: String
    private let lock = NSLock()
    private var free: [LookupConnection] = []

    init(path: String) {
        self.path = path
    }

    /// How many free connections wait now (for tests).
    var freeCount: Int { lock.withLock { free.count } }

    /// `body` in one deferred transaction on a connection of this store: committed after it,
    /// rolled back when it throws. A connection left inside a transaction is closed, not kept.
    func transaction<T>(_ body: (LookupConnection) throws -> T) throws -> T {
        let connection = try lock.withLock { free.popLast() } ?? LookupConnection(path: path)
        defer {
            if connection.isIdle { lock.withLock { if free.count < Self.kept { free.append(connection) } } }
        }
        try connection.execute("BEGIN DEFERRED TRANSACTION")
        do {
            let result = try body(connection)
            try connection.execute("COMMIT TRANSACTION")
            return result
        } catch {
            if !connection.isIdle { try? connection.execute("ROLLBACK TRANSACTION") }
            throw error
        }
    }
}

/// One read-only connection to a store's file, its statements prepared once and kept; values
/// are read straight from SQLite's statement. Used by one thread at a time (it is opened
/// without SQLite's own mutex). Opened without `SQLITE_OPEN_CREATE`: a store whose file is gone
/// is an error, never a new empty file.
final class LookupConnection: RowReader {
    /// How long a lookup waits for SQLite's brief lock while a connection recovers a crashed
    /// process's WAL (as long as GRDB's own readers wait).
    static let busyTimeout: Int32 = 10_000

    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    init(path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the database"
            sqlite3_close_v2(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, Self.busyTimeout)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Outside any transaction.
    var isIdle: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Runs `sql` (no rows expected) to its end.
    func execute(_ sql: String) throws {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW { code = sqlite3_step(statement) }
        guard code == SQLITE_DONE else { throw failure(code, sql) }
    }

    func rows(_ sql: String, _ arguments: [String], table: String, keyColumns: [String]) throws -> [StoredRow] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, argument) in arguments.enumerated() {
            let code = SQLiteText.bind(statement, Int32(index + 1), argument)
            guard code == SQLITE_OK else { throw failure(code, sql) }
        }
        var names: [String] = []
        var rows: [StoredRow] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(code, sql) }
            let count = sqlite3_column_count(statement)
            if names.count != Int(count) {
                names = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
            }
            let values = (0..<count).map { DatabaseValue(sqliteStatement: statement, index: $0) }
            rows.append(StoredRow(names: names, values: values, table: table, keyColumns: keyColumns))
        }
    }

    /// `sql`'s statement, prepared on first use; SQL holding more than one statement is refused
    /// (only the first would run).
    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let (code, rest) = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            return (code, tail.map { String(cString: $0) } ?? "")
        }
        guard code == SQLITE_OK, let statement else { throw failure(code, sql) }
        guard rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            sqlite3_finalize(statement)
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "more than one statement in a lookup's SQL", sql: sql)
        }
        statements[sql] = statement
        return statement
    }

    private func failure(_ code: Int32, _ sql: String) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

/// Text bound to a statement's parameter, copied by SQLite.
enum SQLiteText {
    static func bind(_ statement: OpaquePointer, _ index: Int32, _ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            sqlite3_bind_text(statement, index, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                              Int32(bytes.count), transient)
        }
    }

    /// SQLite's `SQLITE_TRANSIENT`: copy the bytes before the call returns.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
