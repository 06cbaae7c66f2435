import Foundation
import GRDB
import GRDBSQLite
import WellnessApplication
import WellnessDomain

/// Weigh-ins in `weightEntry`, keyed by their duplicate key (minute, hundredths of a kg), so the
/// table itself refuses a second copy of a weigh-in; ids are 16-byte blobs, found by a scan.
///
/// Imports bind one prepared statement through SQLite's C interface row by row (no records, no
/// argument arrays): a million rows go in about as fast as the `sqlite3` tool's own `.import`.
/// Reads take each row's values through the same interface.
public struct SQLiteWeightRepository: WeightRepository {
    private let database: SQLiteDatabase
    static let table = "weightEntry"
    static let columns = "id, atMs, kilograms, note, source"

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func entries(since start: Date?) async throws -> [WeightEntry] {
        try await database.read { db in
            guard let start else {
                return try Self.fetch(db, "ORDER BY minute, atMs, id", [])
            }
            // Stored instants are whole milliseconds: the first one at or after `start`.
            let millis = Int64((start.timeIntervalSince1970 * 1000).rounded(.up))
            return try Self.fetch(db, "WHERE minute >= ? AND atMs >= ? ORDER BY minute, atMs, id",
                                  [WeightEntry.DuplicateKey.minute(ofMilliseconds: millis), millis])
        }
    }

    public func latest(atOrBefore date: Date?) async throws -> WeightEntry? {
        try await database.read { db in
            guard let date else {
                return try Self.fetch(db, "ORDER BY minute DESC, atMs DESC, id DESC LIMIT 1", []).first
            }
            // Stored instants are whole milliseconds: the last one at or before `date`.
            let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
            return try Self.fetch(db, "WHERE minute <= ? AND atMs <= ? ORDER BY minute DESC, atMs DESC, id DESC LIMIT 1",
                                  [WeightEntry.DuplicateKey.minute(ofMilliseconds: millis), millis]).first
        }
    }

    public func entries(idPrefix prefix: String, limit: Int) async throws -> [WeightEntry] {
        // The prefix as a range of 16-byte ids: padded with 0s (lowest) and fs (highest).
        let hex = prefix.filter { $0 != "-" }
        guard hex.count <= 32, hex.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
              let low = Self.blob(hex: hex + String(repeating: "0", count: 32 - hex.count)),
              let high = Self.blob(hex: hex + String(repeating: "f", count: 32 - hex.count)) else { return [] }
        return try await database.read { db in
            try Self.fetch(db, "WHERE id BETWEEN ? AND ? ORDER BY minute, atMs, id LIMIT ?", [low, high, max(0, limit)])
        }
    }

    /// Reads the table in its own order, (minute, hundredths), and puts each minute's entries
    /// (seldom more than one) in order here: `ORDER BY minute, atMs, id` has SQLite sort every
    /// minute on its own, which takes longer than all the rest of the walk.
    public func forEachEntry(_ body: @Sendable (WeightEntry) throws -> Void) async throws {
        try await database.read { db in
            let statement = try db.makeStatement(
                sql: "SELECT \(Self.columns), minute FROM \(Self.table) ORDER BY minute, hundredths")
            let rows = try Row.fetchCursor(statement)
            let handle = statement.sqliteStatement
            var minute: Int64?
            var sameMinute: [WeightEntry] = []
            while let row = try rows.next() {
                let rowMinute = sqlite3_column_type(handle, 5) == SQLITE_INTEGER ? sqlite3_column_int64(handle, 5)
                    : try StoredRow(row, table: Self.table, key: Self.key(row)).int64("minute")
                if rowMinute != minute {
                    try Self.deliver(&sameMinute, to: body)
                    minute = rowMinute
                }
                sameMinute.append(try Self.entry(handle) ?? Self.entry(row))
            }
            try Self.deliver(&sameMinute, to: body)
        }
    }

    /// Calls `body` with `entries`, oldest first (ties by id, as SQLite orders blobs), and
    /// empties them.
    private static func deliver(_ entries: inout [WeightEntry], to body: (WeightEntry) throws -> Void) throws {
        if entries.count > 1 {
            entries.sort { first, second in
                let (firstMillis, secondMillis) = (Timestamp.milliseconds(first.date), Timestamp.milliseconds(second.date))
                guard firstMillis == secondMillis else { return firstMillis < secondMillis }
                return withUnsafeBytes(of: first.id.rawValue.uuid) { firstID in
                    withUnsafeBytes(of: second.id.rawValue.uuid) { firstID.lexicographicallyPrecedes($0) }
                }
            }
        }
        for entry in entries { try body(entry) }
        entries.removeAll(keepingCapacity: true)
    }

