import Foundation
import Testing
import WellnessDomain
import WellnessFileSystem
import WellnessJSONFile
import WellnessTestSupport

/// How a JSON-file store takes another store's collections at once (what a restore that
/// replaces a store does), and how its journal finishes that after a crash.
@Suite("JSON-file store: replacing collections")
struct JSONFileReplaceCollectionsTests {
    static let all = LocalDay.first...Fixtures.day("2100-01-01")

    static func journal(_ day: String, _ notes: String) -> DailyJournal {
        DailyJournal(day: Fixtures.day(day), notes: notes, tags: [])
    }

    /// A store and the temporary directory it is in (removed when this is released).
    struct Opened {
        let directory: TemporaryDirectory
        let store: JSONFileStore

        func exists(_ collection: String) -> Bool {
            FileManager.default.fileExists(atPath: store.url(of: collection).path)
        }

        func contents(_ collection: String) throws -> Data { try Data(contentsOf: store.url(of: collection)) }
    }

    /// A store in a new directory holding a journal of `day` and, when `mood`, a mood.
    static func store(journal day: String, _ notes: String, mood: Bool) async throws -> Opened {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let journal = Self.journal(day, notes)
        try await JSONFileJournalRepository(store: store).update(journal.day) { $0 = journal }
        if mood {
            try await JSONFileMoodRepository(store: store).save(MoodEntry(storedDay: Fixtures.day(day), score: 3, note: nil))
        }
        return Opened(directory: directory, store: store)
    }

    @Test("the staged store's files replace this store's; a collection it lacks is removed; others are kept")
    func replaces() async throws {
        let target = try await Self.store(journal: "2026-01-10", "old", mood: true)
        try Data(#"{"allowed":["https://example.test"]}"#.utf8).write(to: target.store.url(of: "tips-consent"))
        let staged = try await Self.store(journal: "2026-02-20", "new ☃", mood: false)
        try await JSONFileGoalRepository(store: staged.store).save(Goal(storedID: .init(), title: "Run", description: nil,
                                                                        createdAt: Fixtures.instant("2026-02-20T10:00:00Z")))

        try await target.store.replaceCollections(["journals", "moods", "goals", "weights"], with: staged.store)
        #expect(try target.contents("journals") == staged.contents("journals"))
        #expect(try target.contents("goals") == staged.contents("goals"))
        #expect(!target.exists("moods"))
        #expect(!target.exists("weights"))
        #expect(target.exists("tips-consent"), "a collection not named is kept")
        #expect(try PrivateFiles.mode(of: target.store.url(of: "journals")) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: target.directory.file(".wellness-journal.json").path))
        #expect(try await JSONFileJournalRepository(store: target.store).journals(on: Self.all)
            == [Self.journal("2026-02-20", "new ☃")])
        #expect(try await JSONFileMoodRepository(store: target.store).moods(on: Self.all).isEmpty)
    }

    @Test("one collection to remove and nothing to write: removed directly")
    func removesOne() async throws {
        let target = try await Self.store(journal: "2026-01-10", "old", mood: true)
        let staged = try TemporaryDirectory()
        try await target.store.replaceCollections(["moods"], with: JSONFileStore(directory: staged.url))
        #expect(!target.exists("moods"))
        #expect(target.exists("journals"))
    }

    @Test("a journal left by a writer that died, with files to remove, is finished by the next reader or opener")
    func journalWithRemovals() async throws {
        let target = try await Self.store(journal: "2026-01-10", "old", mood: true)
        let journals = try await Self.store(journal: "2026-02-20", "new", mood: false).contents("journals")
        let journal = target.directory.file(".wellness-journal.json")
        let entries = try JSONSerialization.data(withJSONObject: ["files": ["journals": journals.base64EncodedString()],
                                                                  "removed": ["moods"]])

        // Read while the store is open: the journal is replayed first.
        try entries.write(to: journal)
        #expect(try await JSONFileJournalRepository(store: target.store).journals(on: Self.all)
            == [Self.journal("2026-02-20", "new")])
        #expect(!target.exists("moods"))
        #expect(!FileManager.default.fileExists(atPath: journal.path))

        // Opened: the same.
        try await JSONFileMoodRepository(store: target.store)
            .save(MoodEntry(storedDay: Fixtures.day("2026-01-10"), score: 3, note: nil))
        #expect(target.exists("moods"))
        try entries.write(to: journal)
        _ = try JSONFileStore(directory: target.directory.url)
        #expect(!FileManager.default.fileExists(atPath: journal.path))
        #expect(!target.exists("moods"))
        #expect(try target.contents("journals") == journals)
    }

    @Test("a journal written before removals existed (no removed list) still replays")
    func journalWithoutRemovals() async throws {
        let target = try await Self.store(journal: "2026-01-10", "old", mood: true)
        let journals = try await Self.store(journal: "2026-02-20", "new", mood: false).contents("journals")
        try JSONSerialization.data(withJSONObject: ["files": ["journals": journals.base64EncodedString()]])
            .write(to: target.directory.file(".wellness-journal.json"))
        _ = try JSONFileStore(directory: target.directory.url)
        #expect(try target.contents("journals") == journals)
        #expect(target.exists("moods"))
    }
}
