import Foundation
import GRDB
import WellnessApplication
import WellnessDomain
import WellnessFileSystem

/// A store's sync log in the `syncRecord` table (one row per collection and key: the record's
/// life, its life's stamp, its values as text (`SyncLogRow`), its sequence number and whether it is
/// still to be sent) and the `syncValue` table (one row per named value).
///
/// A save numbers its records from the greatest sequence number held, inside its write
/// transaction, so two processes saving at once never give one number twice.
public struct SQLiteSyncLogRepository: SyncLogRepository {
    private let database: SQLiteDatabase
    private let exclusion = SyncExclusion()
    private static let table = "syncRecord"
    private static let columns = #"collection, key, life, lifeStamp, "values""#
    /// The most keys one statement binds (SQLite's limit is at least 999 variables).
    private static let keysPerStatement = 500

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError`
    /// when SQLite fails or a stored row is not valid, and `SyncRecordError` for a record whose
    /// life does not fit a stored integer.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// In this process, and against another process syncing the same file (by the lock file
    /// `<database>.sync.lock`, waited for up to a minute); a database in memory is one process's.
    public func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let path = database.path
        guard path != ":memory:" else { return try await exclusion.run(body) }
        let lock = FileLock(URL(fileURLWithPath: path + ".sync.lock"))
        return try await exclusion.run(acquiring: {
            guard let held = try await lock.acquire(within: .seconds(60)) else { throw SyncError.busy(path) }
            return { held.release() }
        }, body)
    }

    // MARK: - Reads

    public func records(in collection: RecordCollection) async throws -> [SyncRecord] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM syncRecord WHERE collection = ?",
                             arguments: [collection.rawValue]).map(Self.decode)
        }
    }

    public func records(in collection: RecordCollection, keys: [String]) async throws -> [SyncRecord] {
        let keys = Array(Set(keys))
        guard !keys.isEmpty else { return [] }
        return try await database.read { db in try Self.records(in: collection, keys: keys, db) }
    }

    private static func records(in collection: RecordCollection, keys: [String], _ db: Database) throws -> [SyncRecord] {
        var records: [SyncRecord] = []
        for start in stride(from: 0, to: keys.count, by: keysPerStatement) {
            let chunk = keys[start..<min(start + keysPerStatement, keys.count)]
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            records += try Row.fetchAll(db, sql: """
                SELECT \(columns) FROM syncRecord WHERE collection = ? AND key IN (\(marks))
                """, arguments: StatementArguments([collection.rawValue] + Array(chunk))).map(decode)
        }
        return records
    }

    public func pending(limit: Int) async throws -> [SyncRecord] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.columns) FROM syncRecord WHERE pending = 1 ORDER BY sequence LIMIT ?
                """, arguments: [max(limit, 0)]).map(Self.decode)
        }
    }

    public func changes(after sequence: Int64, limit: Int) async throws -> [SequencedSyncRecord] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.columns), sequence FROM syncRecord WHERE sequence > ? ORDER BY sequence LIMIT ?
                """, arguments: [sequence, max(limit, 0)]).map { row in
                let stored = StoredRow(row, table: Self.table, keyColumns: ["collection", "key"])
                return SequencedSyncRecord(sequence: try stored.int64("sequence"), record: try Self.decode(stored))
            }
        }
    }

    public func value(_ name: String) async throws -> String? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT name, value FROM syncValue WHERE name = ?", arguments: [name]).map { row in
                try StoredRow(row, table: "syncValue", keyColumns: ["name"]).text("value")
            }
        }
    }

    // MARK: - Writes

    public func save(_ records: [SyncRecord], pending: Bool) async throws {
        guard !records.isEmpty else { return }
        let rows = try records.map { try SyncLogRow($0) }
        try await database.write(touching: [.syncLog]) { db in
            var sequence = try Int64.fetchOne(db, sql: "SELECT coalesce(max(sequence), 0) FROM syncRecord") ?? 0
            let statement = try db.cachedStatement(sql: """
                INSERT INTO syncRecord (\(Self.columns), sequence, pending) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (collection, key) DO UPDATE SET life = excluded.life, lifeStamp = excluded.lifeStamp,
                  "values" = excluded."values", sequence = excluded.sequence, pending = excluded.pending
                """)
            for row in rows {
                sequence += 1
                try statement.execute(arguments: [row.collection, row.key, row.life, row.lifeStamp, row.values,
                                                  sequence, pending])
            }
        }
    }

    public func markSent(_ records: [SyncRecord]) async throws {
        guard !records.isEmpty else { return }
        try await database.write(touching: [.syncLog]) { db in
            for (collection, sent) in Dictionary(grouping: records, by: \.collection) {
                let held = try Self.records(in: collection, keys: Array(Set(sent.map(\.key))), db)
                let current = Dictionary(held.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
                for record in sent where current[record.key] == record {
                    try db.execute(sql: "UPDATE syncRecord SET pending = 0 WHERE collection = ? AND key = ?",
                                   arguments: [collection.rawValue, record.key])
                }
            }
        }
    }

    public func removeTombstones(stampedBefore time: Int64) async throws -> Int64? {
        try await database.write(touching: [.syncLog]) { db in
            // A deleted record's life is even; its stamp's time is read from its text.
            var old: [(sequence: Int64, collection: String, key: String)] = []
            for row in try Row.fetchAll(db, sql: """
                SELECT \(Self.columns), sequence FROM syncRecord WHERE pending = 0 AND life % 2 = 0
                """) {
                let stored = StoredRow(row, table: Self.table, keyColumns: ["collection", "key"])
                let record = try Self.decode(stored)
                if record.lifeStamp.time < time { old.append((try stored.int64("sequence"), record.collection.rawValue, record.key)) }
            }
            for tombstone in old {
                try db.execute(sql: "DELETE FROM syncRecord WHERE collection = ? AND key = ?",
                               arguments: [tombstone.collection, tombstone.key])
            }
            return old.map(\.sequence).max()
        }
    }

    public func setValue(_ value: String?, for name: String) async throws {
        try await setValues([name: value])
    }

    public func setValues(_ values: [String: String?]) async throws {
        guard !values.isEmpty else { return }
        try await database.write(touching: [.syncLog]) { db in
            for (name, value) in values {
                if let value {
                    try db.execute(sql: """
                        INSERT INTO syncValue (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value
                        """, arguments: [name, value])
                } else {
                    try db.execute(sql: "DELETE FROM syncValue WHERE name = ?", arguments: [name])
                }
            }
        }
    }

    // MARK: - Rows

    private static func decode(_ row: Row) throws -> SyncRecord {
        try decode(StoredRow(row, table: table, keyColumns: ["collection", "key"]))
    }

    /// A row's record, checked as `SyncLogRow.record()` says.
    private static func decode(_ stored: StoredRow) throws -> SyncRecord {
        let row = SyncLogRow(collection: try stored.text("collection"), key: try stored.text("key"),
                             life: try stored.int64("life"), lifeStamp: try stored.text("lifeStamp"),
                             values: try stored.text("values"))
        do {
            return try row.record()
        } catch {
            throw stored.corrupt(error.column, error.reason)
        }
    }
}