    /// The entries of the rows `clause` selects. Each row's values are read through SQLite's C
    /// interface, not as a GRDB `Row` of named columns; a row holding anything a valid row
    /// cannot is read again as a `Row`, whose error names the row and the column.
    private static func fetch(_ db: Database, _ clause: String,
                              _ arguments: [any DatabaseValueConvertible]) throws -> [WeightEntry] {
        let statement = try db.makeStatement(sql: "SELECT \(columns) FROM \(table) \(clause)")
        let rows = try Row.fetchCursor(statement, arguments: StatementArguments(arguments))
        let handle = statement.sqliteStatement
        var entries: [WeightEntry] = []
        while let row = try rows.next() { entries.append(try entry(handle) ?? entry(row)) }
        return entries
    }

    private static func entry(_ row: Row) throws -> WeightEntry {
        let stored = StoredRow(row, table: table, key: key(row))
        let idData = try stored.blob("id")
        guard let uuid = uuid(idData) else { throw stored.corrupt("id", "not 16 bytes") }
        let source = try stored.raw("source", as: WeightEntry.Source.self)
        let kilograms = try stored.double("kilograms")
        if let problem = WeightEntry.problem(kilograms: kilograms) { throw stored.refused("kilograms", by: problem, problem.summary) }
        return WeightEntry(unchecked: .init(uuid), date: try stored.instant("atMs"), kilograms: kilograms,
                           note: try stored.optionalText("note"), source: source)
    }

    /// The entry in the current row of `handle` (the columns of ``columns``, in order), or `nil`
    /// when a value is not one that reading the row as a `Row` accepts.
    private static func entry(_ handle: OpaquePointer) -> WeightEntry? {
        guard sqlite3_column_type(handle, 0) == SQLITE_BLOB, sqlite3_column_bytes(handle, 0) == 16,
              let id = sqlite3_column_blob(handle, 0), sqlite3_column_type(handle, 1) == SQLITE_INTEGER
        else { return nil }
        let millis = sqlite3_column_int64(handle, 1)
        guard StoredRow.instantRange.contains(millis),
              let kilograms = number(handle, 2), WeightEntry.problem(kilograms: kilograms) == nil,
              sqlite3_column_type(handle, 3) == SQLITE_NULL || sqlite3_column_type(handle, 3) == SQLITE_TEXT,
              let source = source(handle, 4) else { return nil }
        return WeightEntry(unchecked: .init(UUID(uuid: id.loadUnaligned(as: uuid_t.self))),
                           date: Timestamp.fromMilliseconds(millis), kilograms: kilograms, note: text(handle, 3),
                           source: source)
    }

