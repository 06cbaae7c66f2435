import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("RecordDecision")
struct RecordDecisionTests {
    let yesterday = Fixtures.day("2026-02-28")

    @Test("done: the decision, and a catch-up completion at local noon of that day with the count")
    func done() async throws {
        let world = TestWorld()
        let decision = try await world.recordDecision.execute("hydration_morning", day: yesterday, status: .done,
                                                              count: 3)
        #expect(decision == InterventionDecision(interventionID: "hydration_morning", day: yesterday, status: .done,
                                                 count: 3, updatedAt: world.now))
        let logged = await world.logged(around: "2026-02-28")
        #expect(logged.decisions == [decision])
        let completion = try #require(logged.completions.first)
        #expect(logged.completions.count == 1)
        #expect(completion.interventionID == "hydration_morning")
        #expect(completion.day == yesterday)
        #expect(completion.timestamp == Fixtures.instant("2026-02-28T12:00:00+01:00"))
        #expect(completion.count == 3)
        #expect(completion.source == .catchUp)
    }

    @Test("noon is local noon, also on DST days and west of UTC", arguments: [
        ("Europe/Amsterdam", "2026-03-30T09:00:00+02:00", "2026-03-29", "2026-03-29T12:00:00+02:00"),
        ("Europe/Amsterdam", "2026-10-26T09:00:00+01:00", "2026-10-25", "2026-10-25T12:00:00+01:00"),
        ("America/Los_Angeles", "2026-03-09T09:00:00-07:00", "2026-03-08", "2026-03-08T12:00:00-07:00"),
        ("America/Los_Angeles", "2026-11-02T09:00:00-08:00", "2026-11-01", "2026-11-01T12:00:00-08:00"),
        ("Pacific/Auckland", "2026-01-16T09:00:00+13:00", "2026-01-15", "2026-01-15T12:00:00+13:00"),
    ])
    func localNoon(zone: String, now: String, day: String, noon: String) async throws {
        let world = TestWorld(now: now, zone: zone)
        try await world.recordDecision.execute("walk_after_lunch", day: Fixtures.day(day), status: .done)
        let completions = await world.logged(around: day).completions
        #expect(completions.map(\.timestamp) == [Fixtures.instant(noon)])
        #expect(completions.map(\.day) == [Fixtures.day(day)])
    }

    @Test("skipped: the decision only, no completion")
    func skipped() async throws {
        let world = TestWorld()
        let decision = try await world.recordDecision.execute("walk_after_lunch", day: yesterday, status: .skipped)
        #expect(decision.status == .skipped)
        #expect(decision.interventionID == "walk_after_lunch")
        #expect(decision.day == yesterday)
        let logged = await world.logged(around: "2026-02-28")
        #expect(logged.decisions == [decision])
        #expect(logged.completions.isEmpty)
    }

    @Test("deciding again replaces the decision and the earlier catch-up completion", arguments: [
        (InterventionDecision.Status.done, 3, InterventionDecision.Status.done, 5),
        (.done, 3, .skipped, 1),
        (.skipped, 1, .done, 4),
        (.skipped, 1, .skipped, 1),
    ])
    func decideAgain(first: InterventionDecision.Status, firstCount: Int, second: InterventionDecision.Status,
                     secondCount: Int) async throws {
        let world = TestWorld()
        try await world.recordDecision.execute("hydration_morning", day: yesterday, status: first, count: firstCount)
        world.set(now: "2026-03-01T11:00:00+01:00")
        let latest = try await world.recordDecision.execute("hydration_morning", day: yesterday, status: second,
                                                            count: secondCount)
        let logged = await world.logged(around: "2026-02-28")
        #expect(logged.decisions == [latest])
        #expect(latest.updatedAt == Fixtures.instant("2026-03-01T11:00:00+01:00"))
        #expect(logged.completions.map(\.count) == (second == .done ? [secondCount] : []))
        #expect(logged.completions.allSatisfy { $0.source == .catchUp })
    }

    @Test("deciding leaves completions logged as they happened, and other days, untouched")
    func trackedUntouched() async throws {
        let world = TestWorld()
        let tracked = try await world.completeIntervention.execute(
            "hydration_morning", count: 2, at: Fixtures.instant("2026-02-28T08:00:00+01:00"))
        try await world.recordDecision.execute("hydration_morning", day: Fixtures.day("2026-02-27"), status: .done)
        try await world.recordDecision.execute("hydration_morning", day: yesterday, status: .done)
        try await world.recordDecision.execute("hydration_morning", day: yesterday, status: .skipped)
        let logged = await world.logged(around: "2026-02-28")
        #expect(logged.completions.count == 2)
        #expect(logged.completions.contains(tracked))
        #expect(logged.completions.contains { $0.day == Fixtures.day("2026-02-27") && $0.source == .catchUp })
        #expect(logged.decisions.map(\.status) == [.done, .skipped])
    }

    @Test("a count outside 1...1000 is refused and nothing is written", arguments: [0, -1, 1001, Int.max, Int.min])
    func invalidCount(count: Int) async throws {
        let world = TestWorld()
        await #expect(throws: InterventionError.invalidCount(count)) {
            try await world.recordDecision.execute("hydration_morning", day: yesterday, status: .done, count: count)
        }
        let logged = await world.logged(around: "2026-02-28")
        #expect(logged.completions.isEmpty)
        #expect(logged.decisions.isEmpty)
    }

    @Test("the bounds of the count are accepted for a counter", arguments: [1, 1000])
    func countBounds(count: Int) async throws {
        let world = TestWorld()
        try await world.recordDecision.execute("stress_reduction", day: yesterday, status: .done, count: count)
        #expect(await world.logged(around: "2026-02-28").completions.map(\.count) == [count])
    }

    @Test("a count on an item that is not a counter is refused",
          arguments: [("walk_after_lunch", TrackingType.binary), ("morning_light", .timer)])
    func countOnNonCounter(id: String, type: TrackingType) async throws {
        let world = TestWorld()
        let error = await #expect(throws: InterventionError.self) {
            try await world.recordDecision.execute(Intervention.ID(id), day: yesterday, status: .done, count: 2)
        }
        #expect(error == .countNotApplicable(Intervention.ID(id), type))
        #expect(english(error).contains("counters only") == true)
        #expect(await world.logged(around: "2026-02-28").decisions.isEmpty)
    }

    @Test("an unknown intervention is refused, listing the catalog")
    func unknown() async throws {
        let world = TestWorld()
        await #expect(throws: InvalidValue(kind: .intervention, value: "nope",
                                           valid: TestWorld.sampleCatalog.map(\.id.rawValue))) {
            try await world.recordDecision.execute("nope", day: yesterday, status: .skipped)
        }
    }

    @Test("the invalid-count message tells the range")
    func invalidCountMessage() {
        #expect(english(InterventionError.invalidCount(0)).contains("from 1 to 1000") == true)
        #expect(InterventionLimits.maximumCount == 1000)
    }
}
