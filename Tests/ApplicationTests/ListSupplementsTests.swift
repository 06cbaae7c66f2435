import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("ListSupplements")
struct ListSupplementsTests {
    let today = Fixtures.day("2026-03-01")

    @Test("the first use seeds the default stack: morning first, by sort order, none taken")
    func seedsOnFirstUse() async throws {
        let world = TestWorld()
        #expect(await world.supplements.stack() == SupplementStack())
        let statuses = try await world.listSupplements.execute()
        let expected = SupplementStack.defaults.sorted(by: Supplement.displayOrder)
        #expect(statuses.map(\.supplement) == expected)
        #expect(statuses.allSatisfy { !$0.taken && $0.recordedAt == nil })
        let times = statuses.map(\.supplement.timeOfDay)
        #expect(times == times.sorted())
        #expect(times.first == .morning && times.last == .evening)
        let stored = await world.supplements.stack()
        #expect(stored.isSeeded)
        #expect(stored.supplements == expected)
    }

    @Test("listing again does not seed twice")
    func listingTwice() async throws {
        let world = TestWorld()
        let first = try await world.listSupplements.execute()
        let second = try await world.listSupplements.execute(day: today.adding(days: -3))
        #expect(first.map(\.supplement) == second.map(\.supplement))
        #expect(await world.supplements.stack().supplements.count == SupplementStack.defaults.count)
    }

    @Test("the state of any day is restored exactly, later")
    func stateRestored() async throws {
        let world = TestWorld()
        let takenAt = world.now
        try await world.setSupplementTaken.execute("Vitamin D3", taken: true)
        try await world.setSupplementTaken.execute("zinc", taken: true)
        try await world.setSupplementTaken.execute("Omega-3 fish oil", taken: true, day: today.adding(days: -1))
        let before = try await world.listSupplements.execute(day: today)

        world.advance(days: 1)
        let untakenAt = world.now
        try await world.setSupplementTaken.execute("Omega-3 fish oil", taken: true)
        try await world.setSupplementTaken.execute("zinc", taken: false, day: today)
        world.advance(days: 100)

        let restored = try await world.listSupplements.execute(day: today)
        let state = Dictionary(uniqueKeysWithValues: restored.map { ($0.supplement.name, $0) })
        #expect(state["Vitamin D3"]?.taken == true)
        #expect(state["Vitamin D3"]?.recordedAt == takenAt)
        #expect(state["Zinc"]?.taken == false)
        #expect(state["Zinc"]?.recordedAt == untakenAt)
        #expect(restored.filter(\.taken).map(\.supplement.name) == ["Vitamin D3"])
        #expect(before.filter(\.taken).map(\.supplement.name) == ["Vitamin D3", "Zinc"])

        let nextDay = try await world.listSupplements.execute(day: today.adding(days: 1))
        #expect(nextDay.filter(\.taken).map(\.supplement.name) == ["Omega-3 fish oil"])
        let dayBefore = try await world.listSupplements.execute(day: today.adding(days: -1))
        #expect(dayBefore.filter(\.taken).map(\.supplement.name) == ["Omega-3 fish oil"])
        #expect(try await world.listSupplements.execute().allSatisfy { !$0.taken })
    }

    @Test("an inactive supplement is still listed, marked inactive")
    func inactiveListed() async throws {
        let world = TestWorld()
        _ = try await world.editSupplement.execute("Zinc", isActive: false)
        let statuses = try await world.listSupplements.execute()
        #expect(statuses.count == SupplementStack.defaults.count)
        #expect(statuses.first { $0.supplement.name == "Zinc" }?.supplement.isActive == false)
    }

    @Test("deleting every supplement later never brings the defaults back")
    func noReseed() async throws {
        let world = TestWorld()
        for status in try await world.listSupplements.execute() {
            try await world.removeSupplement.execute(status.supplement.name)
        }
        #expect(try await world.listSupplements.execute().isEmpty)
        world.advance(days: 30)
        #expect(try await world.listSupplements.execute().isEmpty)
        let stored = await world.supplements.stack()
        #expect(stored.isSeeded && stored.supplements.isEmpty)

        let added = try await world.addSupplement.execute(name: "Iron", timeOfDay: .morning, dosage: "14 mg")
        #expect(try await world.listSupplements.execute().map(\.supplement) == [added])
    }

    @Test("the default day is today in the person's time zone")
    func defaultDay() async throws {
        let world = TestWorld(now: "2026-03-01T23:30:00Z", zone: "Europe/Amsterdam")
        try await world.setSupplementTaken.execute("Zinc", taken: true)
        #expect(await world.supplements.logs(on: Fixtures.day("2026-03-02")...Fixtures.day("2026-03-02")).count == 1)
        #expect(try await world.listSupplements.execute().filter(\.taken).map(\.supplement.name) == ["Zinc"])
        #expect(try await world.listSupplements.execute(day: Fixtures.day("2026-03-01")).allSatisfy { !$0.taken })
    }
}
