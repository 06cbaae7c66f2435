import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("BuildCatchUpDeck")
struct BuildCatchUpDeckTests {
    /// The default world: Sunday 1 March 2026, 10:00 in Amsterdam.
    static let yesterday = [
        "hydration_morning@2026-02-28", "morning_light@2026-02-28", "walk_after_lunch@2026-02-28",
        "stress_reduction@2026-02-28", "exercise_timing@2026-02-28", "vegetables_dinner@2026-02-28",
        "mindfulness_prebed@2026-02-28",
    ]

    @Test("the cards of the last 24 hours, the stack of four, and the current section")
    func cardsAndSummary() async throws {
        let world = TestWorld()
        let result = try await world.buildCatchUpDeck.execute()
        #expect(result.cards.map(\.id) == Self.yesterday)
        #expect(result.cards.map(\.section) == [.morning, .morning, .afternoon, .afternoon, .evening, .evening, .preBed])
        #expect(result.deck.stack.map(\.id) == Array(Self.yesterday.prefix(4)))
        #expect(result.summary == CurrentSectionSummary(
            catalog: world.catalog.items, completions: [], decisions: [], now: world.now, calendar: world.calendar))
        #expect(result.summary.section == .morning)
        #expect(result.summary.minutesRemaining == 120)
        #expect(result.summary.pending == ["hydration_morning", "morning_light", "exercise_timing"])
        #expect(!result.summary.allCaughtUp)
    }

    @Test("logged completions and decisions leave the deck and the summary")
    func settledItems() async throws {
        let world = TestWorld()
        try await world.completeIntervention.execute("walk_after_lunch", at: Fixtures.instant("2026-02-28T13:00:00+01:00"))
        try await world.completeIntervention.execute("morning_light")
        try await world.recordDecision.execute("vegetables_dinner", day: Fixtures.day("2026-02-28"), status: .skipped)
        try await world.recordDecision.execute("hydration_morning", day: Fixtures.day("2026-03-01"), status: .done)
        let result = try await world.buildCatchUpDeck.execute()
        #expect(result.cards.map(\.id) == Self.yesterday.filter {
            !["walk_after_lunch@2026-02-28", "vegetables_dinner@2026-02-28"].contains($0)
        })
        #expect(result.summary.pending == ["exercise_timing"])
    }

    @Test("all caught up at night, with the deck still there to settle")
    func nightSummary() async throws {
        let world = TestWorld(now: "2026-03-01T23:30:00+01:00")
        let result = try await world.buildCatchUpDeck.execute()
        #expect(result.summary.allCaughtUp)
        #expect(result.summary.minutesRemaining == nil)
        // Yesterday's pre-bed ended 24.5 hours ago: gone. All of today's sections have ended.
        #expect(result.cards.map(\.id) == [
            "hydration_morning@2026-03-01", "morning_light@2026-03-01", "walk_after_lunch@2026-03-01",
            "stress_reduction@2026-03-01", "exercise_timing@2026-03-01", "vegetables_dinner@2026-03-01",
            "mindfulness_prebed@2026-03-01",
        ])
    }

    @Test("spring-forward evening in Amsterdam: yesterday's evening is still in the deck at 21:30")
    func springForward() async throws {
        let world = TestWorld(now: "2026-03-29T21:30:00+02:00")
        #expect(try await world.deckIDs() == [
            "exercise_timing@2026-03-28", "vegetables_dinner@2026-03-28", "mindfulness_prebed@2026-03-28",
            "hydration_morning@2026-03-29", "morning_light@2026-03-29", "walk_after_lunch@2026-03-29",
            "stress_reduction@2026-03-29", "exercise_timing@2026-03-29", "vegetables_dinner@2026-03-29",
        ])
    }

    @Test("fall-back evening in Amsterdam: yesterday's evening has left the deck by 20:30")
    func fallBack() async throws {
        let world = TestWorld(now: "2026-10-25T20:30:00+01:00")
        let result = try await world.buildCatchUpDeck.execute()
        #expect(result.cards.map(\.id) == [
            "mindfulness_prebed@2026-10-24", "hydration_morning@2026-10-25", "morning_light@2026-10-25",
            "walk_after_lunch@2026-10-25", "stress_reduction@2026-10-25",
        ])
        #expect(result.summary.section == .evening)
        #expect(result.summary.minutesRemaining == 30)
        #expect(result.summary.pending == ["exercise_timing", "vegetables_dinner"])
    }

    @Test("Los Angeles and Tokyo: the deck follows the injected zone", arguments: [
        ("America/Los_Angeles", "2026-03-08T21:30:00-07:00", "vegetables_dinner@2026-03-07"),
        ("Asia/Tokyo", "2026-06-10T20:59:00+09:00", "vegetables_dinner@2026-06-09"),
    ])
    func zones(zone: String, now: String, expected: String) async throws {
        let world = TestWorld(now: now, zone: zone)
        #expect(try await world.deckIDs().contains(expected))
    }

    // MARK: - Health hints

    @Test("unauthorised: a hint without a reading for each card with a hint type, none for the others")
    func unauthorisedHints() async throws {
        let world = TestWorld()
        await world.health.addWater(liters: 1, at: Fixtures.instant("2026-02-28T08:00:00+01:00"))
        let result = try await world.buildCatchUpDeck.execute()
        #expect(result.hints == [
            "hydration_morning@2026-02-28": HealthHintStatus(type: .water, reading: nil),
            "stress_reduction@2026-02-28": HealthHintStatus(type: .mindfulness, reading: nil),
            "exercise_timing@2026-02-28": HealthHintStatus(type: .exercise, reading: nil),
            "mindfulness_prebed@2026-02-28": HealthHintStatus(type: .mindfulness, reading: nil),
        ])
        let walk = try #require(result.cards.first { $0.interventionID == "walk_after_lunch" })
        #expect(result.hint(for: walk) == nil)
        let water = try #require(result.cards.first { $0.interventionID == "hydration_morning" })
        #expect(result.hint(for: water)?.isAuthorized == false)
        #expect(result.hint(for: water)?.text == LocalizedText("hint.connect.water"))
    }

    @Test("water: litres summed only within the card's section window of that day")
    func water() async throws {
        let world = TestWorld()
        await world.health.authorize(.water)
        for (iso, liters) in [
            ("2026-02-28T04:59:00+01:00", 1.0), // before the morning
            ("2026-02-28T05:00:00+01:00", 0.25), // the first minute of the morning
            ("2026-02-28T07:00:00+01:00", 0.5),
            ("2026-02-28T11:59:00+01:00", 0.25),
            ("2026-02-28T13:00:00+01:00", 2.0), // the afternoon
            ("2026-02-27T08:00:00+01:00", 4.0), // the day before
            ("2026-03-01T07:00:00+01:00", 3.0), // this morning
        ] {
            await world.health.addWater(liters: liters, at: Fixtures.instant(iso))
        }
        let result = try await world.buildCatchUpDeck.execute()
        #expect(result.hints["hydration_morning@2026-02-28"] == HealthHintStatus(type: .water, reading: .water(liters: 1.0)))
        // Authorising water authorises nothing else.
        #expect(result.hints["exercise_timing@2026-02-28"] == HealthHintStatus(type: .exercise, reading: nil))
        #expect(result.hints["stress_reduction@2026-02-28"] == HealthHintStatus(type: .mindfulness, reading: nil))
    }

    /// Sections are half-open ([start, end)): at 12:00 it is afternoon. A drink logged at
    /// exactly 12:00 belongs to the afternoon, not also to the morning card's hint.
    @Test("water logged at exactly the end of the morning does not count for the morning card")
    func waterAtSectionEnd() async throws {
        let world = TestWorld()
        await world.health.authorize(.water)
        await world.health.addWater(liters: 0.5, at: Fixtures.instant("2026-02-28T07:00:00+01:00"))
        await world.health.addWater(liters: 2.0, at: Fixtures.instant("2026-02-28T12:00:00+01:00"))
        let result = try await world.buildCatchUpDeck.execute()
        #expect(result.hints["hydration_morning@2026-02-28"] == HealthHintStatus(type: .water, reading: .water(liters: 0.5)))
    }

    @Test("exercise: workouts that started in the evening window of the evening card")
    func exercise() async throws {
        let world = TestWorld()
        await world.health.authorize(.exercise)
        func workout(_ start: String, minutes: Double) async {
            await world.health.addWorkout(DateInterval(start: Fixtures.instant(start), duration: minutes * 60))
        }
        await workout("2026-02-28T07:00:00+01:00", minutes: 60) // morning: not the card's window
        await workout("2026-02-28T18:00:00+01:00", minutes: 45)
        await workout("2026-02-28T20:30:00+01:00", minutes: 30)
        await workout("2026-02-27T18:00:00+01:00", minutes: 20) // the day before
        let result = try await world.buildCatchUpDeck.execute()
        #expect(result.hints["exercise_timing@2026-02-28"]
            == HealthHintStatus(type: .exercise, reading: .workouts(count: 2, minutes: 75)))
        #expect(result.hints["hydration_morning@2026-02-28"] == HealthHintStatus(type: .water, reading: nil))
    }

    @Test("mindfulness: minutes within each card's own section window")
    func mindfulness() async throws {
        let world = TestWorld()
        await world.health.authorize(.mindfulness)
        await world.health.addMindfulSession(DateInterval(start: Fixtures.instant("2026-02-28T13:00:00+01:00"),
                                                          duration: 10 * 60))
        await world.health.addMindfulSession(DateInterval(start: Fixtures.instant("2026-02-28T21:30:00+01:00"),
                                                          duration: 20 * 60))
        let result = try await world.buildCatchUpDeck.execute()
        #expect(result.hints["stress_reduction@2026-02-28"]
            == HealthHintStatus(type: .mindfulness, reading: .mindfulness(minutes: 10)))
        #expect(result.hints["mindfulness_prebed@2026-02-28"]
            == HealthHintStatus(type: .mindfulness, reading: .mindfulness(minutes: 20)))
    }

    @Test("authorised without data: a zero reading, which still counts as connected")
    func authorisedEmpty() async throws {
        let world = TestWorld()
        await world.health.authorize(.water)
        let result = try await world.buildCatchUpDeck.execute()
        let hint = try #require(result.hints["hydration_morning@2026-02-28"])
        #expect(hint == HealthHintStatus(type: .water, reading: .water(liters: 0)))
        #expect(hint.isAuthorized)
    }

    @Test("a catalog override gives a hint to an item without one in the mapping")
    func overrideHint() async throws {
        let world = TestWorld(catalog: [
            Intervention(id: "walk_after_lunch", title: "Walk", sections: [.afternoon], trackingType: .binary,
                         healthHint: .exercise),
            Intervention(id: "hydration_morning", title: "Water", sections: [.morning], trackingType: .counter,
                         healthHint: .mindfulness),
        ])
        let result = try await world.buildCatchUpDeck.execute()
        #expect(result.hints == [
            "hydration_morning@2026-02-28": HealthHintStatus(type: .mindfulness, reading: nil),
            "walk_after_lunch@2026-02-28": HealthHintStatus(type: .exercise, reading: nil),
        ])
    }
}