    /// A REAL (finite) or INTEGER column as ``StoredRow/double(_:)`` reads it, else `nil`.
    private static func number(_ handle: OpaquePointer, _ column: Int32) -> Double? {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_FLOAT:
            let value = sqlite3_column_double(handle, column)
            return value.isFinite ? value : nil
        case SQLITE_INTEGER:
            return Double(sqlite3_column_int64(handle, column))
        default:
            return nil
        }
    }

    /// The source whose raw value a TEXT column holds (up to any NUL character, as GRDB reads
    /// text), else `nil`. The raw values are ASCII, and no other text equals one of them as a
    /// `String` does, so their bytes are compared without making a `String` of each row's.
    private static func source(_ handle: OpaquePointer, _ column: Int32) -> WeightEntry.Source? {
        guard sqlite3_column_type(handle, column) == SQLITE_TEXT, let text = sqlite3_column_text(handle, column) else {
            return nil
        }
        // Each byte compared stops at the first that differs, so none past the text's NUL is read.
        return sources.first { source in
            source.bytes.indices.allSatisfy { text[$0] == source.bytes[$0] } && text[source.bytes.count] == 0
        }?.source
    }

    private static let sources = WeightEntry.Source.allCases.map { (bytes: Array($0.rawValue.utf8), source: $0) }

    /// A TEXT column as GRDB reads it (up to any NUL character), else `nil`.
    private static func text(_ handle: OpaquePointer, _ column: Int32) -> String? {
        guard sqlite3_column_type(handle, column) == SQLITE_TEXT else { return nil }
        return sqlite3_column_text(handle, column).map { String(cString: $0) }
    }

    /// A row named by its id: a UUID when it is 16 bytes, else as stored.
    private static func key(_ row: Row) -> String {
        let fallback = StoredRow(row, table: table, keyColumns: ["id"]).key
        guard let data = try? StoredRow(row, table: table, key: fallback).blob("id"), let uuid = uuid(data) else {
            return fallback
        }
        return "id \(uuid.uuidString.lowercased())"
    }

    // MARK: - Writes

    public func remove(_ id: WeightEntry.ID) async throws -> Bool {
        try await database.write(touching: [WeightRecords.collection]) { db in
            try db.execute(sql: "DELETE FROM \(Self.table) WHERE id = ?", arguments: [Self.blob(id.rawValue)])
            return db.changesCount > 0
        }
    }

    public func importEntries<Result: Sendable>(
        commit: Bool, _ body: @Sendable (any WeightInserting) throws -> Result
    ) async throws -> Result {
        try await database.writeTransaction(touching: [WeightRecords.collection], commit: commit) { db in try body(try Inserter(db: db)) }
    }

    /// Inserts through two prepared statements bound with SQLite's C interface: one for a full
    /// batch of ``batchSize`` rows (one statement step for all of them: half the cost of a step
    /// per row), one for single rows.
    final class Inserter: WeightInserting {
        static let batchSize = 64
        let batch: Statement
        let single: Statement
        let connection: OpaquePointer

        init(db: Database) throws {
            func insert(rows: Int) -> String {
                "INSERT INTO \(SQLiteWeightRepository.table) (minute, hundredths, id, atMs, kilograms, note, source) VALUES "
                    + Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
                    + " ON CONFLICT (minute, hundredths) DO NOTHING"
            }
            batch = try db.cachedStatement(sql: insert(rows: Self.batchSize))
            single = try db.cachedStatement(sql: insert(rows: 1))
            connection = db.sqliteConnection!
        }

        func insert(_ entries: [WeightEntry]) throws -> Int {
            var inserted = 0
            var start = 0
            while entries.count - start >= Self.batchSize {
                inserted += try run(batch.sqliteStatement, entries[start..<start + Self.batchSize])
                start += Self.batchSize
            }
            while start < entries.count {
                inserted += try run(single.sqliteStatement, entries[start..<start + 1])
                start += 1
            }
            return inserted
        }

        private func run(_ handle: OpaquePointer, _ rows: ArraySlice<WeightEntry>) throws -> Int {
            sqlite3_reset(handle)
            var column: Int32 = 0
            for entry in rows {
                let key = entry.duplicateKey
                sqlite3_bind_int64(handle, column + 1, key.minute)
                sqlite3_bind_int64(handle, column + 2, key.hundredths)
                withUnsafeBytes(of: entry.id.rawValue.uuid) { bytes in
                    _ = sqlite3_bind_blob(handle, column + 3, bytes.baseAddress, 16, SQLiteText.transient)
                }
                sqlite3_bind_int64(handle, column + 4, Timestamp.milliseconds(entry.date))
                sqlite3_bind_double(handle, column + 5, entry.kilograms)
                if let note = entry.note {
                    _ = SQLiteText.bind(handle, column + 6, note)
                } else {
                    sqlite3_bind_null(handle, column + 6)
                }
                _ = SQLiteText.bind(handle, column + 7, entry.source.rawValue)
                column += 7
            }
            let code = sqlite3_step(handle)
            guard code == SQLITE_DONE else {
                let message = String(cString: sqlite3_errmsg(connection))
                sqlite3_reset(handle)
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
            }
            return Int(sqlite3_changes(connection))
        }
    }

    // MARK: - Encoding

    static func blob(_ uuid: UUID) -> Data { withUnsafeBytes(of: uuid.uuid) { Data($0) } }

    static func uuid(_ data: Data) -> UUID? {
        guard data.count == 16 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: data) }
        return UUID(uuid: value)
    }

    static func blob(hex: String) -> Data? {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return Data(bytes)
    }
}
