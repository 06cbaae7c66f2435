import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("DecideCatchUpCard")
struct DecideCatchUpCardTests {
    /// The deck of the default world (1 March 2026, 10:00 in Amsterdam).
    static let deck = [
        "hydration_morning@2026-02-28", "morning_light@2026-02-28", "walk_after_lunch@2026-02-28",
        "stress_reduction@2026-02-28", "exercise_timing@2026-02-28", "vegetables_dinner@2026-02-28",
        "mindfulness_prebed@2026-02-28",
    ]

    @Test("a card not in the deck is refused, listing the deck's cards", arguments: [
        ("hydration_morning", "2026-03-01"), // this morning has not ended
        ("hydration_morning", "2026-02-27"), // older than 24 hours
        ("bedroom_cool", "2026-02-28"), // a checklist
        ("supplements", "2026-02-28"), // anytime
    ])
    func notInDeck(id: String, day: String) async throws {
        let world = TestWorld()
        let error = await #expect(throws: InterventionError.self) {
            try await world.decideCatchUpCard.execute(Intervention.ID(id), day: Fixtures.day(day), status: .done)
        }
        #expect(error == .notInDeck(Intervention.ID(id), Fixtures.day(day), deck: Self.deck))
        let message = english(error)
        #expect(message.contains("\(id) on \(day)"))
        #expect(message.contains(Self.deck.joined(separator: ", ")))
        let logged = await world.logged(around: "2026-03-01")
        #expect(logged.decisions.isEmpty)
        #expect(logged.completions.isEmpty)
    }

    @Test("an id outside the catalog is refused as unknown, listing the catalog's ids")
    func unknownID() async throws {
        let world = TestWorld()
        let error = await #expect(throws: InvalidValue.self) {
            try await world.decideCatchUpCard.execute("nope", day: Fixtures.day("2026-02-28"), status: .done)
        }
        #expect(error?.value == "nope")
        #expect(error?.valid == world.catalog.items.map(\.id.rawValue))
        #expect(await world.logged(around: "2026-03-01").decisions.isEmpty)
    }

    @Test("with an empty deck the message says none")
    func emptyDeck() async throws {
        let world = TestWorld(now: "2026-03-01T04:00:00+01:00", catalog: [
            Intervention(id: "supplements", title: "Supplements", sections: [.anytime], trackingType: .binary),
        ])
        let error = await #expect(throws: InterventionError.self) {
            try await world.decideCatchUpCard.execute("supplements", day: Fixtures.day("2026-02-28"), status: .done)
        }
        #expect(error == .notInDeck("supplements", Fixtures.day("2026-02-28"), deck: []))
        #expect(english(error).hasSuffix("cards in the deck: none") == true)
    }

    @Test("after deciding, the card is gone from the deck; deciding it again replaces the decision and its completion",
          arguments: InterventionDecision.Status.allCases)
    func decideAgain(status: InterventionDecision.Status) async throws {
        let world = TestWorld()
        let day = Fixtures.day("2026-02-28")
        try await world.decideCatchUpCard.execute("walk_after_lunch", day: day, status: status)
        #expect(try await world.deckIDs() == Self.deck.filter { $0 != "walk_after_lunch@2026-02-28" })
        let other: InterventionDecision.Status = status == .done ? .skipped : .done
        try await world.decideCatchUpCard.execute("walk_after_lunch", day: day, status: other)
        let logged = await world.logged(around: "2026-02-28")
        #expect(logged.decisions.map(\.status) == [other], "one decision, the last")
        #expect(logged.completions.count == (other == .done ? 1 : 0), "done ↔ skipped adds or removes its completion")
        #expect(try await world.deckIDs() == Self.deck.filter { $0 != "walk_after_lunch@2026-02-28" })
    }

    @Test("deciding a counter done again with another count replaces the count of its completion")
    func anotherCount() async throws {
        let world = TestWorld()
        let day = Fixtures.day("2026-02-28")
        try await world.decideCatchUpCard.execute("stress_reduction", day: day, status: .done, count: 2)
        try await world.decideCatchUpCard.execute("stress_reduction", day: day, status: .done, count: 5)
        let logged = await world.logged(around: "2026-02-28")
        #expect(logged.decisions.map(\.count) == [5])
        #expect(logged.completions.map(\.count) == [5])
    }

    @Test("a decided card whose section left the last 24 hours is not decided again")
    func decidedOutsideTheWindow() async throws {
        let world = TestWorld(now: "2026-03-01T21:00:00+01:00")
        try await world.decideCatchUpCard.execute("vegetables_dinner", day: Fixtures.day("2026-02-28"), status: .skipped)
        world.set(now: "2026-03-01T21:01:00+01:00")
        await #expect(throws: InterventionError.self) {
            try await world.decideCatchUpCard.execute("vegetables_dinner", day: Fixtures.day("2026-02-28"), status: .done)
        }
        #expect(await world.logged(around: "2026-02-28").decisions.map(\.status) == [.skipped])
    }

    @Test("the count defaults to the card's: 1 for a counter, 1 for other types",
          arguments: ["hydration_morning", "morning_light", "walk_after_lunch"])
    func defaultCount(id: String) async throws {
        let world = TestWorld()
        let decision = try await world.decideCatchUpCard.execute(Intervention.ID(id), day: Fixtures.day("2026-02-28"),
                                                                 status: .done)
        #expect(decision.count == 1)
        let completions = await world.logged(around: "2026-02-28").completions
        #expect(completions.map(\.count) == [1])
        #expect(completions.map(\.source) == [.catchUp])
        #expect(completions.map(\.timestamp) == [Fixtures.instant("2026-02-28T12:00:00+01:00")])
    }

    @Test("a counter card takes an explicit count")
    func explicitCount() async throws {
        let world = TestWorld()
        let decision = try await world.decideCatchUpCard.execute("stress_reduction", day: Fixtures.day("2026-02-28"),
                                                                 status: .done, count: 4)
        #expect(decision.count == 4)
        #expect(await world.logged(around: "2026-02-28").completions.map(\.count) == [4])
    }

    @Test("a count on a timer card is refused and the card stays")
    func countOnTimer() async throws {
        let world = TestWorld()
        await #expect(throws: InterventionError.countNotApplicable("morning_light", .timer)) {
            try await world.decideCatchUpCard.execute("morning_light", day: Fixtures.day("2026-02-28"), status: .done,
                                                      count: 3)
        }
        #expect(try await world.deckIDs() == Self.deck)
    }

    @Test("the card of yesterday's evening can be decided until exactly 24 hours after it ended")
    func lookbackBoundary() async throws {
        let world = TestWorld(now: "2026-03-01T21:00:00+01:00")
        try await world.decideCatchUpCard.execute("vegetables_dinner", day: Fixtures.day("2026-02-28"), status: .skipped)
        world.set(now: "2026-03-01T21:01:00+01:00")
        await #expect(throws: InterventionError.self) {
            try await world.decideCatchUpCard.execute("exercise_timing", day: Fixtures.day("2026-02-28"),
                                                      status: .skipped)
        }
    }
}
