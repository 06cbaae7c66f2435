import Foundation
import Testing
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessTestSupport

/// The sync log is kept beside a store's records and never in an archive: a backup leaves it out,
/// a restore over a store empties it (the restored store starts as a new device) and a migrate
/// does not carry it.
@Suite("SyncLog beside backups, restores and migrates")
struct SyncLogBackupTests {
    static let record = SyncRecord(collection: "journals", key: "2026-02-20", life: 1,
                                   lifeStamp: SyncStamp(time: 1_771_000_000_000, counter: 0, device: "device-a"),
                                   values: ["notes": SyncRecord.Value(stamp: SyncStamp(time: 1_771_000_000_001, counter: 0,
                                                                                       device: "device-a"),
                                                                      json: #""slept well""#)])

    static func syncLog(_ wellness: Wellness) throws -> any SyncLogRepository {
        try #require(wellness.repositories.syncLog, "a store on disk has a sync log")
    }

    static func fillLog(_ wellness: Wellness) async throws {
        let log = try syncLog(wellness)
        try await log.save([record], pending: true)
        try await log.setValue("device-a", for: "device")
    }

    @Test("a backup leaves the sync log out; a restore over the store empties it", arguments: BackupStoreTests.diskKinds)
    func restoreStartsANewDevice(kind: StoreKind) async throws {
        let memory = try await BackupStoreTests.archive(BackupStoreTests.store(.memory, FilledStore.fill).wellness)
        let opened = try await BackupStoreTests.store(kind, FilledStore.fill)
        try await Self.fillLog(opened.wellness)
        #expect(try await BackupStoreTests.archive(opened.wellness) == memory, "the archive holds no sync log")

        try await opened.wellness.backups.restore(from: InMemoryByteSource(memory), replacing: true)
        for wellness in [opened.wellness, try BackupStoreTests.open(kind, opened.url)] {
            let log = try Self.syncLog(wellness)
            #expect(try await log.records(in: "journals").isEmpty)
            #expect(try await log.changes(after: 0, limit: 10).isEmpty)
            #expect(try await log.value("device") == nil)
        }
        #expect(try await BackupStoreTests.archive(opened.wellness) == memory)
        if kind == .json {
            #expect(!FileManager.default.fileExists(atPath: opened.directory.file("sync.json").path))
        }
    }

    @Test("a migrate does not carry the sync log, and keeps the old store's",
          arguments: [(StoreKind.sqlite, StoreKind.json), (.json, .sqlite)])
    func migrateLeavesTheLog(from: StoreKind, to: StoreKind) async throws {
        let opened = try await BackupStoreTests.store(from, FilledStore.fill)
        try await Self.fillLog(opened.wellness)
        try await opened.wellness.backups.migrate(to: to)
        let target = try Self.syncLog(BackupStoreTests.open(to, opened.url))
        #expect(try await target.records(in: "journals").isEmpty)
        #expect(try await target.value("device") == nil)
        let source = try Self.syncLog(BackupStoreTests.open(from, opened.url))
        #expect(try await source.records(in: "journals") == [Self.record])
        #expect(try await source.value("device") == "device-a")
    }
}
