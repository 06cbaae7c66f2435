import Foundation
import Testing
import WellnessDomain
import WellnessFileSystem
import WellnessJSONFile
import WellnessTestSupport

/// What the JSON-file store promises beyond the repository contracts.
@Suite("JSON-file store")
struct JSONFileStoreTests {
    let now = Fixtures.instant("2026-11-21T09:00:00Z")

    @Test("data files are created 0600 and stay 0600 after rewrites; a new directory is 0700")
    func permissions() async throws {
        let root = try TemporaryDirectory()
        let directory = root.file("nested/data")
        let store = try JSONFileStore(directory: directory)
        let modules = JSONFileModuleSettingsRepository(store: store)
        let defaults = ModuleSettings.defaults(at: now)
        try await modules.update { $0 = defaults }
        #expect(try PrivateFiles.mode(of: store.url(of: "modules")) == 0o600)
        let later = now.addingTimeInterval(60)
        try await modules.update { $0?.recordUse(of: .walks, at: later) }
        #expect(try PrivateFiles.mode(of: store.url(of: "modules")) == 0o600)
        #expect(try PrivateFiles.mode(of: directory) == 0o700)
    }

    @Test("a corrupt file is reported with its path and left untouched")
    func corruptFileUntouched() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let file = store.url(of: "modules")
        let garbage = Data("{\"modules\": [ {\"module\": \"walks\", \"enabled\": tru".utf8)
        try garbage.write(to: file)
        let modules = JSONFileModuleSettingsRepository(store: store)

        await #expect { try await modules.load() } throws: { error in
            guard case let .corruptFile(path, _)? = error as? JSONFileStoreError else { return false }
            return path == file.path && error.localizedDescription.contains(file.path)
        }
        let now = self.now
        await #expect(throws: JSONFileStoreError.self) {
            try await modules.update { settings in settings = ModuleSettings.defaults(at: now) }
        }
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test("a well-formed file of the wrong shape names the field")
    func wrongShapeNamesField() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        try Data(#"{"name": "Ollie", "birthDate": "2025-13-01"}"#.utf8).write(to: store.url(of: "dog-profile"))
        await #expect { try await JSONFileDogProfileRepository(store: store).load() } throws: { error in
            let message = error.localizedDescription
            return message.contains("birthDate") && message.contains("2025-13-01")
        }
    }

    @Test("temporary files left by a writer that died are removed on open; data files are kept")
    func strayTemporaryFilesRemoved() async throws {
        let directory = try TemporaryDirectory()
        let stray = directory.file(".modules.json.wellness-tmp-3F2A")
        let keep = directory.file("notes.txt")
        // Another command's file being written into the data directory (`backup`'s, say).
        let backupInProgress = directory.file(".backup.json.tmp-77AB")
        try Data("half a write".utf8).write(to: stray)
        try Data("mine".utf8).write(to: keep)
        try Data("a backup being written".utf8).write(to: backupInProgress)
        _ = try JSONFileStore(directory: directory.url)
        #expect(!FileManager.default.fileExists(atPath: stray.path))
        #expect(FileManager.default.fileExists(atPath: keep.path))
        #expect(FileManager.default.fileExists(atPath: backupInProgress.path), "another command's temporary file was removed")
    }

    @Test("the modules file is readable JSON in the documented shape, with millisecond timestamps")
    func documentShape() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let instant = Fixtures.instant("2026-11-21T09:00:00.250Z")
        try await JSONFileModuleSettingsRepository(store: store).update { $0 = ModuleSettings.defaults(at: instant) }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: store.url(of: "modules")))
        let modules = try #require((object as? [String: Any])?["modules"] as? [[String: Any]])
        #expect(modules.first?["module"] as? String == "medications")
        #expect(modules.first?["enabled"] as? Bool == true)
        #expect(modules.first?["enabledAt"] as? String == "2026-11-21T09:00:00.250Z")
    }

    @Test("many tasks updating through separate store handles lose nothing")
    func concurrentHandles() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url
        try await JSONFileModuleSettingsRepository(store: JSONFileStore(directory: url)).update { _ in () }
        let now = self.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let repository = try JSONFileNudgeSnoozeRepository(store: JSONFileStore(directory: url))
                    try await repository.save(NudgeSnooze(nudgeID: "nudge-\(index)", until: now))
                }
            }
            try await group.waitForAll()
        }
        let all = try await JSONFileNudgeSnoozeRepository(store: JSONFileStore(directory: url)).all()
        #expect(all.count == 40)
    }

    struct Failure: Error {}

    @Test("a transaction writes all its collections together, and nothing when its body throws")
    func transactionIsAllOrNothing() async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        let total = try await store.transaction { transaction in
            try transaction.write("a", [1, 2])
            try transaction.write("b", ["x"])
            #expect(try transaction.read("a", as: [Int].self) == [1, 2], "it reads its own writes")
            return 3
        }
        #expect(total == 3)
        #expect(try await store.read("a", as: [Int].self) == [1, 2])
        #expect(try await store.read("b", as: [String].self) == ["x"])

        await #expect(throws: Failure.self) {
            try await store.transaction { transaction in
                try transaction.write("a", [9])
                try transaction.write("b", ["y"])
                throw Failure()
            }
        }
        #expect(try await store.read("a", as: [Int].self) == [1, 2])
        #expect(try await store.read("b", as: [String].self) == ["x"])
        #expect(!FileManager.default.fileExists(atPath: directory.file(".wellness-journal.json").path))
    }

    /// The journal as a transaction of several files leaves it before replacing them.
    struct Journal: Encodable {
        let files: [String: Data]
    }

    @Test("a process killed between a transaction's files: the next reader or writer finishes it from the journal",
          arguments: [false, true])
    func journalIsReplayed(byWriter: Bool) async throws {
        let directory = try TemporaryDirectory()
        let store = try JSONFileStore(directory: directory.url)
        try await store.transaction { transaction in
            try transaction.write("a", [1])
            try transaction.write("b", [1])
        }
        // What a kill leaves after the journal was written and the first file replaced.
        let journal = directory.file(".wellness-journal.json")
        try JSONEncoder().encode(Journal(files: ["a": Data("[2]".utf8), "b": Data("[2]".utf8)])).write(to: journal)
        try Data("[2]".utf8).write(to: directory.file("a.json"))

        if byWriter {
            try await store.update("c", as: [Int].self) { $0 = [0] }
        }
        #expect(try await store.read("b", as: [Int].self) == [2], "the second file is finished too")
        #expect(try await store.read("a", as: [Int].self) == [2])
        #expect(!FileManager.default.fileExists(atPath: journal.path), "and the journal removed")
    }

    @Test("a journal that does not decode is reported with its path and nothing is changed")
    func corruptJournal() async throws {
        let directory = try TemporaryDirectory()
        let journal = directory.file(".wellness-journal.json")
        try Data("{\"files\": ".utf8).write(to: journal)
        #expect {
            _ = try JSONFileStore(directory: directory.url)
        } throws: { error in
            "\(error)".contains(journal.path)
        }
        #expect(FileManager.default.fileExists(atPath: journal.path))
    }
}
