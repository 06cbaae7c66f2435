import Foundation
import Testing
import WellnessComposition
import WellnessTestSupport

/// A store tells who watches it what changed (issue 35): its own writes on every store kind,
/// another handle's writes on the stores on disk, nothing lost after subscribing, and an end
/// when the watcher stops.
@Suite("Store changes: what a store tells who watches it")
struct StoreChangesTests {
    static let calendar = Fixtures.calendar("Europe/Amsterdam")
    static let now = Fixtures.instant("2026-03-27T08:00:00+01:00")

    static func wellness(on repositories: WellnessRepositories) throws -> Wellness {
        try Wellness(repositories: repositories, clock: FixedWallClock(now), calendar: calendar)
    }

    /// A write through a use case, and the collection it must be reported as.
    struct Write: Sendable, CustomStringConvertible {
        let description: String
        let collection: RecordCollection
        let run: @Sendable (Wellness) async throws -> Void
    }

    static let writes: [Write] = [
        Write(description: "journal tag", collection: JournalRecords.collection) {
            _ = try await $0.journal.toggleTag(.coffee)
        },
        Write(description: "mood", collection: MoodRecords.collection) { try await $0.moods.log(score: 4) },
        Write(description: "weigh-in", collection: WeightRecords.collection) {
            _ = try await $0.weight.add(kilograms: 71.5)
        },
        Write(description: "goal", collection: GoalRecords.collection) {
            _ = try await $0.goals.add(title: "Walk more")
        },
        Write(description: "modules", collection: ModuleSettingsSetting.collection) {
            _ = try await $0.modules.setEnabled([.training], enabled: true)
        },
        Write(description: "check-in", collection: CheckinRecords.collection) {
            _ = try await $0.drift.checkIn(energy: 3, stress: 2, social: 4)
        },
        Write(description: "supplement stack", collection: SupplementStackSetting.collection) {
            _ = try await $0.supplements.add(name: "Vitamin K2", timeOfDay: .evening, dosage: "100 µg")
        },
    ]

    static let everyWrite = AdapterKind.allCases.flatMap { kind in writes.map { (kind, $0) } }

    @Test("a write through a use case is reported once saved, as this process's, naming its collection",
          arguments: everyWrite)
    func ownWrites(kind: AdapterKind, write: Write) async throws {
        let store = try kind.makeStore()
        let wellness = try Self.wellness(on: store.repositories)
        let collector = ChangeCollector(try wellness.changes(pollingEvery: .milliseconds(20)))
        defer { collector.stop() }
        try await write.run(wellness)
        let changes = await collector.wait(for: write.collection)
        #expect(changes.contains { $0.origin == .thisProcess && $0.collections?.contains(write.collection) == true },
                "\(changes)")
        #expect(!changes.contains { $0.origin == .anotherProcess }, "its own write is not another process's: \(changes)")
    }

    @Test("removing health samples (issue 37's health remove) is reported as a change of health",
          arguments: AdapterKind.allCases)
    func healthRemoved(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let wellness = try Self.wellness(on: store.repositories)
        let start = Fixtures.instant("2026-03-26T08:00:00+01:00")
        _ = try await store.health.importSamples { inserter in
            try inserter.insert([HealthSample(kind: .steps, source: "Phone", start: start,
                                              end: start.addingTimeInterval(600), value: 800)])
        }
        let collector = ChangeCollector(try wellness.changes())
        defer { collector.stop() }
        #expect(try await wellness.health.remove(.all) == 1)
        let changes = await collector.wait(for: HealthRecords.collection)
        #expect(changes.contains { $0.origin == .thisProcess && $0.touches(HealthRecords.collection) }, "\(changes)")
    }

    @Test("a record of an app's own kind is reported with its identity", arguments: AdapterKind.allCases)
    func ownKindNamesTheRecord(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let collector = ChangeCollector(try store.repositories.changes.changes())
        defer { collector.stop() }
        let intakes = store.records.repository(for: WaterIntakeRecords.self)
        let intake = WaterIntakeRecords.samples[0]
        try await intakes.save(intake)
        let changes = await collector.wait(for: WaterIntakeRecords.collection)
        #expect(changes.contains { $0.records[WaterIntakeRecords.collection] == ["2026-11-21"] }, "\(changes)")
    }

    @Test("another handle's write to the same files is reported as another process's, at the next poll",
          arguments: [AdapterKind.jsonFile, .sqlite])
    func anotherHandle(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let other = try Self.wellness(on: try kind.reopen(store).repositories)
        let collector = ChangeCollector(try store.repositories.changes.changes(pollingEvery: .milliseconds(20)))
        defer { collector.stop() }
        // Written at once after subscribing: the starting point was taken when subscribing.
        try await other.moods.log(score: 2)
        let changes = await collector.wait { $0.contains { $0.origin == .anotherProcess } }
        let foreign = try #require(changes.first { $0.origin == .anotherProcess }, "\(changes)")
        #expect(foreign.touches(MoodRecords.collection))
        if kind == .jsonFile {
            #expect(foreign.collections == [MoodRecords.collection], "JSON files tell which file changed")
        }
        #expect(!changes.contains { $0.origin == .thisProcess }, "\(changes)")
    }

    @Test("nothing changes, nothing is reported: its own writes are not mistaken for another process's",
          arguments: [AdapterKind.jsonFile, .sqlite])
    func quietStore(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let wellness = try Self.wellness(on: store.repositories)
        try await wellness.moods.log(score: 3)
        let collector = ChangeCollector(try wellness.changes(pollingEvery: .milliseconds(10)))
        defer { collector.stop() }
        try await wellness.moods.log(score: 5)
        await collector.wait(for: MoodRecords.collection)
        // Several polls later, still only the one own write.
        try await Task.sleep(for: .milliseconds(200))
        let changes = await collector.changes
        #expect(changes.count == 1 && changes.first?.origin == .thisProcess, "\(changes)")
    }

    @Test("every subscriber gets every change; a stopped one ends and is let go", arguments: AdapterKind.allCases)
    func subscribersAndCancellation(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let wellness = try Self.wellness(on: store.repositories)
        let first = ChangeCollector(try wellness.changes())
        let second = ChangeCollector(try wellness.changes())
        #expect(store.repositories.changes.subscriberCount == 2)
        try await wellness.moods.log(score: 4)
        #expect(await first.wait(for: MoodRecords.collection).count == 1)
        #expect(await second.wait(for: MoodRecords.collection).count == 1)

        first.stop()
        #expect(await first.waitUntilFinished())
        #expect(store.repositories.changes.subscriberCount == 1)
        try await wellness.moods.log(score: 5)
        #expect(await second.wait { $0.count == 2 }.count == 2)
        #expect(await first.changes.count == 1, "a stopped subscriber hears nothing more")
        second.stop()
    }

    @Test("a restore tells that anything may have changed", arguments: AdapterKind.allCases)
    func restoreReportsEverything(kind: AdapterKind) async throws {
        let source = try AdapterKind.inMemory.makeStore()
        try await FilledStore.fill(source.repositories)
        let archive = ByteSink()
        try await BackUpStore(stores: source.repositories).execute(to: archive.append)
        let store = try kind.makeStore()
        let collector = ChangeCollector(try store.repositories.changes.changes())
        defer { collector.stop() }
        _ = try await RestoreStore(stores: store.repositories).execute(from: InMemoryByteSource(archive.bytes))
        let changes = await collector.wait { $0.contains { $0.collections == nil || $0.touches(JournalRecords.collection) } }
        #expect(changes.contains { $0.touches(JournalRecords.collection) }, "\(changes)")
    }

    @Test("a sync's writes are reported as the sync's", arguments: AdapterKind.allCases)
    func syncOrigin(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let wellness = try Self.wellness(on: store.repositories)
        let collector = ChangeCollector(try wellness.changes())
        defer { collector.stop() }
        try await store.repositories.changes.attributing(to: .sync) {
            try await wellness.moods.log(score: 1)
        }
        try await wellness.moods.log(score: 2)
        let changes = await collector.wait { $0.count == 2 }
        #expect(changes.map(\.origin) == [.sync, .thisProcess], "\(changes)")
    }

    @Test("reading today's summary again writes nothing, so a screen that reloads on change settles",
          arguments: AdapterKind.allCases)
    func summaryIsQuiet(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let wellness = try Self.wellness(on: store.repositories)
        _ = try await wellness.todaySummary()  // a first run may seed the stack and the modules
        let collector = ChangeCollector(try wellness.changes())
        defer { collector.stop() }
        _ = try await wellness.todaySummary()
        try await wellness.moods.log(score: 3)
        let changes = await collector.wait(for: MoodRecords.collection)
        #expect(changes.count == 1 && changes.first?.touches(MoodRecords.collection) == true, "\(changes)")
    }
}

