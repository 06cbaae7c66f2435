import Foundation
import PostgresNIO
import WellnessApplication
import WellnessDomain

/// An account's sync log in `sync_record` (one row per collection and key: the record's life, its
/// life's stamp, its values as text (`SyncLogRow`), its sequence number and whether it is still to be
/// sent) and `sync_value` (one row per named value).
///
/// Sequence numbers are the account's own. A save and a ``markSent(_:)`` run in one transaction
/// holding an advisory lock on the account's log, so two processes saving for one account at once
/// number their records one after the other, never giving one number twice.
public struct PostgresSyncLogRepository: SyncLogRepository {
    private let database: PostgresDatabase
    private let account: Account.ID
    private static let table = "sync_record"

    /// The sync log of `account`. Its methods throw `PostgresStoreError` when the database fails
    /// or a stored row is not valid, and `SyncRecordError` for a record whose life does not fit a
    /// `bigint`.
    public init(database: PostgresDatabase, account: Account.ID) {
        self.database = database
        self.account = account
    }

    // MARK: - Reads

    public func records(in collection: RecordCollection) async throws -> [SyncRecord] {
        try await database.read { connection in
            try await records(connection, """
                SELECT collection, key, life, life_stamp, "values", sequence FROM sync_record
                WHERE account_id = \(account.rawValue) AND collection = \(collection.rawValue)
                """).map(\.record)
        }
    }

    public func records(in collection: RecordCollection, keys: [String]) async throws -> [SyncRecord] {
        let keys = Array(Set(keys))
        guard !keys.isEmpty else { return [] }
        return try await database.read { connection in
            try await records(in: collection, keys: keys, connection)
        }
    }

    private func records(in collection: RecordCollection, keys: [String], _ connection: PostgresConnection)
        async throws -> [SyncRecord] {
        try await records(connection, """
            SELECT collection, key, life, life_stamp, "values", sequence FROM sync_record
            WHERE account_id = \(account.rawValue) AND collection = \(collection.rawValue) AND key = ANY(\(keys))
            """).map(\.record)
    }

    public func pending(limit: Int) async throws -> [SyncRecord] {
        try await database.read { connection in
            try await records(connection, """
                SELECT collection, key, life, life_stamp, "values", sequence FROM sync_record
                WHERE account_id = \(account.rawValue) AND pending ORDER BY sequence LIMIT \(Int64(max(limit, 0)))
                """).map(\.record)
        }
    }

    public func changes(after sequence: Int64, limit: Int) async throws -> [SequencedSyncRecord] {
        try await database.read { connection in
            try await records(connection, """
                SELECT collection, key, life, life_stamp, "values", sequence FROM sync_record
                WHERE account_id = \(account.rawValue) AND sequence > \(sequence)
                ORDER BY sequence LIMIT \(Int64(max(limit, 0)))
                """)
        }
    }

    public func value(_ name: String) async throws -> String? {
        try await database.read { connection in
            let rows = try await connection.query("""
                SELECT value FROM sync_value WHERE account_id = \(account.rawValue) AND name = \(name)
                """, logger: database.logger)
            for try await value in rows.decode(String.self) { return value }
            return nil
        }
    }

