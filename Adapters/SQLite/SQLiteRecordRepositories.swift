import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// The records of kinds without a table of their own, as rows of the `record` table: the
/// collection, the record's identity (as its kind describes it) and the record's JSON.
public struct SQLiteRecordRepositories: RecordRepositories {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func repository<Kind: RecordKind>(for kind: Kind.Type) -> any RecordRepository<Kind> {
        SQLiteRecordRepository<Kind>(database: database)
    }
}

/// One kind's records in the `record` table. Its methods throw `SQLiteStoreError` when SQLite
/// fails or a stored row does not decode or pass its kind's rules (a corrupt row, never dropped).
public struct SQLiteRecordRepository<Kind: RecordKind>: RecordRepository {
    private let database: SQLiteDatabase
    private static var table: String { "record" }

    /// Uses `database`, which must hold the `.wellness` schema.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func all() async throws -> [Kind.Record] {
        let collection = Kind.collection.rawValue
        return try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT identity, body FROM record WHERE collection = ? ORDER BY identity",
                             arguments: [collection])
                .map(Self.decode)
        }.sorted(by: Kind.precedes)
    }

    public func record(_ identity: Kind.Identity) async throws -> Kind.Record? {
        let collection = Kind.collection.rawValue, key = Kind.describe(identity)
        return try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT identity, body FROM record WHERE collection = ? AND identity = ?",
                             arguments: [collection, key])
                .map(Self.decode)
        }
    }

    public func save(_ record: Kind.Record) async throws {
        try Kind.validate(record)
        let collection = Kind.collection.rawValue, key = Kind.describe(Kind.identity(of: record))
        let body = try Self.encode(record)
        try await database.write(touching: [Kind.collection], records: [Kind.collection: [key]]) { db in
            try db.execute(sql: """
                INSERT INTO record (collection, identity, body) VALUES (?, ?, ?)
                ON CONFLICT (collection, identity) DO UPDATE SET body = excluded.body
                """, arguments: [collection, key, body])
        }
    }

    public func remove(_ identity: Kind.Identity) async throws -> Bool {
        let collection = Kind.collection.rawValue, key = Kind.describe(identity)
        return try await database.write(touching: [Kind.collection], records: [Kind.collection: [key]]) { db in
            try db.execute(sql: "DELETE FROM record WHERE collection = ? AND identity = ?", arguments: [collection, key])
            return db.changesCount > 0
        }
    }

    public func write(_ records: [Kind.Record], removing: [Kind.Identity], usingModule module: TrackingModule,
                      at date: Date) async throws {
        for record in records { try Kind.validate(record) }
        let collection = Kind.collection.rawValue
        let saved = try records.map { (Kind.describe(Kind.identity(of: $0)), try Self.encode($0)) }
        let removed = removing.map(Kind.describe)
        try await database.write(touching: [Kind.collection, ModuleSettingsSetting.collection],
                                 records: [Kind.collection: Set(saved.map(\.0) + removed)]) { db in
            for key in removed {
                try db.execute(sql: "DELETE FROM record WHERE collection = ? AND identity = ?", arguments: [collection, key])
            }
            for (key, body) in saved {
                try db.execute(sql: """
                    INSERT INTO record (collection, identity, body) VALUES (?, ?, ?)
                    ON CONFLICT (collection, identity) DO UPDATE SET body = excluded.body
                    """, arguments: [collection, key, body])
            }
            try SQLiteModuleSettingsRepository.update(db) { try ModuleOffError.recordingWork(of: module, at: date, in: &$0) }
        }
    }

    private static func encode(_ record: Kind.Record) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .timestamp
        return String(decoding: try encoder.encode(record), as: UTF8.self)
    }

    /// A row's record, which must decode, pass its kind's rules and be stored under its own identity.
    private static func decode(_ row: Row) throws -> Kind.Record {
        let stored = StoredRow(row, table: table, keyColumns: ["identity"])
        let body = try stored.text("body")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .timestamp
        let record: Kind.Record
        do {
            record = try decoder.decode(Kind.Record.self, from: Data(body.utf8))
        } catch {
            throw stored.refused("body", by: error, "not a \(Kind.collection) record: \(error)")
        }
        do {
            try Kind.validate(record)
        } catch {
            throw stored.refused("body", by: error, error.reason)
        }
        guard Kind.describe(Kind.identity(of: record)) == (try stored.text("identity")) else {
            throw stored.corrupt("identity", "is not the identity of the record in body")
        }
        return record
    }
}
