import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// Three devices on in-memory stores edit every kind of record while offline and sync with one
/// server in random orders, with pushes lost after the server applied them and pulls cut off
/// half way: after everyone syncs twice, every device holds the same archive, and it holds
/// every edit no other edit conflicted with.
@Suite struct SyncConvergenceTests {
    @Test func threeDevicesConvergeOverGeneratedSchedules() async throws {
        var generator = SplitMix64(seed: 0x5EED_2026_1128)
        var held: Set<RecordCollection> = []
        for schedule in 0..<200 {
            held.formUnion(try await run(schedule: schedule, seed: generator.next()))
        }
        // Every kind and setting that travels from a device was edited and synced in some schedule:
        // a kind added to the registry without a way to fill it (StoreGenerator) fails here.
        let registry = RecordRegistry.standard
        var travelling = Set(registry.kinds.filter { $0.syncRule.isPushed }.map { $0.collection })
        travelling.formUnion(registry.settings.filter { $0.syncRule.isPushed }.map { $0.collection })
        #expect(travelling.subtracting(held).isEmpty, "never edited: \(travelling.subtracting(held).map(\.rawValue).sorted())")
    }

    /// One schedule: random edits and syncs, then two rounds of syncs by everyone; returns the
    /// collections the devices hold records of in the end.
    private func run(schedule: Int, seed: UInt64) async throws -> Set<RecordCollection> {
        var random = SplitMix64(seed: seed)
        let clock = SteppingClock()
        let server = try ServeSync(stores: .inMemory(), clock: clock)
        let devices = (0..<3).map { _ in Device(stores: .inMemory()) }
        let remote = FlakyRemote(server: server)
        var expected = Expected()
        for _ in 0..<(8 + Int(random.next() % 16)) {
            let device = devices[Int(random.next() % 3)]
            if random.next() % 4 == 0 {
                remote.failNextPush = random.next() % 5 == 0
                remote.failPullAfterPages = random.next() % 5 == 0 ? 1 : nil
                _ = try? await device.sync(remote, clock: clock)
            } else {
                try await device.edit(&random, clock: clock, expected: &expected)
            }
        }
        remote.failNextPush = false
        remote.failPullAfterPages = nil
        for _ in 0..<2 {
            for device in devices { _ = try await device.sync(remote, clock: clock) }
        }
        let archives = try await devices.asyncMap { try await $0.archive() }
        #expect(archives[1] == archives[0], "schedule \(schedule): devices 0 and 1 differ")
        #expect(archives[2] == archives[0], "schedule \(schedule): devices 0 and 2 differ")
        let walks = try await devices[0].stores.records.repository(for: WalkRecords.self).all()
        #expect(Set(walks.map(\.id)).isSuperset(of: expected.walks), "schedule \(schedule): a walk was lost")
        let goals = try await devices[0].stores.goals.all()
        #expect(Set(goals.map(\.id)).isSuperset(of: expected.goals), "schedule \(schedule): a goal was lost")
        let stack = try await devices[0].stores.supplements.stack()
        #expect(Set(stack.supplements.map(\.name)).isSuperset(of: expected.supplements),
                "schedule \(schedule): a supplement was lost")
        let weights = Set(try await devices[0].stores.weights.entries(since: nil).map(\.id))
        for ids in expected.weights.values {
            let kept = ids.min { $0.description < $1.description }
            #expect(kept.map(weights.contains) == true, "schedule \(schedule): a weigh-in was lost")
        }
        let journals = try await devices[0].stores.journals.journals(on: WellnessRepositories.allDays)
        for expectedTag in expected.tags {
            #expect(journals.first { $0.day == expectedTag.day }?.tags.contains(expectedTag.tag) == true,
                    "schedule \(schedule): tag \(expectedTag.tag) of \(expectedTag.day) was lost")
        }
        let counts = try await BackUpStore(stores: devices[0].stores).contents().counts
        var held = Set(devices[0].stores.registry.kinds.map { $0.collection }.filter { counts[$0] > 0 })
        for setting in devices[0].stores.registry.settings where try await devices[0].stores.syncLog?
            .records(in: setting.collection).isEmpty == false {
            held.insert(setting.collection)
        }
        return held
    }
}

/// The edits no other edit may undo: records only added, tags only set.
private struct Expected {
    var walks: Set<Walk.ID> = []
    var goals: Set<Goal.ID> = []
    var supplements: Set<String> = []
    /// Every weigh-in added, by what makes two the same: of two devices' same weigh-in, the
    /// smaller id stays.
    var weights: [WeightEntry.DuplicateKey: [WeightEntry.ID]] = [:]
    /// Tags only ever switched on (a tag switched off anywhere is left out).
    var tags: Set<DayTag> = []
    var untagged: Set<DayTag> = []

    struct DayTag: Hashable {
        let day: LocalDay
        let tag: String
    }
}

/// A device: its store, synced through the remote.
private struct Device {
    let stores: WellnessRepositories

    static let days = (1...4).map { Fixtures.day("2026-11-2\($0)") }
    static let tags = ["alcohol", "caffeine", "stress", "exercise"]

    func sync(_ remote: any SyncRemote, clock: any WallClock) async throws -> SyncReport {
        try await SyncWithServer(stores: stores, remote: remote, clock: clock, timeZone: "Europe/Amsterdam",
                                 batchSize: 7).execute()
    }

