import Foundation
import GRDB
import Testing
import WellnessDomain
import WellnessSQLite
import WellnessTestSupport

/// Rows that another tool (or a damaged disk) left with a value of the wrong type, out of range or
/// impossible: each read is a ``SQLiteStoreError/corruptRow(path:table:key:reason:)`` naming the
/// table, the row and the column, never a crash and never a misread or a missing row.
@Suite("SQLite corrupt rows")
struct SQLiteCorruptRowTests {
    /// A store with one valid weigh-in, check-in and supplement log, and its file.
    struct Store {
        let directory: TemporaryDirectory
        let file: URL
        let database: SQLiteDatabase
        static let day = Fixtures.day("2026-03-10")
        static let supplement = Supplement.ID(UUID(uuidString: "0a0b0c0d-0000-4000-8000-000000000001") ?? UUID())

        init() async throws {
            directory = try TemporaryDirectory()
            file = directory.file("wellness.sqlite")
            database = try SQLiteDatabase(file: file)
            let entry = WeightEntry(unchecked: .init(UUID(uuidString: "aabbccdd-0000-4000-8000-00000000000f") ?? UUID()),
                                    date: Fixtures.instant("2026-03-10T07:30:00Z"), kilograms: 71, note: "before coffee",
                                    source: .manual)
            _ = try await SQLiteWeightRepository(database: database).importEntries(commit: true) { try $0.insert([entry]) }
            _ = try await SQLiteCheckinRepository(database: database)
                .save(try Checkin(day: Self.day, energy: 3, stress: 2, social: 4, keyContact: "Ann"), replacing: false)
            try await SQLiteSupplementRepository(database: database)
                .save(SupplementLog(day: Self.day, supplementID: Self.supplement, taken: true,
                                    timestamp: Fixtures.instant("2026-03-10T08:00:00Z")))
        }

        /// Runs `sql` on the file as another tool would: a connection of its own, CHECK
        /// constraints off, and `weightEntry` no longer STRICT.
        func corrupt(_ sql: String) async throws {
            try await DatabaseQueue(path: file.path).writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
                if sql.contains("weightEntry") { try db.execute(sql: LooseTables.weightEntry) }
                try db.execute(sql: sql)
            }
        }

        /// `sql`'s first value, read back unchanged.
        func value(_ sql: String) async throws -> String? {
            try await DatabaseQueue(path: file.path).read { try String.fetchOne($0, sql: sql) }
        }

        /// Whether `error` is a corrupt row of `table` in this file, naming `key` and `column`
        /// and saying that the file was left untouched.
        func isCorrupt(_ error: any Error, table: String, key: String, column: String) -> Bool {
            guard let (path, errorTable, errorKey, reason) = (error as? SQLiteStoreError)?.badRow else { return false }
            let message = error.localizedDescription
            return path == file.path && errorTable == table && errorKey.contains(key) && reason.hasPrefix("\(column):")
                && message.contains(file.path) && message.contains(table) && message.contains("left untouched")
        }

