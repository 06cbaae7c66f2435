import Foundation
import Testing
import WellnessComposition
import WellnessTestSupport

/// Restores and moves between store kinds on SQLite and JSON stores in temporary directories.
@Suite("Backups of stores on disk: restores all or nothing, moves between kinds")
struct BackupStoreTests {
    static let diskKinds: [StoreKind] = [.sqlite, .json]

    /// A store of `kind` in `directory`, on a fixed clock.
    static func open(_ kind: StoreKind, _ directory: URL) throws -> Wellness {
        try Wellness.make(WellnessConfiguration(store: kind, dataDirectory: directory,
                                                clock: FixedWallClock(Fixtures.instant("2026-03-01T09:00:00Z")),
                                                calendar: Fixtures.calendar()))
    }

    /// A store and the temporary directory it is in (removed when this is released).
    struct Opened {
        let directory: TemporaryDirectory
        let wellness: Wellness
        var url: URL { directory.url }
    }

    /// A store of `kind` in a new temporary directory, filled by `fill`.
    static func store(_ kind: StoreKind, _ fill: (WellnessRepositories) async throws -> Void = { _ in }) async throws -> Opened {
        let directory = try TemporaryDirectory()
        let wellness = try open(kind, directory.url)
        try await fill(wellness.repositories)
        return Opened(directory: directory, wellness: wellness)
    }

    static func archive(_ wellness: Wellness) async throws -> [UInt8] {
        let sink = ByteSink()
        try await wellness.backups.backUp(to: sink.append)
        return sink.bytes
    }

