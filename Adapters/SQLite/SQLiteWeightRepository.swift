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
public struct SQLiteWeightRepository: WeightRepository {
    private let database: SQLiteDatabase
    static let table = "weightEntry"
    static let columns = "id, atMs, kilograms, note, source"

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

    public func forEachEntry(_ body: @Sendable (WeightEntry) throws -> Void) async throws {
        try await database.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT \(Self.columns) FROM \(Self.table) ORDER BY minute, atMs, id")
            while let row = try rows.next() { try body(try Self.entry(row)) }
        }
    }

    private static func fetch(_ db: Database, _ clause: String,
                              _ arguments: [any DatabaseValueConvertible]) throws -> [WeightEntry] {
        try Row.fetchAll(db, sql: "SELECT \(columns) FROM \(table) \(clause)", arguments: StatementArguments(arguments))
            .map(entry)
    }

    private static func entry(_ row: Row) throws -> WeightEntry {
        let stored = StoredRow(row, table: table, key: key(row))
        let idData = try stored.blob("id")
        guard let uuid = uuid(idData) else { throw stored.corrupt("id", "not 16 bytes") }
        let source = try stored.raw("source", as: WeightEntry.Source.self)
        let kilograms = try stored.double("kilograms")
        if let problem = WeightEntry.problem(kilograms: kilograms) { throw stored.corrupt("kilograms", problem.summary) }
        return WeightEntry(unchecked: .init(uuid), date: try stored.instant("atMs"), kilograms: kilograms,
                           note: try stored.optionalText("note"), source: source)
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
        try await database.write { db in
            try db.execute(sql: "DELETE FROM \(Self.table) WHERE id = ?", arguments: [Self.blob(id.rawValue)])
            return db.changesCount > 0
        }
    }

    public func importEntries<Result: Sendable>(
        commit: Bool, _ body: @Sendable (any WeightInserting) throws -> Result
    ) async throws -> Result {
        try await database.writeTransaction(commit: commit) { db in try body(try Inserter(db: db)) }
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
                    _ = sqlite3_bind_blob(handle, column + 3, bytes.baseAddress, 16, SQLITE_TRANSIENT)
                }
                sqlite3_bind_int64(handle, column + 4, Timestamp.milliseconds(entry.date))
                sqlite3_bind_double(handle, column + 5, entry.kilograms)
                if let note = entry.note {
                    Self.bindText(handle, column + 6, note)
                } else {
                    sqlite3_bind_null(handle, column + 6)
                }
                Self.bindText(handle, column + 7, entry.source.rawValue)
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

        /// Binds `text` as UTF-8 (copied by SQLite).
        static func bindText(_ handle: OpaquePointer, _ index: Int32, _ text: String) {
            var text = text
            text.withUTF8 { bytes in
                _ = sqlite3_bind_text(handle, index, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                      Int32(bytes.count), SQLITE_TRANSIENT)
            }
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

/// SQLite's "copy the value now" destructor, which the C macro spells as -1.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