        var weights: SQLiteWeightRepository { SQLiteWeightRepository(database: database) }
        var checkins: SQLiteCheckinRepository { SQLiteCheckinRepository(database: database) }
        var supplements: SQLiteSupplementRepository { SQLiteSupplementRepository(database: database) }
        static let month = Fixtures.day("2026-02-01")...Fixtures.day("2026-03-31")
    }

    @Test("a text in weightEntry.atMs is a corrupt row naming weightEntry, the id and atMs",
          arguments: ["'2026-03-10T07:30:00Z'", "1773127800000.5", "X'00'"])
    func weightAtMsNotAnInteger(value: String) async throws {
        let store = try await Store()
        try await store.corrupt("UPDATE weightEntry SET atMs = \(value)")
        let isCorrupt: @Sendable (any Error) -> Bool = {
            store.isCorrupt($0, table: "weightEntry", key: "aabbccdd-0000-4000-8000-00000000000f", column: "atMs")
        }
        await #expect { try await store.weights.entries(since: nil) } throws: { isCorrupt($0) }
        await #expect { try await store.weights.latest(atOrBefore: nil) } throws: { isCorrupt($0) }
        await #expect { try await store.weights.forEachEntry { _ in } } throws: { isCorrupt($0) }
        await #expect { try await store.weights.entries(idPrefix: "aabb", limit: 5) } throws: { isCorrupt($0) }
        #expect(try await store.value("SELECT quote(atMs) FROM weightEntry") == value,
                "the row is left as it was")
    }

    @Test("a blob in weightEntry.note is a corrupt row naming note")
    func weightNoteBlob() async throws {
        let store = try await Store()
        try await store.corrupt("UPDATE weightEntry SET note = X'ff'")
        await #expect { try await store.weights.entries(since: nil) } throws: {
            store.isCorrupt($0, table: "weightEntry", key: "aabbccdd", column: "note")
        }
    }

    @Test("a blob in checkin.keyContact is a corrupt row naming checkin, the day and keyContact")
    func checkinKeyContactBlob() async throws {
        let store = try await Store()
        try await store.corrupt("UPDATE checkin SET keyContact = X'ff'")
        await #expect { try await store.checkins.checkins(on: Store.month) } throws: {
            store.isCorrupt($0, table: "checkin", key: "2026-03-10", column: "keyContact")
        }
        #expect(try await store.value("SELECT hex(keyContact) FROM checkin") == "FF")
    }

    @Test("supplementLog.taken holding anything but 0 or 1 is a corrupt row, not 'not taken'",
          arguments: ["'x'", "2", "-1", "0.5", "'true'", "X'01'"])
    func supplementTakenNotABoolean(value: String) async throws {
        let store = try await Store()
        try await store.corrupt("UPDATE supplementLog SET taken = \(value)")
        await #expect { try await store.supplements.logs(on: Store.month) } throws: {
            store.isCorrupt($0, table: "supplementLog", key: "2026-03-10", column: "taken")
        }
    }

    @Test("an impossible checkin.day is a corrupt row, not a check-in that vanishes",
          arguments: ["2026-02-30", "2026-02-29", "2026-02-31"])
    func checkinImpossibleDay(day: String) async throws {
        let store = try await Store()
        try await store.corrupt("UPDATE checkin SET day = '\(day)'")
        await #expect { try await store.checkins.checkins(on: Store.month) } throws: {
            store.isCorrupt($0, table: "checkin", key: day, column: "day")
        }
    }

    @Test("a non-integer checkin.energy is a corrupt row, not a rounded rating",
          arguments: ["'3.5'", "3.5", "'three'", "X'03'"])
    func checkinEnergyNotAnInteger(value: String) async throws {
        let store = try await Store()
        try await store.corrupt("UPDATE checkin SET energy = \(value)")
        let stored = try await store.value("SELECT typeof(energy) FROM checkin")
        try #require(stored != "integer", "SQLite kept the value as \(stored ?? "nothing"), so the case is worth testing")
        await #expect { try await store.checkins.checkins(on: Store.month) } throws: {
            store.isCorrupt($0, table: "checkin", key: "2026-03-10", column: "energy")
        }
    }

    @Test("the request path's lookup (check-ins with the tier, on the store's own connections) decodes as strictly",
          arguments: [("UPDATE checkin SET stress = 9", "checkin", "2026-03-10", "stress"),
                      ("UPDATE checkin SET keyContact = X'ff'", "checkin", "2026-03-10", "keyContact"),
                      ("UPDATE checkin SET day = '2026-02-30'", "checkin", "2026-02-30", "day"),
                      ("INSERT OR REPLACE INTO setting (key, value) VALUES ('tier', 'gold')", "setting", "tier", "value")])
    func lookupPath(sql: String, table: String, key: String, column: String) async throws {
        let store = try await Store()
        let tier = SQLiteTierRepository(database: store.database)
        #expect(try await store.checkins.checkins(on: Store.month, withTierFrom: tier).checkins.count == 1)
        try await store.corrupt(sql)
        await #expect { try await store.checkins.checkins(on: Store.month, withTierFrom: tier) } throws: {
            store.isCorrupt($0, table: table, key: key, column: column)
        }
    }

    @Test("a rating out of range in checkin is a corrupt row naming the rating")
    func checkinRatingOutOfRange() async throws {
        let store = try await Store()
        try await store.corrupt("UPDATE checkin SET stress = 9")
        await #expect { try await store.checkins.checkins(on: Store.month) } throws: {
            store.isCorrupt($0, table: "checkin", key: "2026-03-10", column: "stress")
        }
    }

    @Test("the tables themselves refuse these values now: each UPDATE fails and changes nothing", arguments: [
        "UPDATE weightEntry SET atMs = 'soon'", "UPDATE weightEntry SET note = X'ff'",
        "UPDATE checkin SET keyContact = X'ff'", "UPDATE supplementLog SET taken = 'x'",
        "UPDATE supplementLog SET taken = 2", "UPDATE checkin SET day = '2026-2-3'", "UPDATE checkin SET day = '2026-13-01'",
        "UPDATE checkin SET energy = '3.5'", "UPDATE checkin SET energy = 6", "UPDATE weightEntry SET kilograms = 'heavy'",
        "UPDATE supplementLog SET day = 'yesterday'",
    ])
    func constraintsRefuse(sql: String) async throws {
        let store = try await Store()
        let before = try await store.value("SELECT quote(atMs) || quote(note) FROM weightEntry")
        await #expect(throws: DatabaseError.self) {
            try await DatabaseQueue(path: store.file.path).write { try $0.execute(sql: sql) }
        }
        #expect(try await store.value("SELECT quote(atMs) || quote(note) FROM weightEntry") == before)
        #expect(try await store.checkins.checkins(on: Store.month).map(\.energy) == [3])
        #expect(try await store.supplements.logs(on: Store.month).map(\.taken) == [true])
    }
}

extension SQLiteStoreError {
    /// A corrupt row, or a row that breaks a rule, as (path, table, key, reason): a rule's reason
    /// is `column: key-of-its-message`.
    var badRow: (path: String, table: String, key: String, reason: String)? {
        switch self {
        case let .corruptRow(path, table, key, reason): (path, table, key, reason)
        case let .invalidRow(path, table, key, column, rule): (path, table, key, "\(column): \(rule.key)")
        default: nil
        }
    }
}
