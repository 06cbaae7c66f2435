import Foundation
import GRDB
import Testing
import WellnessDomain
import WellnessFileSystem
import WellnessSQLite
import WellnessTestSupport

/// What the SQLite store promises beyond the repository contracts.
@Suite("SQLite store")
struct SQLiteDatabaseTests {
    let now = Fixtures.instant("2026-11-21T09:00:00Z")

    @Test("the database and its WAL companions are 0600; the store runs in WAL mode")
    func permissionsAndWAL() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("store/wellness.sqlite")
        let database = try SQLiteDatabase(file: file)
        let defaults = ModuleSettings.defaults(at: now)
        try await SQLiteModuleSettingsRepository(database: database).update { $0 = defaults }
        for name in ["wellness.sqlite", "wellness.sqlite-wal", "wellness.sqlite-shm"] {
            let path = file.deletingLastPathComponent().appendingPathComponent(name)
            #expect(try PrivateFiles.mode(of: path) == 0o600, "\(name)")
        }
        let mode = try await DatabaseQueue(path: file.path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test("check-ins with the tier read together: this store's tier when it keeps it, another store's when given that")
    func checkinsWithTier() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(file: directory.file("a/wellness.sqlite"))
        let other = try SQLiteDatabase(file: directory.file("b/wellness.sqlite"))
        let checkins = SQLiteCheckinRepository(database: database), tier = SQLiteTierRepository(database: database)
        let checkin = try Checkin(day: Fixtures.day("2026-11-21"), energy: 4, stress: 2, social: 3)
        #expect(try await checkins.save(checkin, replacing: false))
        let days = Fixtures.day("2026-11-15")...Fixtures.day("2026-11-21")

        #expect(try await checkins.checkins(on: days, withTierFrom: tier) == ([checkin], .free), "no tier stored is Free")
        try await tier.setTier(.pro)
        #expect(try await checkins.checkins(on: days, withTierFrom: tier) == ([checkin], .pro))
        #expect(try await checkins.checkins(on: days, withTierFrom: SQLiteTierRepository(database: other)) == ([checkin], .free),
                "another store's tier is that store's")
        try await SQLiteTierRepository(database: other).setTier(.pro)
        try await tier.setTier(.free)
        #expect(try await checkins.checkins(on: days, withTierFrom: tier) == ([checkin], .free))
    }

    @Test("migrations are named and all applied")
    func namedMigrations() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        _ = try SQLiteDatabase(file: file)
        let applied = try await DatabaseQueue(path: file.path).read {
            try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        #expect(applied == ["createModuleState", "createDogProfile", "createNudgeSnooze", "createInterventionLog",
                            "createJournalSupplementsExercises", "createGoalsMoodsTips", "createWeightEntries",
                            "createDrift", "checkColumnTypes", "createModuleChoice", "queueReplaces",
                            "createIdempotencyKey", "tipsCacheSource", "createHealthSamples", "createRecords",
                            "strictBulkTables", "createSyncLog", "syncLogInSequenceOrder"])
    }

    @Test("a file that is not a database is reported with its path and left untouched")
    func corruptFileUntouched() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let garbage = Data(String(repeating: "this is not a database. ", count: 200).utf8)
        try garbage.write(to: file)
        #expect { try SQLiteDatabase(file: file) } throws: { error in
            guard case let .cannotOpen(path, _)? = error as? SQLiteStoreError else { return false }
            return path == file.path
        }
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test("a corrupt row is an error naming the table, not a missing value")
    func corruptRow() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let database = try SQLiteDatabase(file: file)
        // As another tool could: the table's own CHECK refuses it.
        try await DatabaseQueue(path: file.path).writeWithoutTransaction {
            try $0.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try $0.execute(sql: "INSERT INTO dogProfile (id, name, birthDate) VALUES (1, 'Ollie', 'last spring')")
        }
        await #expect { try await SQLiteDogProfileRepository(database: database).load() } throws: { error in
            guard case let .corruptRow(_, table, _, reason)? = error as? SQLiteStoreError else { return false }
            return table == "dogProfile" && reason.contains("last spring")
        }
    }

    @Test("a database migrated by a newer version is refused, not altered")
    func newerSchemaRefused() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        _ = try SQLiteDatabase(file: file)
        try await DatabaseQueue(path: file.path).write {
            try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('createFutureThing')")
        }
        #expect { try SQLiteDatabase(file: file) } throws: { error in
            guard case let .newerSchema(_, unknown)? = error as? SQLiteStoreError else { return false }
            return unknown == ["createFutureThing"]
        }
    }

    @Test("many connections opening a new store at once all succeed and migrate it once")
    func concurrentFirstOpen() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do { _ = try SQLiteDatabase(file: file) } catch { failures.increment() }
        }
        #expect(failures.value == 0)
        let count = try await DatabaseQueue(path: file.path).read {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM grdb_migrations")
        }
        #expect(count == 18) // every migration in the list above, once
    }
}

/// A thread-safe counter for concurrency tests.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
