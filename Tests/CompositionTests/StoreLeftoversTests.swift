import Foundation
import Testing
import WellnessComposition
import WellnessFileSystem
import WellnessTestSupport

/// What a killed restore or migrate leaves is removed by the next command that opens the store;
/// what a live one (or any other command) is writing is never touched (issue 37, finding 10).
@Suite("Leftovers of killed restores and migrates")
struct StoreLeftoversTests {
    /// Plants what a restore and a migrate killed with SIGKILL leave: a staging store with a
    /// file in it, a plaintext archive, and each one's lock file (no longer held).
    static func plantKilled(in directory: URL) throws -> [URL] {
        let staging = directory.appendingPathComponent(".wellness-restore-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        try Data("staged".utf8).write(to: staging.appendingPathComponent("wellness.sqlite"))
        let archive = directory.appendingPathComponent(".wellness-migrate-\(UUID().uuidString).json")
        try Data(#"{"format":"wellness-backup"}"#.utf8).write(to: archive)
        for url in [staging, archive] { try Data().write(to: URL(fileURLWithPath: url.path + ".lock")) }
        return [staging, archive]
    }

    @Test("the next command that opens the store removes a killed restore's staging store and a killed migrate's archive, with their locks",
          arguments: [StoreKind.sqlite, .json])
    func killedLeftoversRemoved(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        let planted = try Self.plantKilled(in: directory.url)
        let others = [".backup.json.tmp-77AB", "notes.txt", ".wellness-restore-notes.lock"].map(directory.file)
        for other in others { try Data("someone else's".utf8).write(to: other) }

        _ = try BackupStoreTests.open(kind, directory.url)
        for url in planted {
            #expect(!FileManager.default.fileExists(atPath: url.path), "left: \(url.lastPathComponent)")
            #expect(!FileManager.default.fileExists(atPath: url.path + ".lock"), "left: \(url.lastPathComponent).lock")
        }
        for other in others {
            #expect(FileManager.default.fileExists(atPath: other.path), "removed: \(other.lastPathComponent)")
        }
    }

    @Test("a restore or migrate still running (its lock held) keeps what it is writing")
    func liveLeftoversKept() async throws {
        let directory = try TemporaryDirectory()
        let planted = try Self.plantKilled(in: directory.url)
        let held = try planted.map { try #require(try FileLock(URL(fileURLWithPath: $0.path + ".lock")).tryAcquire()) }
        defer { held.forEach { $0.release() } }
        _ = try BackupStoreTests.open(.sqlite, directory.url)
        for url in planted { #expect(FileManager.default.fileExists(atPath: url.path), "removed: \(url.lastPathComponent)") }
    }

    @Test("a migrate killed after it began writing its target is finished by running it again",
          arguments: [(StoreKind.sqlite, StoreKind.json), (.json, .sqlite)])
    func killedMigrateFinishes(from: StoreKind, to: StoreKind) async throws {
        let opened = try await BackupStoreTests.store(from, FilledStore.fill)
        let archive = try await BackupStoreTests.archive(opened.wellness)
        // What the killed run had done: marked the target as pending and written part of it.
        try Data().write(to: opened.url.appendingPathComponent(".wellness-migrate-to-\(to.rawValue)"))
        let target = try BackupStoreTests.open(to, opened.url)
        try await FilledStore.fillOther(target.repositories)
        #expect(try await !target.backups.contents().isEmpty)

        let counts = try await opened.wellness.backups.migrate(to: to)
        #expect(counts == (try await opened.wellness.backups.contents()).counts)
        #expect(try await BackupStoreTests.archive(BackupStoreTests.open(to, opened.url)) == archive)
        let leftovers = try BackupStoreTests.leftovers(in: opened.url)
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
