import Foundation
import GRDB
import Testing
@testable import WellnessSQLite
import WellnessTestSupport

/// `SQLiteDatabase.lookup`, the hot path's read on the caller's thread: one transaction of its
/// own, whatever its body does.
@Suite("SQLite lookup")
struct SQLiteLookupTests {
    struct Refused: Error {}

    private func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM checkin") ?? -1
    }

    private func insert(day: String, into path: String) throws {
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO checkin (day, energy, stress, social) VALUES (?, 3, 3, 3)", arguments: [day])
        }
    }

    @Test("a lookup's statements read one snapshot: a commit made while it runs is not seen half-way")
    func oneSnapshot() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(file: directory.file("wellness.sqlite"))
        let path = database.path
        let (before, after) = try await database.lookup { db in
            let before = try count(db)
            try insert(day: "2026-11-20", into: path) // another connection commits meanwhile
            return (before, try count(db))
        }
        #expect(before == 0 && after == 0)
        #expect(try await database.lookup { try count($0) } == 1, "the next lookup reads the latest commit")
    }

    @Test("a lookup that throws ends its transaction: the next one reads the latest commit, writes go on",
          arguments: [false, true])
    func throwingBody(inMemory: Bool) async throws {
        let directory = try TemporaryDirectory()
        let database = inMemory ? try SQLiteDatabase.inMemory() : try SQLiteDatabase(file: directory.file("wellness.sqlite"))
        await #expect(throws: Refused.self) {
            try await database.lookup { db in
                _ = try count(db)
                throw Refused()
            }
        }
        try await database.write { db in
            try db.execute(sql: "INSERT INTO checkin (day, energy, stress, social) VALUES ('2026-11-21', 3, 3, 3)")
        }
        #expect(try await database.lookup { try count($0) } == 1)
        #expect(try await database.lookup { $0.isInsideTransaction } == true, "the body runs inside the lookup's transaction")
        #expect(try await database.read { try count($0) } == 1)
    }

    @Test("a failing statement in a lookup is a store error naming the file, and the next lookup works")
    func failingStatement() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(file: directory.file("wellness.sqlite"))
        do {
            _ = try await database.lookup { try Int.fetchOne($0, sql: "SELECT nothing FROM nowhere") }
            Issue.record("a statement on a missing table worked")
        } catch let error as SQLiteStoreError {
            #expect("\(error.localizedDescription)".contains("wellness.sqlite"))
        }
        #expect(try await database.lookup { try count($0) } == 0)
    }
}
