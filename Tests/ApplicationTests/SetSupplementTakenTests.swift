import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("SetSupplementTaken")
struct SetSupplementTakenTests {
    let today = Fixtures.day("2026-03-01")

    static func defaultID(_ name: String) throws -> Supplement.ID {
        try #require(SupplementStack.defaults.first { $0.name == name }).id
    }

    @Test("marks a supplement taken by name, ignoring case, for today, saved at once")
    func byName() async throws {
        let world = TestWorld()
        let log = try await world.setSupplementTaken.execute("vitamin d3", taken: true)
        #expect(log.supplementID == (try Self.defaultID("Vitamin D3")))
        #expect(log.day == today)
        #expect(log.taken)
        #expect(log.timestamp == world.now)
        #expect(await world.supplements.logs(on: today...today) == [log])
        #expect(await world.supplements.stack().isSeeded)
    }

    @Test("finds a supplement by id prefix and by full id")
    func byID() async throws {
        let world = TestWorld()
        let zinc = try Self.defaultID("Zinc")
        let byPrefix = try await world.setSupplementTaken.execute(String(zinc.description.prefix(8)), taken: true)
        #expect(byPrefix.supplementID == zinc)
        let byFullID = try await world.setSupplementTaken.execute(zinc.description.uppercased(), taken: false,
                                                                  day: today.adding(days: -1))
        #expect(byFullID.supplementID == zinc)
    }

    @Test("untaking replaces the day's log: one log per supplement and day")
    func untake() async throws {
        let world = TestWorld()
        try await world.setSupplementTaken.execute("Zinc", taken: true)
        world.clock.set(world.now.addingTimeInterval(3600))
        let untaken = try await world.setSupplementTaken.execute("Zinc", taken: false)
        #expect(await world.supplements.logs(on: today...today) == [untaken])
        #expect(try await world.listSupplements.execute().first { $0.supplement.name == "Zinc" }?.taken == false)
    }

    @Test("an explicit day is used as given")
    func explicitDay() async throws {
        let world = TestWorld()
        let day = Fixtures.day("2026-02-14")
        let log = try await world.setSupplementTaken.execute("Zinc", taken: true, day: day)
        #expect(log.day == day)
        #expect(await world.supplements.logs(on: day...day) == [log])
        #expect(await world.supplements.logs(on: today...today).isEmpty)
    }

    @Test("an unknown supplement is refused listing the names, and nothing is logged")
    func unknown() async throws {
        let world = TestWorld()
        let error = try await #require(throws: InvalidValue.self) {
            try await world.setSupplementTaken.execute("Iron", taken: true)
        }
        #expect(error.kind == .supplement)
        #expect(error.value == "Iron")
        #expect(error.valid.count == SupplementStack.defaults.count)
        #expect(await world.supplements.logs(on: today.adding(days: -1)...today.adding(days: 1)).isEmpty)
    }

    @Test("the default day is today in the person's time zone, near midnight")
    func defaultDay() async throws {
        let world = TestWorld(now: "2026-03-02T04:30:00Z", zone: "America/New_York")
        let log = try await world.setSupplementTaken.execute("Zinc", taken: true)
        #expect(log.day == Fixtures.day("2026-03-01"))
    }
}