    /// The files a restore or a migration leaves beside the store while it works.
    static func leftovers(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(".wellness-restore-") || $0.hasPrefix(".wellness-migrate-") }
    }

    /// The files in `directory`, but SQLite's write-ahead log and its index, which come and go.
    static func files(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    }

    /// What ``FilledStore/fill(_:)`` puts in a store, as a restore names it.
    static let filledSummary = "2 supplementLogs, 2 goals, 1 goalTips, 2 journals, 2 moods, 2 checkins, 2 queuedCheckins, "
        + "2 completions, 2 decisions, 1 nudgeSnoozes, 3 weights, 3 health, settings"

    /// ``FilledStore``'s archive with the supplement its logs name taken out of the settings: the
    /// logs' broken reference is found at the end, after every weigh-in and sample was read.
    static func brokenReference(_ archive: [UInt8]) throws -> [UInt8] {
        var lines = String(decoding: archive, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let supplement = FilledStore.supplement.rawValue.uuidString
        try #require(lines[1].contains(supplement))
        lines[1] = Substring(lines[1].replacingOccurrences(of: supplement, with: UUID().uuidString))
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test("the same records give the same archive in memory, in JSON files and in SQLite")
    func sameArchiveEverywhere() async throws {
        let memory = try await Self.archive(Self.store(.memory, FilledStore.fill).wellness)
        for kind in Self.diskKinds {
            let store = try await Self.store(kind, FilledStore.fill)
            #expect(try await Self.archive(store.wellness) == memory, "\(kind)")
            // And from a second opening of the same files.
            #expect(try await Self.archive(Self.open(kind, store.url)) == memory, "\(kind) reopened")
        }
    }

    @Test("restore --replace over a store with data: exactly the archive's contents, kept on reopening",
          arguments: diskKinds)
    func replace(kind: StoreKind) async throws {
        let archive = try await Self.archive(Self.store(.memory, FilledStore.fill).wellness)
        let opened = try await Self.store(kind, FilledStore.fillOther)
        let (directory, target) = (opened.directory, opened.wellness)
        // The AI tips consent belongs to the machine, not the data: a restore leaves it.
        let consent = Data(#"{"allowed":["https://ai.example.test"]}"#.utf8)
        try consent.write(to: directory.file("tips-consent.json"))
        let counts = try await target.backups.restore(from: InMemoryByteSource(archive, chunkSize: 1000), replacing: true)
        #expect(counts == (try await Self.store(.memory, FilledStore.fill).wellness.backups.contents()).counts)
        #expect(counts.total == 24)
        #expect(try await Self.archive(target) == archive)
        #expect(try await Self.archive(Self.open(kind, directory.url)) == archive)
        #expect(try Self.leftovers(in: directory.url).isEmpty)
        #expect(try Data(contentsOf: directory.file("tips-consent.json")) == consent)

        // An archive of nothing empties it: collections the archive has no records of are gone.
        let empty = try await Self.archive(Self.store(.memory).wellness)
        try await target.backups.restore(from: InMemoryByteSource(empty), replacing: true)
        #expect(try await target.backups.contents().isEmpty)
        #expect(try await Self.archive(Self.open(kind, directory.url)) == empty)
        #expect(try Self.leftovers(in: directory.url).isEmpty)
        if kind == .json {
            #expect(!FileManager.default.fileExists(atPath: directory.file("journals.json").path))
            #expect(!FileManager.default.fileExists(atPath: directory.file("weights.json").path))
        }
    }

    @Test("a bad archive with --replace changes nothing and leaves nothing behind", arguments: diskKinds)
    func badArchiveChangesNothing(kind: StoreKind) async throws {
        let good = try await Self.archive(Self.store(.memory, FilledStore.fill).wellness)
        let opened = try await Self.store(kind, FilledStore.fillOther)
        let (directory, target) = (opened.directory, opened.wellness)
        let before = try await Self.archive(target)
        let bad: [(String, [UInt8])] = [
            ("a broken reference found at the end", try Self.brokenReference(good)),
            ("cut short in the health samples", Array(good.dropLast(60))),
            ("a newer version", Array(String(decoding: good, as: UTF8.self)
                .replacingOccurrences(of: "\"version\":\(BackupArchive.version),",
                                      with: "\"version\":\(BackupArchive.version + 1),").utf8)),
        ]
        for (name, archive) in bad {
            await #expect(throws: BackupError.self, "\(name)") {
                try await target.backups.restore(from: InMemoryByteSource(archive), replacing: true)
            }
            #expect(try await Self.archive(target) == before, "\(name)")
            #expect(try await Self.archive(Self.open(kind, directory.url)) == before, "\(name), reopened")
            #expect(try Self.leftovers(in: directory.url).isEmpty, "\(name)")
        }
        let broken = try Self.brokenReference(good)
        let empty = try await Self.store(kind)
        await #expect(throws: BackupError.self) { try await empty.wellness.backups.restore(from: InMemoryByteSource(broken)) }
        #expect(try await empty.wellness.backups.contents().isEmpty)
    }

    @Test("a restore into a store with data, without --replace, is refused naming the store and what it holds",
          arguments: diskKinds)
    func notEmpty(kind: StoreKind) async throws {
        let archive = try await Self.archive(Self.store(.memory, FilledStore.fill).wellness)
        let opened = try await Self.store(kind, FilledStore.fill)
        let target = opened.wellness
        let before = try await Self.archive(target)
        await #expect(throws: RestoreError.notEmpty(location: target.repositories.location, holds: Self.filledSummary)) {
            try await target.backups.restore(from: InMemoryByteSource(archive))
        }
        #expect(try await Self.archive(target) == before)
    }

    @Test("collections in another order than the writer's restore the same", arguments: [StoreKind.memory] + diskKinds)
    func collectionsInAnyOrder(kind: StoreKind) async throws {
        let archive = try await Self.archive(Self.store(.memory, FilledStore.fill).wellness)
        // The goals' tips, the weigh-ins and the samples first; the goals last.
        var text = String(decoding: archive, as: UTF8.self)
        let blocks = text.components(separatedBy: "\n\"")
        let goals = try #require(blocks.first { $0.hasPrefix("goals\":[") })
        let tips = try #require(blocks.first { $0.hasPrefix("goalTips\":[") })
        text = text.replacingOccurrences(of: "\n\"" + goals, with: "").replacingOccurrences(of: "\n\"" + tips, with: "")
        text = text.replacingOccurrences(of: "\"collections\":{", with: "\"collections\":{\n\"" + tips)
        text = text.replacingOccurrences(of: "\n]\n}}\n", with: "\n],\n\"" + String(goals.dropLast()) + "\n}}\n")
        #expect(text != String(decoding: archive, as: UTF8.self))
        let opened = try await Self.store(kind)
        let target = opened.wellness
        #expect(try await target.backups.restore(from: InMemoryByteSource(text)).total == 24)
        #expect(try await Self.archive(target) == archive)
    }

    @Test("migrate to the other kind: the new store's archive is the old one's; the old files stay",
          arguments: [(StoreKind.sqlite, StoreKind.json), (.json, .sqlite)])
    func migrate(from: StoreKind, to: StoreKind) async throws {
        let opened = try await Self.store(from, FilledStore.fill)
        let (directory, source) = (opened.directory, opened.wellness)
        let archive = try await Self.archive(source)
        let filesBefore = try Self.files(in: directory.url)
        let counts = try await source.backups.migrate(to: to)
        #expect(counts == (try await source.backups.contents()).counts)
        #expect(try await Self.archive(Self.open(to, directory.url)) == archive)
        #expect(try await Self.archive(Self.open(from, directory.url)) == archive, "the old store is unchanged")
        let filesAfter = try Self.files(in: directory.url)
        #expect(Set(filesBefore).isSubset(of: filesAfter), "the old files stay")
        #expect(filesAfter.contains(to == .sqlite ? "wellness.sqlite" : "journals.json"), "\(filesAfter)")
        #expect(try Self.leftovers(in: directory.url).isEmpty)

        let location = try Self.open(to, directory.url).repositories.location
        await #expect(throws: RestoreError.notEmpty(location: location, holds: Self.filledSummary)) {
            try await source.backups.migrate(to: to)
        }
        await #expect(throws: RestoreError.sameStore(from.rawValue)) { try await source.backups.migrate(to: from) }
        await #expect(throws: RestoreError.memoryTarget) { try await source.backups.migrate(to: .memory) }
        #expect(try Self.leftovers(in: directory.url).isEmpty)
    }

    @Test("a store in memory is restored while empty, never replaced")
    func memory() async throws {
        let archive = try await Self.archive(Self.store(.memory, FilledStore.fill).wellness)
        let empty = try await Self.store(.memory).wellness
        await #expect(throws: BackupError.self) {
            try await empty.backups.restore(from: InMemoryByteSource(Self.brokenReference(archive)))
        }
        #expect(try await empty.backups.contents().isEmpty)
        #expect(try await empty.backups.restore(from: InMemoryByteSource(archive)).total == 24)
        #expect(try await Self.archive(empty) == archive)

        let other = try await Self.store(.memory, FilledStore.fillOther).wellness
        await #expect(throws: RestoreError.notReplaceable(location: "memory")) {
            try await other.backups.restore(from: InMemoryByteSource(archive), replacing: true)
        }
        await #expect(throws: RestoreError.notReplaceable(location: "memory")) { try await other.backups.migrate(to: .json) }
    }

    @Test("a store on disk with a port swapped is no longer replaced whole: the swapped port's data would be left behind",
          arguments: diskKinds)
    func swappedPort(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        var repositories = try WellnessRepositories.make(kind, directory: directory.url)
        #expect(repositories.onDisk?.kind == kind.rawValue)
        repositories.moods = InMemoryMoodRepository()
        #expect(repositories.onDisk == nil)
        let wellness = try Wellness(repositories: repositories, clock: FixedWallClock(Fixtures.instant("2026-03-01T09:00:00Z")),
                                    calendar: Fixtures.calendar())
        try await FilledStore.fill(wellness.repositories)
        let archive = try await Self.archive(Self.store(kind, FilledStore.fillOther).wellness)
        await #expect(throws: RestoreError.notReplaceable(location: repositories.location)) {
            try await wellness.backups.restore(from: InMemoryByteSource(archive), replacing: true)
        }
        await #expect(throws: RestoreError.notReplaceable(location: repositories.location)) {
            try await wellness.backups.migrate(to: kind == .sqlite ? .json : .sqlite)
        }
    }

    @Test("a kind of record the registry adds is backed up, restored and migrated with the rest", arguments: diskKinds)
    func addedKind(kind: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        let clock = FixedWallClock(Fixtures.instant("2026-03-01T09:00:00Z"))
        let source = try Wellness(repositories: .make(kind, directory: directory.url, registry: .withWaterIntake),
                                  clock: clock, calendar: Fixtures.calendar())
        try await FilledStore.fill(source.repositories)
        for intake in WaterIntakeRecords.samples {
            try await source.repositories.records.repository(for: WaterIntakeRecords.self).save(intake)
        }
        let archive = try await Self.archive(source)
        #expect(String(decoding: archive.prefix(60), as: UTF8.self).contains(#""version":2,"#))
        #expect(try await source.backups.contents().counts[WaterIntakeRecords.collection] == 3)

        // Replaced whole: a store holding other data gets the archive's water intake, and only it.
        let other = try TemporaryDirectory()
        let target = try Wellness(repositories: .make(kind, directory: other.url, registry: .withWaterIntake),
                                  clock: clock, calendar: Fixtures.calendar())
        try await FilledStore.fillOther(target.repositories)
        try await target.repositories.records.repository(for: WaterIntakeRecords.self)
            .save(WaterIntake(day: Fixtures.day("2026-01-01"), millilitres: 10))
        try await target.backups.restore(from: InMemoryByteSource(archive), replacing: true)
        #expect(try await Self.archive(target) == archive)
        #expect(try await target.repositories.records.repository(for: WaterIntakeRecords.self).all()
                == WaterIntakeRecords.samples.sorted(by: WaterIntakeRecords.precedes))

        // Moved to the other kind of store, byte for byte.
        let migrated = try await source.backups.migrate(to: kind == .sqlite ? .json : .sqlite)
        #expect(migrated[WaterIntakeRecords.collection] == 3)
    }
}