    /// The store's backup archive, as text (a difference reads better than in bytes).
    func archive() async throws -> String {
        let sink = ByteSink()
        try await BackUpStore(stores: stores).execute(to: sink.append)
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    /// One random edit of one kind.
    func edit(_ random: inout SplitMix64, clock: SteppingClock, expected: inout Expected) async throws {
        let day = Self.days[Int(random.next() % UInt64(Self.days.count))]
        let now = clock.now()
        switch random.next() % 10 {
        case 0:
            let checkin = try Checkin(day: day, energy: 1 + Int(random.next() % 5), stress: 1 + Int(random.next() % 5),
                                      social: 1 + Int(random.next() % 5))
            _ = try await stores.checkins.save(checkin, replacing: true)
        case 1:
            try await stores.moods.save(try MoodEntry(day: day, score: 1 + Int(random.next() % 5)))
        case 2:
            let tag = Self.tags[Int(random.next() % UInt64(Self.tags.count))]
            let on = random.next() % 3 != 0
            let dayTag = Expected.DayTag(day: day, tag: tag)
            if on {
                if !expected.untagged.contains(dayTag) { expected.tags.insert(dayTag) }
            } else {
                expected.tags.remove(dayTag)
                expected.untagged.insert(dayTag)
            }
            try await stores.journals.update(day) { journal in
                var tags = Set(journal?.tags ?? [])
                if on { tags.insert(tag) } else { tags.remove(tag) }
                journal = DailyJournal(day: day, notes: journal?.notes, tags: Array(tags))
            }
        case 3:
            let notes = "notes \(random.next() % 100)"
            try await stores.journals.update(day) { journal in
                journal = DailyJournal(day: day, notes: notes, tags: journal?.tags ?? [])
            }
        case 4:
            let goals = try await stores.goals.all()
            if let goal = goals.randomElement(using: &random), random.next() % 2 == 0 {
                try await stores.goals.save(Goal(storedID: goal.id, title: "edited \(random.next() % 100)",
                                                 description: goal.description, createdAt: goal.createdAt))
            } else {
                let goal = try Goal(title: "goal \(random.next() % 1000)", createdAt: now)
                try await stores.goals.save(goal)
                expected.goals.insert(goal.id)
            }
        case 5:
            let name = "supplement \(random.next() % 1000)"
            _ = try await stores.supplements.update { stack in try stack.add(name: name, timeOfDay: .morning, dosage: "1") }
            expected.supplements.insert(name)
        case 6:
            let stack = try await stores.supplements.stack()
            if let supplement = stack.supplements.randomElement(using: &random) {
                try await stores.supplements.save(SupplementLog(day: day, supplementID: supplement.id,
                                                                taken: random.next() % 2 == 0, timestamp: now))
            }
        case 7:
            let repository = stores.records.repository(for: WalkRecords.self)
            let walks = try await repository.all()
            if let walk = walks.filter({ !expected.walks.contains($0.id) }).randomElement(using: &random),
               random.next() % 2 == 0 {
                _ = try await repository.remove(walk.id)
            } else {
                let walk = try Walk(start: now, minutes: 10 + Int(random.next() % 50))
                try await repository.save(walk)
                // Half the walks are kept; the others may be removed by any device.
                if random.next() % 2 == 0 { expected.walks.insert(walk.id) }
            }
        case 9:
            // Records of every kind that travels (new ones, and the settings replaced whole): the
            // stack may lose supplements this device knew, which then are not expected to stay.
            for supplement in try await stores.supplements.stack().supplements { expected.supplements.remove(supplement.name) }
            var generator = StoreGenerator(seed: random.next())
            try await generator.fill(stores, travelling: true)
        default:
            let entry = try WeightEntry(date: now.addingTimeInterval(Double(random.next() % 10) * 60),
                                        kilograms: 20 + Double(random.next() % 50) / 10)
            if try await stores.weights.importEntries(commit: true, { try $0.insert([entry]) }) == 1 {
                expected.weights[entry.duplicateKey, default: []].append(entry.id)
            }
        }
    }
}

/// A server reached in process, whose answers can be lost on the way back.
private final class FlakyRemote: SyncRemote, @unchecked Sendable {
    let server: ServeSync
    /// The next push is applied by the server, and its answer lost.
    var failNextPush = false
    /// Pulls fail after this many pages have been answered.
    var failPullAfterPages: Int?
    private var pages = 0

    init(server: ServeSync) {
        self.server = server
    }

    struct Lost: Error {}

    func push(_ batch: SyncPush) async throws -> SyncPushAnswer {
        let answer = try await server.push(batch)
        if failNextPush {
            failNextPush = false
            throw Lost()
        }
        return answer
    }

    func pull(after cursor: Int64, limit: Int, timeZone: String?) async throws -> SyncPage {
        if let failing = failPullAfterPages {
            if pages >= failing {
                pages = 0
                failPullAfterPages = nil
                throw Lost()
            }
            pages += 1
        }
        return try await server.pull(after: cursor, limit: limit)
    }
}

/// A clock one second later at each reading.
private final class SteppingClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 0.0

    func now() -> Date {
        lock.withLock {
            seconds += 1
            return Fixtures.instant("2026-11-24T09:00:00Z").addingTimeInterval(seconds)
        }
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
