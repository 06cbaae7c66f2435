import Foundation
import Testing
import WellnessApplication
import WellnessComposition
import WellnessTestSupport

/// `Wellness.due()` and `newlyDue()` on an in-memory store with a fixed clock in Amsterdam: what
/// is due across the trackers, oldest first, and each item once from `newlyDue()`.
@Suite("What is due")
struct DueTests {
    static func at(_ iso: String) -> Date { Fixtures.instant(iso) }

    /// A store with one morning and one evening supplement (the default stack made inactive) and
    /// walks planned at 07:30 and 18:00, on a clock at 06:00 on 2026-03-29 (the night the clocks
    /// went forward in Amsterdam).
    static func store() async throws -> (wellness: Wellness, clock: FixedWallClock) {
        let clock = FixedWallClock(at("2026-03-29T04:00:00Z"))
        let wellness = try Wellness(repositories: .inMemory(), clock: clock, calendar: Fixtures.calendar())
        for status in try await wellness.supplements.list() {
            _ = try await wellness.supplements.edit(status.supplement.id.description, isActive: false)
        }
        _ = try await wellness.supplements.add(name: "Turmeric", timeOfDay: .morning, dosage: "1")
        _ = try await wellness.supplements.add(name: "Iron", timeOfDay: .evening, dosage: "1")
        try await wellness.walks.plan([WallTime("07:30")!, WallTime("18:00")!])
        return (wellness, clock)
    }

    static func described(_ items: [DueItem]) -> [String] {
        items.map { "\($0.kind.rawValue) \($0.name) \(Timestamp.format($0.since))" }
    }

    @Test("nothing is due before its time; then the walk, the supplements and the check-in, oldest first, each until done")
    func dueOverTheDay() async throws {
        let (wellness, clock) = try await Self.store()
        #expect(try await wellness.due().isEmpty, "06:00 local: nothing yet")
        clock.set(Self.at("2026-03-29T06:00:00Z")) // 08:00 local (summer time)
        #expect(Self.described(try await wellness.due()) == ["walk 07:30 2026-03-29T05:30:00.000Z"])
        try await wellness.walks.add(minutes: 20)
        #expect(try await wellness.due().isEmpty, "walked")
        clock.set(Self.at("2026-03-29T18:30:00Z")) // 20:30 local
        #expect(Self.described(try await wellness.due()) == [
            "supplement Turmeric 2026-03-29T07:00:00.000Z", "walk 18:00 2026-03-29T16:00:00.000Z",
            "supplement Iron 2026-03-29T18:00:00.000Z", "checkin  2026-03-29T18:00:00.000Z",
        ])
        _ = try await wellness.supplements.setTaken("Turmeric", taken: true)
        _ = try await wellness.drift.checkIn(energy: 3, stress: 3, social: 3)
        #expect(Self.described(try await wellness.due()) == [
            "walk 18:00 2026-03-29T16:00:00.000Z", "supplement Iron 2026-03-29T18:00:00.000Z",
        ])
    }

    @Test("newlyDue gives each item once: all that is due the first time, then only what fell due since")
    func newOnce() async throws {
        let (wellness, clock) = try await Self.store()
        clock.set(Self.at("2026-03-29T06:00:00Z"))
        #expect(Self.described(try await wellness.newlyDue()) == ["walk 07:30 2026-03-29T05:30:00.000Z"])
        #expect(try await wellness.newlyDue().isEmpty, "nothing fell due since")
        clock.set(Self.at("2026-03-29T07:05:00Z"))
        #expect(Self.described(try await wellness.newlyDue()) == ["supplement Turmeric 2026-03-29T07:00:00.000Z"])
        #expect(Self.described(try await wellness.due()) == [
            "walk 07:30 2026-03-29T05:30:00.000Z", "supplement Turmeric 2026-03-29T07:00:00.000Z",
        ], "due still lists everything open")
    }

    @Test("a switched-off walks module puts no walk on the list; its plan comes back with it")
    func moduleOff() async throws {
        let (wellness, clock) = try await Self.store()
        clock.set(Self.at("2026-03-29T06:00:00Z"))
        _ = try await wellness.modules.setEnabled([.walks], enabled: false)
        #expect(try await wellness.due().isEmpty)
        await #expect(throws: ModuleOffError.off(.walks)) { try await wellness.walks.add() }
        _ = try await wellness.modules.setEnabled([.walks], enabled: true)
        #expect(Self.described(try await wellness.due()) == ["walk 07:30 2026-03-29T05:30:00.000Z"])
    }

    @Test("due only reads: a store whose supplements were never used is not seeded, and has no supplement due")
    func readsOnly() async throws {
        let clock = FixedWallClock(Self.at("2026-03-29T19:00:00Z"))
        let repositories = WellnessRepositories.inMemory()
        let wellness = try Wellness(repositories: repositories, clock: clock, calendar: Fixtures.calendar())
        #expect(Self.described(try await wellness.due()) == ["checkin  2026-03-29T18:00:00.000Z"])
        #expect(try await repositories.supplements.stack().isSeeded == false)
        _ = try await wellness.newlyDue()
        #expect(try await wellness.backups.contents().counts.total == 0, "what due --new said is no record of the person's")
    }

    @Test("an app that swaps the module settings still sees a walk's use there (the records first, then the use)")
    func swappedModuleSettings() async throws {
        let clock = FixedWallClock(Self.at("2026-03-29T06:00:00Z"))
        var repositories = WellnessRepositories.inMemory()
        #expect(repositories.modulesKeptWithRecords)
        let own = InMemoryModuleSettingsRepository()
        repositories.moduleSettings = own
        #expect(!repositories.modulesKeptWithRecords)
        let wellness = try Wellness(repositories: repositories, clock: clock, calendar: Fixtures.calendar())
        try await wellness.walks.add(minutes: 30)
        #expect(await own.load()?.entry(for: .walks).lastUsed == Self.at("2026-03-29T06:00:00Z"))
        #expect(try await wellness.walks.list(days: 1).count == 1)
    }
}
