import Foundation
import GRDB
import Testing
import WellnessDomain
@testable import WellnessSQLite
import WellnessTestSupport

/// The migration `checkColumnTypes`: a database at the schema before it keeps every row exactly
/// (value and storage class), its columns, indexes and queue sequence; one it would refuse is
/// left as it was, with an error naming the row.
@Suite("SQLite column checks migration")
struct SQLiteColumnChecksTests {
    static let previous = "createDrift"

    /// Valid rows in every table, as the app of the previous schema wrote them (NULLs, defaults,
    /// negative and fractional numbers, unicode).
    static let rows = [
        "INSERT INTO moduleState VALUES ('training', 1, 1773127800000, NULL), ('weight', 0, NULL, -86400000)",
        "INSERT INTO dogProfile VALUES (1, 'Ollie ‘the dog’', '2020-02-29')",
        "INSERT INTO nudgeSnooze VALUES ('disable_medications', 1773127800000)",
        """
        INSERT INTO interventionCompletion VALUES
            ('0A0B0C0D-0000-4000-8000-000000000001', 'walk', '2026-03-09', 1773040000123, 2, 'catchUp')
        """,
        "INSERT INTO interventionDecision VALUES ('walk', '2026-03-09', 'done', 0, 1773040000000)",
        "INSERT INTO dailyJournal (day, notes) VALUES ('2026-03-09', NULL)",
        "INSERT INTO dailyJournal VALUES ('0001-01-01', 'first, \"quoted\"; =1+1', '[\"coffee\"]', 1, 0, 1, 0, 1)",
        "INSERT INTO supplement VALUES ('0a0b0c0d-0000-4000-8000-000000000002', 'Magnesium', 'evening', '200 mg', 1, 0)",
        "INSERT INTO supplement VALUES ('0a0b0c0d-0000-4000-8000-000000000003', 'Vitamin D', 'morning', '', 0, -3)",
        "INSERT INTO supplementLog VALUES ('2026-03-09', '0a0b0c0d-0000-4000-8000-000000000002', 0, 1773040000000)",
        "INSERT INTO exercise VALUES ('squat', 0, 'Squat', 'legs', 'glutes,core', 'barbell', 'strength')",
        "INSERT INTO seedMarker VALUES ('supplements', 1773040000000)",
        "INSERT INTO goal VALUES ('0a0b0c0d-0000-4000-8000-000000000004', 'Sleep', NULL, 1773040000000)",
        "INSERT INTO mood VALUES ('2026-03-09', 5, 'great 🎉')",
        "INSERT INTO tipsCache VALUES ('0a0b0c0d-0000-4000-8000-000000000004', 1773040000000, '[]')",
        """
        INSERT INTO weightEntry VALUES (29551130, 7101, X'aabbccdd00004000800000000000000f', 1773067800250, 71.005, NULL, 'manual'),
            (-1, 50, X'aabbccdd000040008000000000000010', -1, 0.5, 'a note', 'imported')
        """,
        "INSERT INTO checkin VALUES ('2026-03-09', 1, 5, 3, NULL), ('9999-12-31', 2, 2, 2, 'Bob')",
        """
        INSERT INTO checkinQueue (id, day, energy, stress, social, keyContact, queuedAt, retryCount, claimFlush, claimExpires)
        VALUES ('0a0b0c0d-0000-4000-8000-000000000005', '2026-03-09', 1, 1, 1, NULL, 1773040000000, 0, NULL, NULL),
               ('0a0b0c0d-0000-4000-8000-000000000006', '2026-03-10', 4, 4, 4, 'Cy', 1773040000001, 2, 'f', 1773040000002),
               ('0a0b0c0d-0000-4000-8000-000000000007', '2026-03-10', 4, 4, 4, NULL, 1773040000003, 0, NULL, NULL)
        """,
        "DELETE FROM checkinQueue WHERE id = '0a0b0c0d-0000-4000-8000-000000000007'",
        "INSERT INTO setting VALUES ('tier', 'pro')",
        "INSERT INTO driftCache VALUES ('trends', '{\"points\": []}', 1773040000000)",
    ]

    /// A database file migrated up to the schema before `checkColumnTypes`, with `rows`.
    static func previousDatabase(_ directory: TemporaryDirectory, rows: [String] = rows) throws -> URL {
        let file = directory.file("wellness.sqlite")
        let queue = try DatabaseQueue(path: file.path)
        try SQLiteSchema.migrator.migrate(queue, upTo: previous)
        try queue.write { db in
            for sql in rows { try db.execute(sql: sql) }
        }
        try queue.close()
        return file
    }

