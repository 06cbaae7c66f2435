import Foundation
import Testing
import WellnessComposition
import WellnessTestSupport

/// The same history gives the same deck, whichever store holds it.
@Suite("Catch-up deck across stores")
struct DeckAcrossStoresTests {
    let calendar = Fixtures.calendar("Europe/Amsterdam")

    /// Logs the same completions and decisions through the use cases, then builds the deck.
    func deck(on store: StoreKind) async throws -> CatchUpResult {
        let directory = try TemporaryDirectory()
        let clock = FixedWallClock(Fixtures.instant("2026-03-27T08:00:00+01:00"))
        let wellness = try Wellness.make(WellnessConfiguration(store: store, dataDirectory: directory.url, clock: clock,
                                                               calendar: calendar))
        _ = try await wellness.modules.list() // the store's first run: nothing before it is carded
        clock.set(Fixtures.instant("2026-03-28T20:00:00+01:00"))
        let yesterday = Fixtures.day("2026-03-28")
        try await wellness.interventions.complete("morning_light", at: Fixtures.instant("2026-03-28T09:00:00+01:00"))
        try await wellness.interventions.complete("hydration_target", count: 3,
                                                        at: Fixtures.instant("2026-03-27T15:00:00+01:00"))
        try await wellness.catchUp.record("screens_off", day: yesterday, status: .skipped)
        try await wellness.catchUp.record("stress_reduction", day: yesterday, status: .done, count: 2)
        // The next morning, after the clocks went forward at 02:00.
        clock.set(Fixtures.instant("2026-03-29T10:30:00+02:00"))
        return try await wellness.catchUp.deck()
    }

    @Test("memory, JSON files and SQLite build identical decks over a DST change")
    func identical() async throws {
        let memory = try await deck(on: .memory)
        let ids = memory.cards.map(\.id)
        #expect(ids.contains("vegetables_dinner@2026-03-28"))
        #expect(!ids.contains("screens_off@2026-03-28"), "decided skipped")
        #expect(!ids.contains("stress_reduction@2026-03-28"), "decided done")
        #expect(!ids.contains("morning_light@2026-03-28"), "ticked off")
        for store in [StoreKind.json, .sqlite] {
            let other = try await deck(on: store)
            #expect(other == memory, "\(store)")
        }
    }
}
