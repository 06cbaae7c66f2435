import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("CompleteIntervention")
struct CompleteInterventionTests {
    @Test("ticking off now: a tracked completion at now, on today")
    func now() async throws {
        let world = TestWorld()
        let completion = try await world.completeIntervention.execute("morning_light")
        #expect(completion.interventionID == "morning_light")
        #expect(completion.timestamp == world.now)
        #expect(completion.day == Fixtures.day("2026-03-01"))
        #expect(completion.count == 1)
        #expect(completion.source == .tracked)
        #expect(await world.logged(around: "2026-03-01").completions == [completion])
    }

    @Test("a counter takes a count from 1 to 1000", arguments: [1, 3, 1000])
    func counter(count: Int) async throws {
        let world = TestWorld()
        let completion = try await world.completeIntervention.execute("hydration_morning", count: count)
        #expect(completion.count == count)
    }

    @Test("a count outside 1...1000 is refused", arguments: [0, -3, 1001])
    func invalidCount(count: Int) async throws {
        let world = TestWorld()
        await #expect(throws: InterventionError.invalidCount(count)) {
            try await world.completeIntervention.execute("hydration_morning", count: count)
        }
        #expect(await world.logged(around: "2026-03-01").completions.isEmpty)
    }

    @Test("a count on a binary or timer item is refused",
          arguments: [("walk_after_lunch", TrackingType.binary), ("morning_light", .timer), ("checkup", .appointment)])
    func countNotApplicable(id: String, type: TrackingType) async throws {
        let world = TestWorld()
        await #expect(throws: InterventionError.countNotApplicable(Intervention.ID(id), type)) {
            try await world.completeIntervention.execute(Intervention.ID(id), count: 2)
        }
    }

    @Test("an unknown id is refused, listing the catalog's ids")
    func unknown() async throws {
        let world = TestWorld()
        let error = await #expect(throws: InvalidValue.self) {
            try await world.completeIntervention.execute("nope")
        }
        #expect(error == InvalidValue(kind: .intervention, value: "nope",
                                      valid: TestWorld.sampleCatalog.map(\.id.rawValue)))
        #expect(english(error).contains("nope") == true)
        #expect(english(error).contains("hydration_morning, morning_light, exercise_timing") == true)
    }

    @Test("a moment more than the allowed skew in the future is refused; now plus the skew is fine")
    func future() async throws {
        let world = TestWorld()
        let later = world.now.addingTimeInterval(CivilTime.allowedSkew + 1)
        let error = await #expect(throws: TimeProblem.self) {
            try await world.completeIntervention.execute("morning_light", at: later)
        }
        #expect(error == .inFuture(Timestamp.format(later, offsetIn: world.calendar.timeZone)))
        #expect(english(error).contains("in the future") == true)
        #expect(await world.logged(around: "2026-03-01").completions.isEmpty)
        let atNow = try await world.completeIntervention.execute("morning_light", at: world.now)
        #expect(atNow.timestamp == world.now)
        let skewed = world.now.addingTimeInterval(CivilTime.allowedSkew)
        #expect(try await world.completeIntervention.execute("morning_light", at: skewed).timestamp == skewed)
    }

    @Test("a back-dated completion counts for that moment's local day and takes the card out of the deck")
    func backDated() async throws {
        let world = TestWorld()
        #expect(try await world.deckIDs().contains("walk_after_lunch@2026-02-28"))
        let moment = Fixtures.instant("2026-02-28T13:15:00+01:00")
        let completion = try await world.completeIntervention.execute("walk_after_lunch", at: moment)
        #expect(completion.day == Fixtures.day("2026-02-28"))
        #expect(completion.timestamp == moment)
        #expect(completion.source == .tracked)
        let deck = try await world.deckIDs()
        #expect(!deck.contains("walk_after_lunch@2026-02-28"))
        #expect(deck.count == 6)
    }

    @Test("the local day is the injected zone's, not UTC's", arguments: [
        ("Europe/Amsterdam", "2026-02-28T22:30:00Z", "2026-02-28"), // 23:30 CET
        ("Europe/Amsterdam", "2026-02-28T23:30:00Z", "2026-03-01"), // 00:30 CET
        ("America/Los_Angeles", "2026-03-01T07:30:00Z", "2026-02-28"), // 23:30 PST
        ("Asia/Tokyo", "2026-02-28T15:30:00Z", "2026-03-01"), // 00:30 JST
    ])
    func localDay(zone: String, moment: String, day: String) async throws {
        let world = TestWorld(now: "2026-03-01T18:00:00Z", zone: zone)
        let completion = try await world.completeIntervention.execute("mindfulness_prebed",
                                                                      at: Fixtures.instant(moment))
        #expect(completion.day == Fixtures.day(day))
    }

    @Test("a late-evening pre-bed completion removes yesterday's card; one after midnight does not")
    func aroundMidnight() async throws {
        let world = TestWorld()
        try await world.completeIntervention.execute("mindfulness_prebed",
                                                     at: Fixtures.instant("2026-03-01T00:30:00+01:00"))
        #expect(try await world.deckIDs().contains("mindfulness_prebed@2026-02-28"))
        try await world.completeIntervention.execute("mindfulness_prebed",
                                                     at: Fixtures.instant("2026-02-28T22:30:00+01:00"))
        #expect(!(try await world.deckIDs().contains("mindfulness_prebed@2026-02-28")))
    }
}
