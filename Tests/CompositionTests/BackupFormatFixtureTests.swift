import Foundation
import Testing
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessTestSupport

/// A version 1 archive, written once and checked in (`Fixtures/backup-v1.json`): every build
/// must read it, restore it into every kind of store and back it up to the same bytes. The
/// archive is made of the domain types' own `Codable` forms, so a change to one of them fails
/// here: it needs a new archive version that still reads this one, not a silent change of format.
@Suite("Backup format: a version 1 archive stays readable")
struct BackupFormatFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/backup-v1.json")

    @Test("the checked-in version 1 archive restores into every kind of store and backs up to the same bytes",
          arguments: StoreKind.allCases)
    func restoresExactly(kind: StoreKind) async throws {
        let archive = try [UInt8](Data(contentsOf: Self.fixture))
        #expect(archive.starts(with: Array(#"{"format":"wellness-backup","version":1,"#.utf8)))
        let target = try BackupRoundTripTests.open(kind)
        let counts = try await target.wellness.backups.restore(from: InMemoryByteSource(archive, chunkSize: 4093))
        #expect(RecordRegistry.standard.collections.allSatisfy { counts[$0] > 0 }, "the fixture fills every collection: \(counts)")
        let again = try await BackupRoundTripTests.backUp(target.wellness)
        #expect(again == archive, "\(kind): \(BackupRoundTripTests.firstDifference(archive, again))")
    }

    /// Writes the fixture from a generated store, when `WELLNESS_WRITE_BACKUP_FIXTURE` is set
    /// (done once, for version 1; a later version adds a fixture of its own beside this one).
    @Test("write the fixture", .enabled(if: ProcessInfo.processInfo.environment["WELLNESS_WRITE_BACKUP_FIXTURE"] != nil))
    func write() async throws {
        for seed in UInt64(100)...UInt64(400) {
            let source = try BackupRoundTripTests.open(.memory)
            var generator = StoreGenerator(random: SeededRandom(seed: seed))
            try await generator.fill(source.wellness.repositories)
            let counts = try await source.wellness.backups.contents().counts
            guard RecordRegistry.standard.collections.allSatisfy({ counts[$0] > 0 }) else { continue }
            let archive = try await BackupRoundTripTests.backUp(source.wellness)
            try Data(archive).write(to: Self.fixture)
            return
        }
        Issue.record("no seed filled every collection")
    }
}
