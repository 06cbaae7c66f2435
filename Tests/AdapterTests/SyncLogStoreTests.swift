import Foundation
import GRDB
import Testing
import WellnessDomain
import WellnessJSONFile
@testable import WellnessSQLite
import WellnessTestSupport

/// The sync log on disk: a SQLite row or a `sync.json` that does not hold what the adapter wrote
/// is an error naming the file (and the row), never a crash or a misread; a JSON store without
/// `sync.json` (one from before sync) has an empty log.
@Suite("SyncLog stores on disk")
struct SyncLogStoreTests {
    static let record = SyncRecord(collection: "walks", key: "2026-11-20 [ü]", life: 1,
                                   lifeStamp: SyncStamp(time: 1_764_300_000_000, counter: 0, device: "device-a"),
                                   values: ["": SyncRecord.Value(stamp: SyncStamp(time: 1_764_300_000_001, counter: 2,
                                                                                  device: "device-b"),
                                                                 json: #"{"minutes":30}"#)])

    @Test("a syncRecord row that is not a record is a corrupt row naming the table, the key and the column",
          arguments: [
              (#"UPDATE syncRecord SET lifeStamp = 'yesterday'"#, "lifeStamp"),
              (#"UPDATE syncRecord SET lifeStamp = 17"#, "lifeStamp"),
              (#"UPDATE syncRecord SET "values" = '[1]'"#, "values"),
              (#"UPDATE syncRecord SET "values" = '{"": {"stamp": "0.0.NOT A DEVICE", "json": "1"}}'"#, "values"),
              (#"UPDATE syncRecord SET "values" = '=1.0.NOT-A-DEVICE! {}'"#, "values"),
              (#"UPDATE syncRecord SET "values" = '=1.0.device-a'"#, "values"),  // no space before the JSON text
              (#"UPDATE syncRecord SET life = 'one'"#, "life"),
              (#"UPDATE syncRecord SET life = -1"#, "life"),
              (#"UPDATE syncRecord SET life = 2"#, "values"),  // a deleted record with values
          ])
    func sqliteCorruptRow(sql: String, column: String) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let log = SQLiteSyncLogRepository(database: try SQLiteDatabase(file: file))
        try await log.save([Self.record], pending: true)
        try await DatabaseQueue(path: file.path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: sql)
        }
        let reads: [@Sendable () async throws -> Void] = [
            { _ = try await log.records(in: "walks") },
            { _ = try await log.records(in: "walks", keys: [Self.record.key]) },
            { _ = try await log.pending(limit: 10) },
            { _ = try await log.changes(after: 0, limit: 10) },
        ]
        for read in reads {
            await #expect {
                try await read()
            } throws: { error in
                guard case let .corruptRow(path, table, key, reason)? = error as? SQLiteStoreError else { return false }
                return path == file.path && table == "syncRecord" && key.contains("2026-11-20 [ü]")
                    && reason.hasPrefix("\(column):")
            }
        }
    }

    @Test("migration syncLogInSequenceOrder keeps every record of a log written before it, its number and pending mark")
    func sqliteSequenceOrderMigration() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let queue = try DatabaseQueue(path: file.path)
        try SQLiteSchema.migrator.migrate(queue, upTo: "createSyncLog")
        try await queue.write { db in
            try db.execute(sql: #"""
                INSERT INTO syncRecord (collection, key, life, lifeStamp, "values", sequence, pending) VALUES
                  ('walks', 'b', 1, '5.0.device-a', '{"":{"json":"{\"minutes\":30}","stamp":"6.1.device-b"}}', 7, 1),
                  ('moods', 'a', 2, '9.0.device-a', '{}', 3, 0),
                  ('walks', 'a', 1, '5.0.device-a', '{"":{"json":"1","stamp":"5.0.device-a"}}', 12, 0)
                """#)
        }
        try queue.close()
        let log = SQLiteSyncLogRepository(database: try SQLiteDatabase(file: file))
        let changes = try await log.changes(after: 0, limit: 10)
        #expect(changes.map(\.sequence) == [3, 7, 12])
        #expect(changes.map { "\($0.record.collection) \($0.record.key)" } == ["moods a", "walks b", "walks a"])
        #expect(changes[1].record.values[""]?.json == #"{"minutes":30}"#)
        #expect(try await log.pending(limit: 10).map(\.key) == ["b"])
        // Numbered on after the greatest number kept, one row per collection and key.
        try await log.save([Self.record, SyncRecord(collection: "walks", key: "a")], pending: false)
        #expect(try await log.changes(after: 12, limit: 10).map(\.sequence) == [13, 14])
        #expect(try await log.records(in: "walks").count == 3)
    }

    @Test("the SQLite schema keeps the pending mark 0 or 1 and one row per sequence number")
    func sqliteConstraints() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let log = SQLiteSyncLogRepository(database: try SQLiteDatabase(file: file))
        try await log.save([Self.record, SyncRecord(collection: "walks", key: "other")], pending: true)
        for sql in ["UPDATE syncRecord SET pending = 2", "UPDATE syncRecord SET sequence = 1",
                    "UPDATE syncRecord SET sequence = 0 WHERE key = 'other'"] {
            #expect(throws: DatabaseError.self, "\(sql)") {
                try DatabaseQueue(path: file.path).write { try $0.execute(sql: sql) }
            }
        }
    }

    @Test("a JSON store without sync.json has an empty log, and the log's first save writes sync.json only")
    func jsonWithoutFile() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let log = JSONFileSyncLogRepository(store: store)
        #expect(try await log.records(in: "walks").isEmpty)
        #expect(try await log.value("device") == nil)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: directory.url.path))
        try await log.save([Self.record], pending: true)
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: directory.url.path))
        #expect(after.subtracting(before) == ["sync.json"])
        #expect(try await JSONFileSyncLogRepository(store: JSONFileStore(directory: directory.url)).pending(limit: 5)
            == [Self.record])
    }

    @Test("a sync.json that is not a log is a corrupt file, named, and left as it was", arguments: [
        ("not json", "the file does not decode"),
        (#"{"entries": [{"sequence": 1, "pending": "yes", "record": {}}], "values": {}}"#, "an entry does not decode"),
        ("""
         {"entries": [{"sequence": 2, "pending": true, "record": \(recordJSON("a"))},
                      {"sequence": 2, "pending": true, "record": \(recordJSON("b"))}], "values": {}}
         """, "sequence 2 does not follow 2"),
        ("""
         {"entries": [{"sequence": 1, "pending": true, "record": \(recordJSON("a"))},
                      {"sequence": 2, "pending": true, "record": \(recordJSON("a"))}], "values": {}}
         """, "a second entry for walks a"),
    ])
    func jsonCorruptFile(contents: String, why: String) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("sync.json")
        let log = JSONFileSyncLogRepository(store: try JSONFileStore(directory: directory.url))
        try Data(contents.utf8).write(to: file)
        let operations: [@Sendable () async throws -> Void] = [
            { _ = try await log.records(in: "walks") },
            { _ = try await log.value("device") },
            { try await log.setValue("x", for: "device") },
            { try await log.save([Self.record], pending: true) },
        ]
        for operation in operations {
            await #expect("\(why)") {
                try await operation()
            } throws: { error in
                guard case let .corruptFile(path, _)? = error as? JSONFileStoreError else { return false }
                return path == file.path && error.localizedDescription.contains("left untouched")
            }
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == contents)
    }

    static func recordJSON(_ key: String) -> String {
        #"{"collection": "walks", "key": "\#(key)", "life": 1, "lifeStamp": "1.0.device-a", "values": {}}"#
    }
}