    /// Every table's rows with their exact storage (`quote()`), columns and foreign keys; the
    /// indexes and the AUTOINCREMENT sequences.
    static func snapshot(_ file: URL) throws -> [String: [String]] {
        try DatabaseQueue(path: file.path).read { db in
            var result: [String: [String]] = [:]
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'
                """)
            for table in tables {
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
                let quoted = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
                result[table] = try String.fetchAll(db, sql: "SELECT \(quoted) FROM \"\(table)\" ORDER BY 1")
                result["columns of \(table)"] = try String.fetchAll(db, sql: """
                    SELECT name || ' ' || type || ' ' || "notnull" || ' ' || ifnull(dflt_value, '-') || ' ' || pk
                    FROM pragma_table_info(?)
                    """, arguments: [table])
                result["foreign keys of \(table)"] = try String.fetchAll(db, sql: """
                    SELECT "from" || ' ' || "table" || '.' || "to" || ' ' || on_delete FROM pragma_foreign_key_list(?)
                    """, arguments: [table])
            }
            result["indexes"] = try String.fetchAll(db, sql: """
                SELECT tbl_name || '.' || name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY 1
                """)
            result["sequences"] = try String.fetchAll(db, sql: "SELECT name || ' ' || seq FROM sqlite_sequence ORDER BY 1")
            return result
        }
    }

    @Test("a database at the previous schema keeps every row, column, index and sequence exactly")
    func validDataSurvives() async throws {
        let directory = try TemporaryDirectory()
        let file = try Self.previousDatabase(directory)
        let before = try Self.snapshot(file)
        #expect(before["sequences"] == ["checkinQueue 3"], "the deleted last item still counts")
        #expect(before["weightEntry"]?.count == 2)
        #expect(before["foreign keys of tipsCache"] == ["goalId goal.id CASCADE"])

        let database = try SQLiteDatabase(file: file)
        let after = try Self.snapshot(file)
        // Later migrations only add tables (`moduleChoice`, `idempotencyKey`, `healthSample`, `record`,
        // `syncRecord`, `syncValue`), empty.
        let added = Set(after.keys).subtracting(before.keys)
        #expect(added == ["moduleChoice", "columns of moduleChoice", "foreign keys of moduleChoice",
                          "idempotencyKey", "columns of idempotencyKey", "foreign keys of idempotencyKey",
                          "healthSample", "columns of healthSample", "foreign keys of healthSample",
                          "record", "columns of record", "foreign keys of record",
                          "syncRecord", "columns of syncRecord", "foreign keys of syncRecord",
                          "syncValue", "columns of syncValue", "foreign keys of syncValue"])
        #expect(after["moduleChoice"] == [])
        #expect(after["healthSample"] == [])
        #expect(after["record"] == [])
        #expect(after["idempotencyKey"] == [])
        #expect(after["syncRecord"] == [])
        #expect(after["syncValue"] == [])
        // … and `checkinQueue.replaces`, 0 in every row that was there.
        #expect(after["columns of checkinQueue"] == (before["columns of checkinQueue"] ?? []) + ["replaces BOOLEAN 1 0 0"])
        #expect(after["checkinQueue"] == before["checkinQueue"]?.map { $0 + "|0" })
        #expect(after["indexes"] == ((before["indexes"] ?? []) + ["idempotencyKey.idempotencyKey_createdAt",
                                                                  "syncRecord.syncRecord_pending_sequence"]).sorted())
        // … and `tipsCache.source`, 'rules' for every set cached before (only the rules made tips then).
        #expect(after["columns of tipsCache"] == (before["columns of tipsCache"] ?? []) + ["source TEXT 1 'rules' 0"])
        #expect(after["tipsCache"] == before["tipsCache"]?.map { $0 + "|'rules'" })
        let changed = added.union(["columns of checkinQueue", "checkinQueue", "indexes", "columns of tipsCache", "tipsCache"])
        #expect(after.filter { !changed.contains($0.key) } == before.filter { !changed.contains($0.key) })
        let tables = try await DatabaseQueue(path: file.path).read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'")
        }
        #expect(tables.count == 24)
        for sql in tables { #expect(sql.contains("CHECK"), "\(sql)") }

        // And the repositories read it back.
        let checkins = try await SQLiteCheckinRepository(database: database)
            .checkins(on: Fixtures.day("2026-01-01")...Fixtures.day("9999-12-31"))
        #expect(checkins.map(\.day.description) == ["2026-03-09", "9999-12-31"])
        let queued = try await SQLiteCheckinQueueRepository(database: database).all()
        #expect(queued.map(\.retryCount) == [0, 2])
        let weights = try await SQLiteWeightRepository(database: database).entries(since: nil)
        #expect(weights.map(\.kilograms) == [0.5, 71.005])
        let journal = try await SQLiteJournalRepository(database: database).journal(on: Fixtures.day("0001-01-01"))
        #expect(journal?.tags.contains("coffee") == true)

        // A new queue item does not reuse the position of the deleted one.
        try await SQLiteCheckinQueueRepository(database: database).enqueue(
            QueuedCheckin(id: .init(), checkin: try Checkin(day: Fixtures.day("2026-03-11"), energy: 1, stress: 1, social: 1),
                          queuedAt: Fixtures.instant("2026-03-11T08:00:00Z"), retryCount: 0))
        let positions = try await DatabaseQueue(path: file.path).read {
            try Int64.fetchAll($0, sql: "SELECT position FROM checkinQueue ORDER BY position")
        }
        #expect(positions == [1, 2, 4])
    }

    @Test("a previous database with a row the new tables refuse is left untouched, the error naming the row",
          arguments: [
            ("UPDATE checkin SET energy = '3.5' WHERE day = '2026-03-09'", "checkin", "2026-03-09", "energy"),
            ("UPDATE supplementLog SET taken = 'x'", "supplementLog", "2026-03-09", "taken"),
            ("UPDATE weightEntry SET atMs = 'later' WHERE atMs = -1", "weightEntry", "X'aabbccdd000040008000000000000010'", "atMs"),
          ])
    func corruptDataRefused(corruption: String, table: String, key: String, column: String) async throws {
        let directory = try TemporaryDirectory()
        let file = try Self.previousDatabase(directory, rows: Self.rows + [corruption])
        let before = try Self.snapshot(file)
        #expect { try SQLiteDatabase(file: file) } throws: { error in
            guard case let .corruptRow(path, errorTable, errorKey, reason)? = error as? SQLiteStoreError else { return false }
            return path == file.path && errorTable == table && errorKey.contains(key) && reason.hasPrefix("\(column):")
                && error.localizedDescription.contains("left untouched")
        }
        #expect(try Self.snapshot(file) == before, "every row, table and index is as it was")
        let applied = try await DatabaseQueue(path: file.path).read {
            try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(!applied.contains("checkColumnTypes"))
    }
}
