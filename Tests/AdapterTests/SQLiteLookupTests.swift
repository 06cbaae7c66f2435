import Foundation
import GRDB
import Testing
@testable import WellnessSQLite
import WellnessTestSupport

/// `SQLiteDatabase.lookup`, the hot path's read on the caller's thread (on a file, through the
/// store's own connections; in memory, on GRDB's queue): one transaction of its own, whatever
/// its body does.
@Suite("SQLite lookup")
struct SQLiteLookupTests {
    struct Refused: Error {}

    private static func count(_ reader: any RowReader) throws -> Int64 {
        try reader.rows("SELECT COUNT(*) AS n FROM checkin", [], table: "checkin", keyColumns: []).first?.int64("n") ?? -1
    }

    private static func insert(day: String, into path: String) throws {
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO checkin (day, energy, stress, social) VALUES (?, 3, 3, 3)", arguments: [day])
        }
    }

    private static func database(inMemory: Bool, _ directory: TemporaryDirectory) throws -> SQLiteDatabase {
        inMemory ? try SQLiteDatabase.inMemory() : try SQLiteDatabase(file: directory.file("wellness.sqlite"))
    }

    @Test("a lookup's statements read one snapshot: a commit made while it runs is not seen half-way")
    func oneSnapshot() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(file: directory.file("wellness.sqlite"))
        let path = database.path
        let (before, after) = try await database.lookup { reader in
            let before = try Self.count(reader)
            try Self.insert(day: "2026-11-20", into: path) // another connection commits meanwhile
            return (before, try Self.count(reader))
        }
        #expect(before == 0 && after == 0)
        #expect(try await database.lookup(Self.count) == 1, "the next lookup reads the latest commit")
    }

    @Test("a lookup that throws ends its transaction: the next one reads the latest commit, writes go on",
          arguments: [false, true])
    func throwingBody(inMemory: Bool) async throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(inMemory: inMemory, directory)
        for _ in 0..<3 {
            await #expect(throws: Refused.self) {
                try await database.lookup { reader in
                    _ = try Self.count(reader)
                    throw Refused()
                }
            }
        }
        try await database.write(touching: []) { db in
            try db.execute(sql: "INSERT INTO checkin (day, energy, stress, social) VALUES ('2026-11-21', 3, 3, 3)")
        }
        #expect(try await database.lookup(Self.count) == 1)
        #expect(try await database.read { try Self.count($0) } == 1)
        if let lookups = database.lookupConnections {
            #expect(lookups.freeCount == 1, "the connection was rolled back and kept, not dropped")
        }
    }

    @Test("a statement that fails in a lookup is a store error naming the file; the next lookup works",
          arguments: [false, true])
    func failingStatement(inMemory: Bool) async throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(inMemory: inMemory, directory)
        do {
            _ = try await database.lookup { try $0.rows("SELECT missing FROM nowhere", [], table: "nowhere", keyColumns: []).count }
            Issue.record("a statement on a missing table worked")
        } catch let SQLiteStoreError.database(path, reason) {
            #expect(path == database.path)
            #expect(reason.contains("nowhere"))
        }
        #expect(try await database.lookup(Self.count) == 0)
    }

    @Test("a lookup's connection reads, it never writes")
    func readOnly() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(file: directory.file("wellness.sqlite"))
        await #expect(throws: SQLiteStoreError.self) {
            try await database.lookup { reader in
                try reader.rows("INSERT INTO checkin (day, energy, stress, social) VALUES ('2026-11-21', 3, 3, 3)", [],
                                table: "checkin", keyColumns: []).count
            }
        }
        #expect(try await database.read { try Self.count($0) } == 0)
    }

    @Test("many lookups at once, each with its own arguments, each read its own rows")
    func concurrent() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(file: directory.file("wellness.sqlite"))
        let days = (1...20).map { String(format: "2026-11-%02d", $0) }
        try await database.write(touching: []) { db in
            for (index, day) in days.enumerated() {
                try db.execute(sql: "INSERT INTO checkin (day, energy, stress, social) VALUES (?, ?, 3, 3)",
                               arguments: [day, 1 + index % 5])
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<200 {
                let index = round % days.count
                group.addTask {
                    let energy = try await database.lookup { reader in
                        try reader.rows("SELECT * FROM checkin WHERE day = ?", [days[index]], table: "checkin",
                                        keyColumns: ["day"]).map { try $0.int64("energy") }
                    }
                    #expect(energy == [Int64(1 + index % 5)], "day \(days[index])")
                }
            }
            try await group.waitForAll()
        }
        let free = try #require(database.lookupConnections).freeCount
        #expect(free >= 1 && free <= LookupConnections.kept)
    }

    @Test("columns are found by their exact name first, else ignoring case, in rows of either reader",
          arguments: [false, true])
    func columnNames(inMemory: Bool) async throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(inMemory: inMemory, directory)
        let (exact, other, missing) = try await database.lookup { reader in
            let row = try #require(try reader.rows("SELECT 1 AS a, 2 AS A, 'x' AS Day", [], table: "t", keyColumns: ["a"]).first)
            return (try row.int64("A"), try row.text("day"), (try? row.text("nothing")) == nil)
        }
        #expect(exact == 2 && other == "x" && missing)
    }

    @Test("SQL of more than one statement is refused, not run in part")
    func oneStatement() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(file: directory.file("wellness.sqlite"))
        await #expect(throws: SQLiteStoreError.self) {
            try await database.lookup { try $0.rows("SELECT 1; SELECT 2", [], table: "t", keyColumns: []).count }
        }
        #expect(try await database.lookup { try $0.rows("SELECT 1 AS n;  ", [], table: "t", keyColumns: []).count } == 1)
    }

    @Test("a store whose file is gone is an error naming it, and no new empty file appears")
    func fileGone() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let database = try SQLiteDatabase(file: file)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        do {
            _ = try await database.lookup(Self.count)
            Issue.record("a lookup on a deleted file worked")
        } catch let SQLiteStoreError.database(path, _) {
            #expect(path == file.path)
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("a kept connection reads a table changed by another connection since")
    func schemaChanged() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(file: directory.file("wellness.sqlite"))
        let read = { @Sendable in
            try await database.lookup { reader in
                try reader.rows("SELECT * FROM checkin", [], table: "checkin", keyColumns: ["day"]).map { try $0.text("day") }
            }
        }
        #expect(try await read() == [])
        try await DatabaseQueue(path: database.path).write { db in
            try db.execute(sql: "ALTER TABLE checkin ADD COLUMN extra TEXT")
            try db.execute(sql: "INSERT INTO checkin (day, energy, stress, social, extra) VALUES ('2026-11-21', 3, 3, 3, 'x')")
        }
        #expect(try await read() == ["2026-11-21"])
        let extra = try await database.lookup { reader in
            try reader.rows("SELECT * FROM checkin", [], table: "checkin", keyColumns: ["day"]).map { try $0.text("extra") }
        }
        #expect(extra == ["x"])
    }
}
