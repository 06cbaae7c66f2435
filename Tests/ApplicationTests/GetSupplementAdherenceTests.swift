import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("GetSupplementAdherence")
struct GetSupplementAdherenceTests {
    let today = Fixtures.day("2026-03-01")

    /// Takes `name` on each of the given days ago.
    func take(_ name: String, daysAgo: [Int], in world: TestWorld) async throws {
        for offset in daysAgo {
            try await world.setSupplementTaken.execute(name, taken: true, day: today.adding(days: -offset))
        }
    }

    @Test("per supplement and overall over the last 7 and 30 days")
    func windows() async throws {
        let world = TestWorld()
        try await take("Vitamin D3", daysAgo: Array(0..<30), in: world)
        try await take("Zinc", daysAgo: [0, 2, 4, 10, 20, 30, 31], in: world)
        try await world.setSupplementTaken.execute("Zinc", taken: false, day: today.adding(days: -1))
        let count = SupplementStack.defaults.count

        let week = try await world.supplementAdherence.execute(days: 7)
        #expect(week.days == 7)
        #expect(week.from == today.adding(days: -6))
        #expect(week.through == today)
        #expect(week.entries.map(\.supplement) == SupplementStack.defaults.sorted(by: Supplement.displayOrder))
        let weekly = Dictionary(uniqueKeysWithValues: week.entries.map { ($0.supplement.name, $0.takenDays) })
        #expect(weekly["Vitamin D3"] == 7)
        #expect(weekly["Zinc"] == 3)
        #expect(weekly.values.reduce(0, +) == 10)
        #expect(abs(week.overall - 10.0 / Double(7 * count)) < 1e-12)

        let month = try await world.supplementAdherence.execute(days: 30)
        let monthly = Dictionary(uniqueKeysWithValues: month.entries.map { ($0.supplement.name, $0.takenDays) })
        #expect(monthly["Vitamin D3"] == 30)
        #expect(monthly["Zinc"] == 5)
        #expect(month.entries.first { $0.supplement.name == "Zinc" }?.rate == 5.0 / 30)
        #expect(abs(month.overall - 35.0 / Double(30 * count)) < 1e-12)
        #expect(try await world.supplementAdherence.execute() == week)
    }

    @Test("inactive supplements are left out")
    func inactiveExcluded() async throws {
        let world = TestWorld()
        try await take("Zinc", daysAgo: [0, 1], in: world)
        _ = try await world.editSupplement.execute("Zinc", isActive: false)
        let week = try await world.supplementAdherence.execute(days: 7)
        #expect(!week.entries.contains { $0.supplement.name == "Zinc" })
        #expect(week.entries.count == SupplementStack.defaults.count - 1)
        #expect(week.overall == 0)
    }

    @Test("a fresh store reads as 0% for the default stack")
    func fresh() async throws {
        let world = TestWorld()
        let week = try await world.supplementAdherence.execute()
        #expect(week.entries.count == SupplementStack.defaults.count)
        #expect(week.overall == 0)
    }

    @Test("a window other than 7 or 30 days is refused listing 7 and 30", arguments: [14, 0, 1, -7, 31, 365])
    func invalidWindow(days: Int) async {
        let world = TestWorld()
        await #expect(throws: InvalidValue(kind: .adherenceWindow, value: "\(days)", valid: ["7", "30"])) {
            try await world.supplementAdherence.execute(days: days)
        }
    }
}