/// The `@Observable` summary an app binds a screen to (Observation: macOS 14, iOS 17 and later).
@Suite("TodaySummaryModel")
@MainActor
struct TodaySummaryModelTests {
    @Test("loads the summary, reloads it after a write, and stops with its task", arguments: AdapterKind.allCases)
    func reloadsOnChange(kind: AdapterKind) async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = try kind.makeStore()
        let wellness = try StoreChangesTests.wellness(on: store.repositories)
        let model = TodaySummaryModel(wellness: wellness)
        #expect(model.summary == nil)
        let observing = Task { await model.observe(pollingEvery: .milliseconds(20)) }
        #expect(await Self.eventually { model.summary != nil }, "loads: \(model.loads), failure: \(String(describing: model.failure))")
        #expect(model.summary?.goals.isEmpty == true, "\(String(describing: model.summary))")

        _ = try await wellness.goals.add(title: "Walk more")
        #expect(await Self.eventually { model.summary?.goals.map(\.goal.title) == ["Walk more"] },
                "\(String(describing: model.summary?.goals))")

        observing.cancel()
        await observing.value
        let loads = model.loads
        _ = try await wellness.goals.add(title: "Sleep earlier")
        try await Task.sleep(for: .milliseconds(100))
        #expect(model.loads == loads, "a cancelled model loads nothing more")
        #expect(store.repositories.changes.subscriberCount == 0)
        #expect(model.failure == nil)
    }

    @Test("a write by another handle of the same SQLite store reloads it too")
    func reloadsOnAnotherProcessesWrite() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = try AdapterKind.sqlite.makeStore()
        let other = try StoreChangesTests.wellness(on: try AdapterKind.sqlite.reopen(store).repositories)
        let model = TodaySummaryModel(wellness: try StoreChangesTests.wellness(on: store.repositories))
        let observing = Task { await model.observe(pollingEvery: .milliseconds(20)) }
        defer { observing.cancel() }
        #expect(await Self.eventually { model.summary != nil }, "loads: \(model.loads), failure: \(String(describing: model.failure))")
        _ = try await other.goals.add(title: "Stretch")
        #expect(await Self.eventually { model.summary?.goals.map(\.goal.title) == ["Stretch"] })
    }

    /// Whether `condition` holds within 30,000 checks 10 ms apart (at most 300 s): counted, so a
    /// crowded machine gives the model as many turns. A summary is a dozen reads, each a hop off
    /// the main actor and back; early in the whole suite, with every test's jobs queued on two
    /// cooperative threads, the first load was seen to take 110 s (and 120 s was not always
    /// enough), where alone it takes half a second.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(300)
        for _ in 0..<30_000 where Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
