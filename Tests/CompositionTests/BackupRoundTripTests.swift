import Foundation
import Testing
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessTestSupport

/// Random stores (every collection, edge values, unicode text, instants on DST days and at the
/// ends of the years accepted), backed up, restored into every kind of store and backed up again:
/// the archives are byte for byte the same, and every listing matches.
@Suite("Backup round trip across stores")
struct BackupRoundTripTests {
    static let seeds: [UInt64] = Array(1...9)

    @Test("backup → restore into each kind → backup is byte-identical", arguments: seeds)
    func roundTrip(seed: UInt64) async throws {
        let sourceKind = StoreKind.allCases[Int(seed) % StoreKind.allCases.count]
        let source = try Self.open(sourceKind)
        var generator = StoreGenerator(seed: seed)
        try await generator.fill(source.wellness.repositories)
        let archive = try await Self.backUp(source.wellness)
        let contents = try await source.wellness.backups.contents()
        #expect(!contents.isEmpty, "the generated store holds something")

        for kind in StoreKind.allCases {
            let target = try Self.open(kind)
            let counts = try await target.wellness.backups.restore(from: InMemoryByteSource(archive, chunkSize: 997))
            #expect(counts == contents.counts, "\(sourceKind) → \(kind)")
            let again = try await Self.backUp(target.wellness)
            let identical = again == archive
            #expect(identical, "\(sourceKind) → \(kind): \(Self.firstDifference(archive, again))")
            try await Self.expectSameListings(source.wellness.repositories, target.wellness.repositories,
                                              "\(sourceKind) → \(kind)")
        }
    }

    @Test("an empty store backs up and restores as empty")
    func empty() async throws {
        let source = try Self.open(.sqlite)
        let archive = try await Self.backUp(source.wellness)
        for kind in StoreKind.allCases {
            let target = try Self.open(kind)
            let counts = try await target.wellness.backups.restore(from: InMemoryByteSource(archive))
            #expect(counts.total == 0)
            let identical = try await Self.backUp(target.wellness) == archive
            #expect(identical)
        }
    }

    // MARK: - Helpers

    struct Opened {
        let directory: TemporaryDirectory
        let wellness: Wellness
    }

    static func open(_ kind: StoreKind) throws -> Opened {
        let directory = try TemporaryDirectory()
        let wellness = try Wellness.make(WellnessConfiguration(store: kind, dataDirectory: directory.url,
                                                               clock: FixedWallClock(Fixtures.instant("2026-11-23T12:00:00Z")),
                                                               calendar: Fixtures.calendar("Europe/Amsterdam")))
        return Opened(directory: directory, wellness: wellness)
    }

    static func backUp(_ wellness: Wellness) async throws -> [UInt8] {
        let collected = ByteSink()
        try await wellness.backups.backUp(to: collected.append)
        return collected.bytes
    }

    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
        let linesA = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let linesB = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (lineA, lineB)) in zip(linesA, linesB).enumerated() where lineA != lineB {
            return "line \(index + 1):\n  \(lineA)\n  \(lineB)"
        }
        return linesA.count == linesB.count ? "same" : "\(linesA.count) lines against \(linesB.count)"
    }

    /// Every listing of the ports, compared store against store.
    static func expectSameListings(_ a: WellnessRepositories, _ b: WellnessRepositories, _ label: String) async throws {
        let days = LocalDay.first...LocalDay(year: 9999, month: 12, day: 31)!
        let allTime = DateInterval(start: Date(timeIntervalSince1970: -62_135_596_800),
                                   end: Date(timeIntervalSince1970: 253_402_300_800))
        #expect(try await a.weights.entries(since: nil) == b.weights.entries(since: nil), "\(label) weights")
        let kinds = Set(HealthSampleKind.allCases)
        #expect(try await a.health.samples(of: kinds, startingIn: allTime)
                == b.health.samples(of: kinds, startingIn: allTime), "\(label) health")
        #expect(try await a.journals.journals(on: days) == b.journals.journals(on: days), "\(label) journals")
        #expect(try await a.moods.moods(on: days) == b.moods.moods(on: days), "\(label) moods")
        #expect(try await a.checkins.checkins(on: days) == b.checkins.checkins(on: days), "\(label) checkins")
        #expect(try await a.checkinQueue.all() == b.checkinQueue.all(), "\(label) queue")
        #expect(try await a.checkinQueue.pausedUntil() == b.checkinQueue.pausedUntil(), "\(label) paused")
        #expect(try await a.supplements.stack() == b.supplements.stack(), "\(label) stack")
        #expect(try await a.supplements.logs(on: days).count == b.supplements.logs(on: days).count, "\(label) logs")
        #expect(try await a.exercises.library() == b.exercises.library(), "\(label) exercises")
        let goalsA = try await a.goals.all(), goalsB = try await b.goals.all()
        #expect(Set(goalsA.map(\.id)) == Set(goalsB.map(\.id)), "\(label) goals")
        for goal in goalsA {
            #expect(try await a.tipsCache.cached(for: goal.id) == b.tipsCache.cached(for: goal.id), "\(label) tips")
        }
        #expect(try await a.moduleSettings.load() == b.moduleSettings.load(), "\(label) modules")
        #expect(try await a.dogProfile.load() == b.dogProfile.load(), "\(label) dog")
        #expect(try await a.tier.tier() == b.tier.tier(), "\(label) tier")
        #expect(try await a.nudgeSnoozes.all().sorted { $0.nudgeID < $1.nudgeID }
                == b.nudgeSnoozes.all().sorted { $0.nudgeID < $1.nudgeID }, "\(label) snoozes")
        #expect(try await a.interventionLog.completions(on: days).count
                == b.interventionLog.completions(on: days).count, "\(label) completions")
        #expect(try await a.interventionLog.decisions(on: days).count
                == b.interventionLog.decisions(on: days).count, "\(label) decisions")
        // The kinds of archive version 2 on: every record the same, whatever the kind.
        for kind in RecordRegistry.standard.kinds where kind.archiveVersion >= 2 {
            let stored = try #require(kind as? any StoredRecordKind.Type, "\(kind.collection)")
            #expect(try await Self.same(stored, a, b), "\(label) \(kind.collection)")
        }
    }

    /// Whether `a` and `b` hold the same records of `kind`, in the same order.
    static func same<Kind: StoredRecordKind>(_ kind: Kind.Type, _ a: WellnessRepositories, _ b: WellnessRepositories)
        async throws -> Bool {
        try await records(kind, a) == records(kind, b)
    }

    static func records<Kind: StoredRecordKind>(_ kind: Kind.Type, _ stores: WellnessRepositories) async throws -> [Kind.Record] {
        let collected = Collected<Kind.Record>()
        try await Kind.forEachRecord(in: stores) { collected.append($0) }
        return collected.values
    }
}

/// Values handed to a `@Sendable` closure, in order.
final class Collected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }

    var values: [Value] { lock.withLock { stored } }
}

/// Bytes handed over in chunks.
