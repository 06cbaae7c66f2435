import Foundation
import GRDB
import Testing
import WellnessDomain
import WellnessJSONFile
import WellnessSQLite
import WellnessTestSupport

/// Journals written by older versions (booleans, no tags) and corrupt journal rows.
@Suite("Journal legacy and corrupt rows")
struct JournalLegacyRowTests {
    let day = Fixtures.day("2026-11-20")

    @Test("a SQLite legacy row with booleans and no tags loads with their tags")
    func sqliteLegacyRow() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let database = try SQLiteDatabase(file: file)
        try await DatabaseQueue(path: file.path).write {
            try $0.execute(sql: """
                INSERT INTO dailyJournal (day, notes, tags, consumedAlcohol, caffeineAfter2PM, ateLate, highStress, exercised)
                VALUES ('2026-11-20', 'old app', '[]', 1, 0, 0, 1, 0)
                """)
        }
        let journals = SQLiteJournalRepository(database: database)
        let journal = try #require(try await journals.journal(on: day))
        #expect(journal.tags == ["alcohol", "stress"])
        #expect(journal.knownTags == [.alcohol, .stress])
        #expect(journal.notes == "old app")
        #expect(journal.legacy == DailyJournal.LegacyFlags(consumedAlcohol: true, highStress: true))
        #expect(try await journals.journals(on: day...day) == [journal])
    }

    @Test("a SQLite legacy row written only with its default tags column loads with its tags")
    func sqliteLegacyRowDefaultTags() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let database = try SQLiteDatabase(file: file)
        try await DatabaseQueue(path: file.path).write {
            try $0.execute(sql: "INSERT INTO dailyJournal (day, caffeineAfter2PM, ateLate, exercised) VALUES ('2026-11-20', 1, 1, 1)")
        }
        let journal = try await SQLiteJournalRepository(database: database).journal(on: day)
        #expect(journal?.tags == ["caffeine", "exercise", "lateEating"])
    }

    @Test("saving a loaded SQLite legacy row keeps its tags and writes consistent booleans")
    func sqliteLegacyRowResaved() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let database = try SQLiteDatabase(file: file)
        let queue = try DatabaseQueue(path: file.path)
        try await queue.write {
            try $0.execute(sql: "INSERT INTO dailyJournal (day, tags, consumedAlcohol, highStress) VALUES ('2026-11-20', '[]', 1, 1)")
        }
        try await SQLiteJournalRepository(database: database).update(day) { stored in stored?.set(.coffee, true) }
        let row = try await queue.read { db -> (tags: String, alcohol: Bool, stress: Bool, exercised: Bool)? in
            let sql = "SELECT tags, consumedAlcohol, highStress, exercised FROM dailyJournal WHERE day = '2026-11-20'"
            return try Row.fetchOne(db, sql: sql).map { ($0["tags"], $0["consumedAlcohol"], $0["highStress"], $0["exercised"]) }
        }
        let stored = try #require(row)
        #expect(try JSONDecoder().decode([String].self, from: Data(stored.tags.utf8)) == ["alcohol", "coffee", "stress"])
        #expect(stored.alcohol)
        #expect(stored.stress)
        #expect(!stored.exercised)
    }

    @Test("a SQLite row whose tags are not a JSON array is a corrupt row naming dailyJournal",
          arguments: ["not json", "{\"coffee\": true}", "[1, 2]", "coffee,alcohol"])
    func sqliteCorruptTags(tags: String) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let database = try SQLiteDatabase(file: file)
        try await DatabaseQueue(path: file.path).write {
            try $0.execute(sql: "INSERT INTO dailyJournal (day, tags) VALUES ('2026-11-20', ?)", arguments: [tags])
        }
        let journals = SQLiteJournalRepository(database: database)
        let day = self.day
        let isCorruptJournal: @Sendable (any Error) -> Bool = { error in
            guard case let .corruptRow(path, table, key, _)? = error as? SQLiteStoreError else { return false }
            return table == "dailyJournal" && path == file.path && key.contains("2026-11-20")
                && error.localizedDescription.contains("dailyJournal")
        }
        await #expect { try await journals.journal(on: day) } throws: { isCorruptJournal($0) }
        await #expect { try await journals.journals(on: day...day) } throws: { isCorruptJournal($0) }
        await #expect {
            try await journals.update(day) { stored in stored = DailyJournal(day: day) }
        } throws: { isCorruptJournal($0) }
        // The corrupt row is left as it was.
        let stored = try await DatabaseQueue(path: file.path).read {
            try String.fetchOne($0, sql: "SELECT tags FROM dailyJournal WHERE day = '2026-11-20'")
        }
        #expect(stored == tags)
    }

    @Test("a SQLite row whose day is not a date is a corrupt row naming dailyJournal")
    func sqliteCorruptDay() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wellness.sqlite")
        let database = try SQLiteDatabase(file: file)
        // As another tool could: the table's own CHECK refuses it.
        try await DatabaseQueue(path: file.path).writeWithoutTransaction {
            try $0.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try $0.execute(sql: "INSERT INTO dailyJournal (day, tags) VALUES ('2026-11-2x', '[]')")
        }
        let journals = SQLiteJournalRepository(database: database)
        let range = Fixtures.day("2026-11-01")...Fixtures.day("2026-11-30")
        await #expect { try await journals.journals(on: range) } throws: { error in
            guard case let .corruptRow(_, table, _, _)? = error as? SQLiteStoreError else { return false }
            return table == "dailyJournal"
        }
    }

    @Test("a JSON legacy journal with booleans but no tags key gets its tags on load")
    func jsonLegacyRow() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let legacy = """
            [
              {"day": "2026-11-19", "notes": "old", "consumedAlcohol": false, "caffeineAfter2PM": true,
               "ateLate": true, "highStress": false, "exercised": true},
              {"day": "2026-11-20", "consumedAlcohol": true, "highStress": true}
            ]
            """
        try Data(legacy.utf8).write(to: store.url(of: "journals"))
        let journals = JSONFileJournalRepository(store: store)
        let loaded = try await journals.journals(on: day.adding(days: -1)...day)
        #expect(loaded.map(\.day) == [day.adding(days: -1), day])
        #expect(loaded.first?.tags == ["caffeine", "exercise", "lateEating"])
        #expect(loaded.first?.notes == "old")
        #expect(loaded.last?.tags == ["alcohol", "stress"])
        #expect(loaded.last?.notes == nil)
        #expect(try await journals.journal(on: day)?.legacy
                == DailyJournal.LegacyFlags(consumedAlcohol: true, highStress: true))

        // Saved again, the tags are written and survive the next load.
        let day = self.day
        try await journals.update(day) { stored in stored?.set(.coffee, true) }
        let reloaded = try await JSONFileJournalRepository(store: JSONFileStore(directory: directory.url)).journal(on: day)
        #expect(reloaded?.tags == ["alcohol", "coffee", "stress"])
        let raw = try JSONSerialization.jsonObject(with: Data(contentsOf: store.url(of: "journals"))) as? [[String: Any]]
        let row = try #require(raw?.first { $0["day"] as? String == "2026-11-20" })
        #expect(row["tags"] as? [String] == ["alcohol", "coffee", "stress"])
        #expect(row["consumedAlcohol"] as? Bool == true)
        #expect(row["exercised"] as? Bool == false)
    }

    @Test("a JSON journal whose tags are present win over contradicting booleans")
    func jsonTagsWin() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        try Data(#"[{"day": "2026-11-20", "tags": ["coffee", "sauna"], "consumedAlcohol": true}]"#.utf8)
            .write(to: store.url(of: "journals"))
        let journal = try await JSONFileJournalRepository(store: store).journal(on: day)
        #expect(journal?.tags == ["coffee", "sauna"])
        #expect(journal?.legacy.consumedAlcohol == false)
    }
}