    /// Through every handle of the account's log: in this process through its exclusion, and
    /// against every other process on the database through the account's lease (`sync_lease`),
    /// waited for for at most a minute (then `SyncError.busy`).
    public func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await database.syncExclusion(of: account).run(acquiring: { [database, account] in
            try await database.leaseSync(of: account, within: .seconds(60))
        }, body)
    }

    // MARK: - Writes

    public func save(_ records: [SyncRecord], pending: Bool) async throws {
        guard !records.isEmpty else { return }
        // The last of two records with one key replaces the first, as it would saved one by one:
        // each keeps its place in `records`, so its number is the one it would have taken.
        var last: [Key: Int] = [:]
        for (index, record) in records.enumerated() { last[Key(record)] = index }
        let kept = last.values.sorted()
        let rows = try kept.map { try SyncLogRow(records[$0]) }
        let offsets = kept.map { Int64($0) + 1 }
        try await database.transaction { connection in
            try await lock(connection)
            var greatest: Int64 = 0
            for try await number in try await connection.query("""
                SELECT coalesce(max(sequence), 0) FROM sync_record WHERE account_id = \(account.rawValue)
                """, logger: database.logger).decode(Int64.self) {
                greatest = number
            }
            let sequences = offsets.map { greatest + $0 }
            try await connection.run("""
                INSERT INTO sync_record (account_id, collection, key, life, life_stamp, "values", sequence, pending)
                SELECT \(account.rawValue), r.collection, r.key, r.life, r.life_stamp, r.record_values, r.sequence, \(pending)
                FROM unnest(\(rows.map(\.collection))::text[], \(rows.map(\.key))::text[], \(rows.map(\.life))::bigint[],
                            \(rows.map(\.lifeStamp))::text[], \(rows.map(\.values))::text[], \(sequences)::bigint[])
                  AS r(collection, key, life, life_stamp, record_values, sequence)
                ON CONFLICT (account_id, collection, key) DO UPDATE
                  SET life = excluded.life, life_stamp = excluded.life_stamp, "values" = excluded."values",
                      sequence = excluded.sequence, pending = excluded.pending
                """, database.logger)
        }
    }

    public func markSent(_ records: [SyncRecord]) async throws {
        guard !records.isEmpty else { return }
        let groups = Dictionary(grouping: records, by: \.collection)
        try await database.transaction { connection in
            try await lock(connection)
            for (collection, sent) in groups {
                let held = try await self.records(in: collection, keys: Array(Set(sent.map(\.key))), connection)
                let current = Dictionary(held.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
                let unchanged = Array(Set(sent.filter { current[$0.key] == $0 }.map(\.key)))
                guard !unchanged.isEmpty else { continue }
                try await connection.run("""
                    UPDATE sync_record SET pending = false
                    WHERE account_id = \(account.rawValue) AND collection = \(collection.rawValue) AND key = ANY(\(unchanged))
                    """, database.logger)
            }
        }
    }

    public func removeTombstones(stampedBefore time: Int64) async throws -> Int64? {
        try await database.transaction { connection in
            try await lock(connection)
            // A deleted record's life is even; its stamp's time is read from its text.
            let tombstones = try await records(connection, """
                SELECT collection, key, life, life_stamp, "values", sequence FROM sync_record
                WHERE account_id = \(account.rawValue) AND NOT pending AND life % 2 = 0
                """)
            let old = tombstones.filter { $0.record.lifeStamp.time < time }
            for (collection, keys) in Dictionary(grouping: old, by: \.record.collection) {
                try await connection.run("""
                    DELETE FROM sync_record WHERE account_id = \(account.rawValue) AND collection = \(collection.rawValue)
                      AND key = ANY(\(keys.map(\.record.key)))
                    """, database.logger)
            }
            return old.map(\.sequence).max()
        }
    }

    public func setValue(_ value: String?, for name: String) async throws {
        try await database.read { connection in try await set(value, for: name, connection) }
    }

    public func setValues(_ values: [String: String?]) async throws {
        guard !values.isEmpty else { return }
        try await database.transaction { connection in
            for (name, value) in values { try await set(value, for: name, connection) }
        }
    }

    private func set(_ value: String?, for name: String, _ connection: PostgresConnection) async throws {
        if let value {
            try await connection.run("""
                INSERT INTO sync_value (account_id, name, value) VALUES (\(account.rawValue), \(name), \(value))
                ON CONFLICT (account_id, name) DO UPDATE SET value = excluded.value
                """, database.logger)
        } else {
            try await connection.run("""
                DELETE FROM sync_value WHERE account_id = \(account.rawValue) AND name = \(name)
                """, database.logger)
        }
    }

    /// Holds the account's log for the rest of the transaction.
    private func lock(_ connection: PostgresConnection) async throws {
        try await connection.lock("sync-log:\(account)", database.logger)
    }

    // MARK: - Rows

    private struct Key: Hashable {
        let collection: RecordCollection
        let key: String

        init(_ record: SyncRecord) {
            collection = record.collection
            key = record.key
        }
    }

    /// The rows `query` selects (collection, key, life, life_stamp, values, sequence), each
    /// checked as `SyncLogRow.record()` says.
    private func records(_ connection: PostgresConnection, _ query: PostgresQuery) async throws -> [SequencedSyncRecord] {
        var records: [SequencedSyncRecord] = []
        let rows = try await connection.query(query, logger: database.logger)
        for try await (collection, key, life, stampText, json, sequence)
            in rows.decode((String, String, Int64, String, String, Int64).self) {
            let row = SyncLogRow(collection: collection, key: key, life: life, lifeStamp: stampText, values: json)
            do {
                records.append(SequencedSyncRecord(sequence: sequence, record: try row.record()))
            } catch {
                let column = error.column == "lifeStamp" ? "life_stamp" : error.column
                throw database.corrupt(Self.table, key: "\(collection) \(key)", "\(column): \(error.reason)")
            }
        }
        return records
    }
}
