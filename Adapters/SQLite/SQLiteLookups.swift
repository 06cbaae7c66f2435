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
/// so no more are open at once than threads making lookups; at most ``kept`` wait for the next.
///
/// They exist because GRDB's reader pool, serial queues and row copies cost more than the
/// lookups' few rows (a third of the authenticated request's store time); every other read
/// stays on GRDB's queues.
final class LookupConnections: @unchecked Sendable {
    /// How many free connections a store keeps (each holds two file descriptors).
    static let kept = 2

    private let path: String
    private let lock = NSLock()
    private var free: [LookupConnection] = []

    init(path: String) {
        self.path = path
    }

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
/// without SQLite's own mutex).
final class LookupConnection: RowReader {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    init(path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the database"
            sqlite3_close_v2(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, Int32(SQLiteDatabase.busyTimeout * 1000))
        try execute("PRAGMA query_only = ON")
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

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code, sql) }
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
