import Foundation
import Testing
import WellnessTestSupport

/// `wellness deck [show]|done|skip` end to end, on each persistent store, with fixed moments.
@Suite("CLI: catch-up deck")
struct DeckCLITests {
    typealias F = DeckFixture

    // MARK: - deck --json

    @Test("deck --json at 10:00: yesterday's sections in order, none of today's; every card field",
          arguments: persistentStores)
    func deckAtTen(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let deck = try await cli.deck(now: F.tenAM)
        #expect(Set(deck.keys) == ["cards", "summary"])
        let cards = try #require(deck["cards"] as? [[String: Any]])
        #expect(cards.map(cardKey) == F.keys(on: F.yesterday))
        #expect(cards.map { $0["section"] as? String } == F.dayCards.map(\.section))
        let labels = ["morning": "Morning yesterday", "afternoon": "Afternoon yesterday",
                      "evening": "Evening yesterday", "preBed": "Pre-bed yesterday"]
        let catalog = try #require(try await cli.ok(["interventions", "list", "--json"], now: F.tenAM).json()
            as? [[String: Any]])
        let items = Dictionary(uniqueKeysWithValues: catalog.map { ($0["id"] as? String ?? "?", $0) })
        for card in cards {
            let id = card["interventionId"] as? String ?? "?"
            #expect(Set(card.keys) == F.cardKeys, "\(id): \(card.keys.sorted())")
            #expect(card["label"] as? String == labels[card["section"] as? String ?? ""], "\(id)")
            let item = try #require(items[id])
            #expect(card["title"] as? String == item["title"] as? String, "\(id)")
            #expect(card["description"] as? String == item["description"] as? String, "\(id)")
            #expect(card["roi"] as? String == item["roi"] as? String, "\(id)")
            #expect(card["trackingType"] as? String == item["trackingType"] as? String, "\(id)")
            if card["trackingType"] as? String == "counter" {
                #expect(card["defaultCount"] as? Int == 1, "\(id)")
            } else {
                #expect(card["defaultCount"] is NSNull, "\(id)")
            }
            if let type = item["healthHint"] as? String {
                let hint = try #require(card["healthHint"] as? [String: Any], "\(id)")
                #expect(hint["type"] as? String == type, "\(id)")
                #expect(hint["authorized"] as? Bool == false, "\(id): nothing is connected")
                #expect((hint["message"] as? String)?.hasPrefix("Connect your health data") == true, "\(id): \(hint)")
            } else {
                #expect(card["healthHint"] is NSNull, "\(id)")
            }
        }
        let byID = Dictionary(uniqueKeysWithValues: cards.map { ($0["interventionId"] as? String ?? "?", $0) })
        let water = try #require(byID["hydration_morning"]?["healthHint"] as? [String: Any])
        #expect(water["type"] as? String == "water")
        #expect(water["message"] as? String == "Connect your health data to see the water you logged")
        #expect((byID["exercise_timing"]?["healthHint"] as? [String: Any])?["type"] as? String == "exercise")
        #expect((byID["mindfulness_prebed"]?["healthHint"] as? [String: Any])?["type"] as? String == "mindfulness")
        // Multi-section items sit in their latest section; excluded types and anytime items are absent.
        #expect(byID["exercise_timing"]?["section"] as? String == "evening")
        #expect(byID["hydration_target"]?["section"] as? String == "afternoon")
        #expect(byID["social_connection"]?["section"] as? String == "evening")
        for absent in ["bedroom_cool", "supplements_taken", "sleep_tracking", "checkup_appointment"] {
            #expect(byID[absent] == nil, "\(absent) is never carded")
        }

        let summary = try #require(deck["summary"] as? [String: Any])
        #expect(Set(summary.keys) == F.summaryKeys)
        #expect(summary["currentSection"] as? String == "morning")
        #expect(summary["minutesRemaining"] as? Int == 120)
        #expect(summary["pending"] as? [String] == F.morningItems)
        #expect(summary["allCaughtUp"] as? Bool == false)
    }

    @Test("deck (text) at 10:00: the numbered cards with labels, ids and days, the hint, and the section summary",
          arguments: persistentStores)
    func deckText(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        for arguments in [["deck"], ["deck", "show"]] {
            let result = try await cli.ok(arguments, now: F.tenAM)
            let out = result.stdout
            #expect(out.contains("16 cards to catch up on:"), "\(result)")
            #expect(out.contains("1. Morning yesterday  [charge_biofeedback --day 2026-01-05]"), "\(result)")
            #expect(out.contains("10. Evening yesterday  [exercise_timing --day 2026-01-05]"), "\(result)")
            #expect(out.contains("16. Pre-bed yesterday  [gratitude_journal --day 2026-01-05]"), "\(result)")
            #expect(out.contains("Connect your health data to see the water you logged"), "\(result)")
            #expect(out.contains("counter · medium return · count 1"), "\(result)")
            #expect(out.contains("wellness deck done"), "how to settle a card: \(result)")
            #expect(out.contains("Morning: 2 h 0 min left."), "\(result)")
            #expect(out.contains("Still to do: Charge your biofeedback device, Drink water on waking"), "\(result)")
            #expect(!out.contains("bedroom_cool"), "\(result)")
        }
    }

    @Test("at 23:30 no section is active: all caught up; today's sections are due, yesterday's pre-bed is not",
          arguments: persistentStores)
    func lateNight(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let deck = try await cli.deck(now: F.lateNight)
        let summary = try #require(deck["summary"] as? [String: Any])
        #expect(summary["allCaughtUp"] as? Bool == true)
        #expect(summary["currentSection"] is NSNull)
        #expect(summary["minutesRemaining"] is NSNull)
        #expect((summary["pending"] as? [Any])?.isEmpty == true)
        // Yesterday's pre-bed ended 24 h 30 min ago.
        let cards = try #require(deck["cards"] as? [[String: Any]])
        #expect(cards.map(cardKey) == F.keys(on: F.today))
        #expect(cards.allSatisfy { ($0["label"] as? String)?.hasSuffix(" today") == true })
        let text = try await cli.ok(["deck"], now: F.lateNight)
        #expect(text.stdout.contains("All caught up"), "\(text)")
        // Before 05:00 it is still all caught up; at 05:00 the morning starts.
        #expect(try await cli.deckSummary(now: "2026-01-07T04:59")["allCaughtUp"] as? Bool == true)
        let morning = try await cli.deckSummary(now: "2026-01-07T05:00")
        #expect(morning["currentSection"] as? String == "morning")
        #expect(morning["minutesRemaining"] as? Int == 420)
    }

    @Test("the 24-hour boundary to the minute: a section that ended 24 h ago is in, 24 h 1 min ago is out",
          arguments: persistentStores)
    func boundary(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let morning: Set<String> = ["morning"]
        let notMorning: Set<String> = ["afternoon", "evening", "preBed"]
        // 11:59: yesterday's morning (ended 23 h 59 min ago) is in; today's has not ended.
        #expect(try await cli.cardKeys(now: "2026-01-06T11:59") == F.keys(on: F.yesterday))
        // 12:00: yesterday's morning ended exactly 24 h ago and today's just now: both are in.
        let noon = try await cli.cards(now: "2026-01-06T12:00")
        #expect(noon.map(cardKey) == F.keys(on: F.yesterday) + F.keys(on: F.today, sections: morning))
        #expect(noon.last?["label"] as? String == "Morning today")
        // 12:01: yesterday's morning ended 24 h 1 min ago: out.
        #expect(try await cli.cardKeys(now: "2026-01-06T12:01")
            == F.keys(on: F.yesterday, sections: notMorning) + F.keys(on: F.today, sections: morning))
        // The same at 17:00 / 17:01 for the afternoon.
        #expect(try await cli.cardKeys(now: "2026-01-06T17:01")
            == F.keys(on: F.yesterday, sections: ["evening", "preBed"])
            + F.keys(on: F.today, sections: ["morning", "afternoon"]))
    }

    @Test("DST spring forward (29 March 2026): 24 real hours reach back to Saturday's pre-bed, labelled by weekday",
          arguments: persistentStores)
    func springForward(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        // 00:00 CEST on Monday 30 March is 22:00Z; Saturday's pre-bed ended 23:00 CET = 22:00Z the day before.
        let midnight = try await cli.cards(now: "2026-03-30T00:00")
        #expect(midnight.map(cardKey) == F.keys(on: "2026-03-28", sections: ["preBed"]) + F.keys(on: "2026-03-29"))
        #expect(midnight.first?["label"] as? String == "Pre-bed Saturday")
        #expect(midnight.last?["label"] as? String == "Pre-bed yesterday")
        #expect(try await cli.cardKeys(now: "2026-03-30T00:01") == F.keys(on: "2026-03-29"))
    }

    @Test("DST fall back (25 October 2026): the 25-hour day drops Saturday's pre-bed an hour earlier on the clock",
          arguments: persistentStores)
    func fallBack(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        // 21:59 CET = 20:59Z; Saturday's pre-bed ended 23:00 CEST = 21:00Z, 23 h 59 min earlier: still in.
        let before = try await cli.cardKeys(now: "2026-10-25T21:59")
        #expect(before == F.keys(on: "2026-10-24", sections: ["preBed"])
            + F.keys(on: "2026-10-25", sections: ["morning", "afternoon", "evening"]))
        // 22:30 CET: 25 h 30 min after Saturday's pre-bed ended, though only 23 h 30 min on the wall clock.
        let after = try await cli.deck(now: "2026-10-25T22:30")
        let cards = try #require(after["cards"] as? [[String: Any]])
        #expect(cards.map(cardKey) == F.keys(on: "2026-10-25", sections: ["morning", "afternoon", "evening"]))
        let summary = try #require(after["summary"] as? [String: Any])
        #expect(summary["currentSection"] as? String == "preBed")
        #expect(summary["minutesRemaining"] as? Int == 30)
    }

    @Test("deck --locale nl: labels and hints in Dutch")
    func dutch() async throws {
        let cli = try await Sandbox().started()
        let cards = try await cli.cards(now: F.tenAM, ["--locale", "nl"])
        #expect(cards.first?["label"] as? String == "Ochtend gisteren")
        let water = cards.first { $0["interventionId"] as? String == "hydration_morning" }
        #expect((water?["healthHint"] as? [String: Any])?["message"] as? String
            == "Koppel je gezondheidsgegevens om je vastgelegde water te zien")
    }

    // MARK: - Ticked off

    @Test("an item ticked off with interventions complete leaves the deck for that day only",
          arguments: persistentStores)
    func tickedOff(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let noon = "2026-01-06T12:00"
        // Yesterday's morning at 08:15.
        try await cli.ok(["interventions", "complete", "charge_biofeedback", "--at", "2026-01-05T08:15"], now: noon)
        // Today, now.
        try await cli.ok(["interventions", "complete", "protein_breakfast"], now: noon)
        // A multi-section item done in yesterday's morning has no afternoon card for yesterday.
        try await cli.ok(["interventions", "complete", "hydration_target", "--count", "4",
                          "--at", "2026-01-05T09:00"], now: noon)
        let keys = try await cli.cardKeys(now: noon)
        #expect(!keys.contains("charge_biofeedback@2026-01-05"))
        #expect(keys.contains("charge_biofeedback@2026-01-06"))
        #expect(keys.contains("protein_breakfast@2026-01-05"))
        #expect(!keys.contains("protein_breakfast@2026-01-06"))
        #expect(!keys.contains("hydration_target@2026-01-05"))
        let expected = (F.keys(on: F.yesterday) + F.keys(on: F.today, sections: ["morning"])).filter {
            !["charge_biofeedback@2026-01-05", "protein_breakfast@2026-01-06", "hydration_target@2026-01-05"].contains($0)
        }
        #expect(keys == expected)

        // Ticked off today in the current section: no longer pending.
        try await cli.ok(["interventions", "complete", "standing_breaks"], now: "2026-01-06T13:00")
        let summary = try await cli.deckSummary(now: "2026-01-06T13:30")
        #expect(summary["currentSection"] as? String == "afternoon")
        #expect(summary["minutesRemaining"] as? Int == 210)
        #expect(summary["pending"] as? [String]
            == ["hydration_target", "walk_after_lunch", "stress_reduction", "social_connection", "checkup_appointment"])
    }

    // MARK: - deck done / skip

    @Test("deck done logs a completion at local noon of the card's day with the count; deck skip only a decision",
          arguments: persistentStores)
    func doneAndSkip(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let done = try await cli.ok(["deck", "done", "hydration_morning", "--day", F.yesterday, "--count", "3"],
                                    now: F.tenAM)
        #expect(done.stdout.contains("Marked Drink water on waking done for 2026-01-05."), "\(done)")
        let json = try await cli.ok(["deck", "done", "charge_biofeedback", "--day", F.yesterday, "--json"], now: F.tenAM)
        let decision = try #require(try json.json() as? [String: Any], "\(json)")
        #expect(Set(decision.keys) == ["interventionId", "day", "status", "count", "updatedAt"])
        #expect(decision["interventionId"] as? String == "charge_biofeedback")
        #expect(decision["day"] as? String == F.yesterday)
        #expect(decision["status"] as? String == "done")
        #expect(decision["count"] as? Int == 1)
        #expect(decision["updatedAt"] as? String == "2026-01-06T09:00:00.000Z")
        let skipped = try await cli.ok(["deck", "skip", "morning_light", "--day", F.yesterday], now: F.tenAM)
        #expect(skipped.stdout.contains("Marked Morning daylight skipped for 2026-01-05."), "\(skipped)")

        // In later processes: noon in Amsterdam on 5 January is 11:00Z.
        let water = try await cli.history("hydration_morning", now: "2026-01-06T10:05")
        #expect(water.completions.count == 1)
        #expect(water.completions.first?["day"] as? String == F.yesterday)
        #expect(water.completions.first?["timestamp"] as? String == "2026-01-05T11:00:00.000Z")
        #expect(water.completions.first?["count"] as? Int == 3)
        #expect(water.decisions.count == 1)
        #expect(water.decisions.first?["day"] as? String == F.yesterday)
        #expect(water.decisions.first?["status"] as? String == "done")
        #expect(water.decisions.first?["count"] as? Int == 3)

        let charge = try await cli.history("charge_biofeedback", now: "2026-01-06T10:05")
        #expect(charge.completions.map { $0["timestamp"] as? String } == ["2026-01-05T11:00:00.000Z"])
        #expect(charge.completions.map { $0["count"] as? Int } == [1])
        #expect(charge.decisions.map { $0["status"] as? String } == ["done"])

        let light = try await cli.history("morning_light", now: "2026-01-06T10:05")
        #expect(light.completions.isEmpty, "a skip logs no completion")
        #expect(light.decisions.map { $0["status"] as? String } == ["skipped"])
        #expect(light.decisions.map { $0["day"] as? String } == [F.yesterday])

        let settled = ["hydration_morning@2026-01-05", "charge_biofeedback@2026-01-05", "morning_light@2026-01-05"]
        #expect(try await cli.cardKeys(now: "2026-01-06T10:05") == F.keys(on: F.yesterday).filter { !settled.contains($0) })
        // Today's cards are not affected: at 12:00 today's morning items are due, the three included.
        let noon = try await cli.cardKeys(now: "2026-01-06T12:00")
        #expect(noon.suffix(5) == ArraySlice(F.keys(on: F.today, sections: ["morning"])))
        // A decision on yesterday does not change what is pending today.
        #expect(try await cli.deckSummary(now: "2026-01-06T10:05")["pending"] as? [String] == F.morningItems)
    }

    @Test("deciding a card again (skipped → done → skipped, another count) replaces the decision and its completion",
          arguments: persistentStores)
    func decideAgain(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        try await cli.ok(["deck", "skip", "morning_light", "--day", F.yesterday], now: F.tenAM)
        let done = try await cli.ok(["deck", "done", "morning_light", "--day", F.yesterday], now: F.tenAM)
        #expect(done.stdout.contains("Marked Morning daylight done for 2026-01-05."), "\(done)")
        var light = try await cli.history("morning_light", now: F.tenAM)
        #expect(light.decisions.map { $0["status"] as? String } == ["done"], "the last decision")
        #expect(light.completions.map { $0["timestamp"] as? String } == ["2026-01-05T11:00:00.000Z"])
        try await cli.ok(["deck", "skip", "morning_light", "--day", F.yesterday], now: F.tenAM)
        light = try await cli.history("morning_light", now: F.tenAM)
        #expect(light.decisions.map { $0["status"] as? String } == ["skipped"])
        #expect(light.completions.isEmpty, "skipped again: its back-dated completion is gone")

        try await cli.ok(["deck", "done", "hydration_morning", "--day", F.yesterday, "--count", "2"], now: F.tenAM)
        try await cli.ok(["deck", "done", "hydration_morning", "--day", F.yesterday, "--count", "5"], now: F.tenAM)
        let water = try await cli.history("hydration_morning", now: F.tenAM)
        #expect(water.decisions.map { $0["count"] as? Int } == [5])
        #expect(water.completions.map { $0["count"] as? Int } == [5])
        let text = try await cli.ok(["interventions", "history", "hydration_morning"], now: F.tenAM).stdout
        #expect(text.contains("done"), "the history shows the last decision: \(text)")
        #expect(!text.contains("skipped"), "\(text)")
    }

    @Test("deciding a card that is not in the deck: exit 1, a message naming it and listing the deck; nothing written",
          arguments: persistentStores)
    func notInDeck(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        try await cli.ok(["deck", "skip", "morning_light", "--day", F.yesterday], now: F.tenAM)
        try await cli.ok(["interventions", "complete", "protein_breakfast", "--at", "2026-01-05T08:00"], now: F.tenAM)
        let before = try await cli.ok(["deck", "--json"], now: F.tenAM).stdout
        let deck = try await cli.cardKeys(now: F.tenAM)

        let cases: [(arguments: [String], why: String)] = [
            (["deck", "done", "protein_breakfast", "--day", F.yesterday], "already completed"),
            (["deck", "done", "charge_biofeedback", "--day", "2026-01-04"], "ended more than 24 hours ago"),
            (["deck", "done", "charge_biofeedback", "--day", F.today], "today's morning has not ended"),
            (["deck", "skip", "screens_off", "--day", F.today], "a future section"),
            (["deck", "done", "charge_biofeedback", "--day", "2026-01-07"], "tomorrow"),
            (["deck", "done", "supplements_taken", "--day", F.yesterday], "an anytime item"),
            (["deck", "done", "bedroom_cool", "--day", F.yesterday], "a checklist item"),
            (["deck", "skip", "checkup_appointment", "--day", F.yesterday], "an appointment"),
            (["deck", "done", "exercise_timing", "--day", F.yesterday, "--count", "1"], "sanity: in the deck"),
        ]
        for (arguments, why) in cases.dropLast() {
            let result = try await cli.run(arguments, now: F.tenAM)
            #expect(result.status == 1, "\(why): \(result)")
            #expect(result.stdout.isEmpty, "\(why): \(result)")
            #expect(result.stderr.contains("\(arguments[2]) on \(arguments[4]) is not in the catch-up deck"),
                    "\(why): \(result)")
            for key in deck {
                #expect(result.stderr.contains(key), "\(why): lists \(key): \(result)")
            }
            #expect(result.stderr.split(separator: "\n").count == 1, "\(why): one line: \(result)")
        }
        #expect(try await cli.ok(["deck", "--json"], now: F.tenAM).stdout == before, "nothing was written")
        let history = try await cli.history("morning_light", now: F.tenAM)
        #expect(history.decisions.map { $0["status"] as? String } == ["skipped"], "the first decision stands")
        #expect(history.completions.isEmpty)

        // An unknown id, and a count on a card that is not a counter.
        let unknown = try await cli.run(["deck", "done", "meditate_daily", "--day", F.yesterday], now: F.tenAM)
        #expect(unknown.status == 1, "\(unknown)")
        #expect(unknown.stderr.contains("meditate_daily"), "\(unknown)")
        let count = try await cli.run(["deck", "done", "caffeine_delay", "--day", F.yesterday, "--count", "2"],
                                      now: F.tenAM)
        #expect(count.status == 1, "\(count)")
        #expect(count.stderr.contains("caffeine_delay") && count.stderr.contains("counter"), "\(count)")
        let zero = try await cli.run(["deck", "done", "hydration_morning", "--day", F.yesterday, "--count", "0"],
                                     now: F.tenAM)
        #expect(zero.status == 1, "\(zero)")
        #expect(try await cli.ok(["deck", "--json"], now: F.tenAM).stdout == before, "still nothing written")

        // The last case is in the deck: it works, it leaves the deck, and deciding it again
        // replaces the decision (issue 34: decisions can be changed).
        let sanity = try #require(cases.last)
        try await cli.ok(sanity.arguments, now: F.tenAM)
        #expect(try await cli.cardKeys(now: F.tenAM).contains("exercise_timing@2026-01-05") == false)
        let again = try await cli.run(sanity.arguments, now: F.tenAM)
        #expect(again.status == 0, "\(again)")
    }

    @Test("an empty deck: deciding anything says the deck has no cards")
    func emptyDeck() async throws {
        let cli = try await Sandbox().started()
        let catalog = try cli.write("two.json", F.twoCardCatalog)
        try await cli.ok(["deck", "done", "stretch", "--day", F.yesterday, "--catalog", catalog.path], now: F.tenAM)
        try await cli.ok(["deck", "skip", "water_glasses", "--day", F.yesterday, "--catalog", catalog.path], now: F.tenAM)
        let deck = try await cli.deck(now: F.tenAM, ["--catalog", catalog.path])
        #expect((deck["cards"] as? [Any])?.isEmpty == true)
        let text = try await cli.ok(["deck", "--catalog", catalog.path], now: F.tenAM)
        #expect(text.stdout.contains("Nothing to catch up on."), "\(text)")
        // A card of the last 24 hours that was decided can be decided again; one that never was
        // a card (the day before) is refused, the deck having none.
        let result = try await cli.run(["deck", "done", "stretch", "--day", "2026-01-03", "--catalog", catalog.path],
                                       now: F.tenAM)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("cards in the deck: none"), "\(result)")
    }

    @Test("a bad or missing --day is a usage error naming it", arguments: persistentStores)
    func badDay(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        for bad in ["2026-13-01", "2026-02-30", "tomorrow", "5-1-2026", "-0"] {
            for verb in ["done", "skip"] {
                let result = try await cli.run(["deck", verb, "charge_biofeedback", "--day", bad], now: F.tenAM)
                #expect(result.status == 64, "\(verb) --day \(bad): \(result)")
                #expect(result.stderr.contains(bad), "\(result)")
                #expect(result.stderr.contains("--day"), "\(result)")
                #expect(result.stderr.contains("YYYY-MM-DD"), "\(result)")
                #expect(result.stdout.isEmpty, "\(result)")
            }
        }
        let missing = try await cli.run(["deck", "done", "charge_biofeedback"], now: F.tenAM)
        #expect(missing.status == 64, "\(missing)")
        #expect(missing.stderr.contains("--day"), "\(missing)")
        #expect(try await cli.cardKeys(now: F.tenAM) == F.keys(on: F.yesterday))

        // `yesterday` names the day before --now (issue 34): the card of that day is settled.
        try await cli.ok(["deck", "skip", "charge_biofeedback", "--day", "yesterday"], now: F.tenAM)
        #expect(try await cli.cardKeys(now: F.tenAM) == F.keys(on: F.yesterday).filter { !$0.hasPrefix("charge_biofeedback@") })
    }

    // MARK: - The same on every store

    @Test("the same commands give byte-identical deck, history and summary output on sqlite and json")
    func identicalAcrossStores() async throws {
        var stores: [Sandbox] = []
        for store in persistentStores { stores.append(try await Sandbox(store: store).started()) }
        let commands: [(arguments: [String], now: String)] = [
            (["interventions", "complete", "hydration_morning", "--count", "3", "--at", "2026-01-05T07:30"], F.tenAM),
            (["deck", "done", "charge_biofeedback", "--day", F.yesterday], F.tenAM),
            (["deck", "done", "stress_reduction", "--day", F.yesterday, "--count", "4"], F.tenAM),
            (["deck", "skip", "screens_off", "--day", F.yesterday], F.tenAM),
            (["interventions", "complete", "walk_after_lunch"], F.tenAM),
            (["interventions", "complete", "morning_light", "--at", "2026-01-06T07:45"], "2026-01-06T11:00"),
            (["deck", "skip", "charge_biofeedback", "--day", F.today], "2026-01-06T12:30"),
            (["deck", "done", "hydration_target", "--day", F.today, "--count", "6"], "2026-01-06T18:00"),
        ]
        for command in commands {
            var outputs: [String] = []
            for cli in stores {
                outputs.append(try await cli.ok(command.arguments + ["--json"], now: command.now).stdout)
            }
            #expect(Set(outputs).count == 1, "\(command.arguments): \(outputs)")
        }
        let views: [[String]] = [["deck", "--json"], ["deck"], ["summary", "--json"],
                                 ["interventions", "history", "hydration_morning", "--json"],
                                 ["interventions", "history", "charge_biofeedback", "--json"],
                                 ["interventions", "history", "stress_reduction", "--json"],
                                 ["interventions", "history", "screens_off", "--json"],
                                 ["interventions", "history", "hydration_target"]]
        for now in [F.tenAM, "2026-01-06T12:30", "2026-01-06T18:00", F.lateNight, "2026-01-07T08:00"] {
            for view in views {
                var outputs: [String] = []
                for cli in stores {
                    outputs.append(try await cli.ok(view, now: now).stdout)
                }
                #expect(outputs.count == 2 && outputs[0] == outputs[1], "\(view) at \(now):\n\(outputs.joined(separator: "\n---\n"))")
            }
        }
        // And the deck is what the rules say.
        let keys = try await stores[0].cardKeys(now: "2026-01-06T18:00")
        let gone: Set<String> = ["charge_biofeedback@2026-01-05", "hydration_morning@2026-01-05",
                                 "stress_reduction@2026-01-05", "screens_off@2026-01-05",
                                 "charge_biofeedback@2026-01-06", "morning_light@2026-01-06",
                                 "hydration_target@2026-01-06", "walk_after_lunch@2026-01-06"]
        #expect(keys == (F.keys(on: F.yesterday, sections: ["evening", "preBed"])
            + F.keys(on: F.today, sections: ["morning", "afternoon"])).filter { !gone.contains($0) })
    }

    // MARK: - Catalog

    @Test("--catalog FILE replaces the catalog: list and deck follow it, hints by mapping or override",
          arguments: persistentStores)
    func customCatalog(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let catalog = try cli.write("small.json", F.smallCatalog)
        let list = try await cli.ok(["interventions", "list", "--json", "--catalog", catalog.path], now: F.tenAM)
        let items = try #require(try list.json() as? [[String: Any]], "\(list)")
        #expect(items.map { $0["id"] as? String } == F.smallIDs)
        #expect(items[1]["healthHint"] as? String == "water")
        let text = try await cli.ok(["interventions", "list", "--catalog", catalog.path], now: F.tenAM)
        #expect(text.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) } == F.smallIDs)

        let deck = try await cli.deck(now: F.tenAM, ["--catalog", catalog.path])
        let cards = try #require(deck["cards"] as? [[String: Any]])
        #expect(cards.map(cardKey) == F.smallDeck)
        #expect(cards.map { $0["section"] as? String } == ["morning", "afternoon", "afternoon", "evening", "preBed"])
        #expect(cards[0]["title"] as? String == "Morning stretch")
        #expect(cards[0]["description"] as? String == "Five minutes of stretching.")
        #expect(cards[2]["description"] is NSNull)
        #expect(cards[2]["roi"] is NSNull)
        #expect(cards[1]["defaultCount"] as? Int == 1)
        #expect((cards[1]["healthHint"] as? [String: Any])?["type"] as? String == "water")
        let summary = try #require(deck["summary"] as? [String: Any])
        #expect(summary["pending"] as? [String] == ["stretch", "water_glasses"])

        // The hint mapping by id, and an entry's own hint overriding it.
        let hints = try cli.write("hints.json", """
            [
              {"id": "exercise_timing", "title": "Evening run", "sections": ["evening"], "trackingType": "timer",
               "healthHint": "mindfulness"},
              {"id": "hydration_evening", "title": "Water with dinner", "sections": ["evening"], "trackingType": "counter"},
              {"id": "yoga", "title": "Yoga", "sections": ["evening"], "trackingType": "timer", "healthHint": "exercise"},
              {"id": "stress_reduction", "title": "Breathe", "sections": ["evening"], "trackingType": "binary"}
            ]
            """)
        let hinted = try await cli.cards(now: F.tenAM, ["--catalog", hints.path])
        #expect(hinted.map { ($0["healthHint"] as? [String: Any])?["type"] as? String }
            == ["mindfulness", "water", "exercise", "mindfulness"])
        #expect((hinted[2]["healthHint"] as? [String: Any])?["message"] as? String
            == "Connect your health data to see the workouts you logged")
        // Without --catalog the bundled one is back.
        #expect(try await cli.cardKeys(now: F.tenAM) == F.keys(on: F.yesterday))
    }

    @Test("WELLNESS_CATALOG replaces the catalog too; --catalog wins over it", arguments: persistentStores)
    func catalogFromEnvironment(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let small = try cli.write("small.json", F.smallCatalog)
        let two = try cli.write("two.json", F.twoCardCatalog)
        let bad = try cli.write("bad.json", "not json")
        let env = ["WELLNESS_CATALOG": small.path]
        #expect(try await cli.cardKeys(now: F.tenAM, extraEnv: env) == F.smallDeck)
        let viaOption = try await cli.ok(["deck", "--json", "--catalog", small.path], now: F.tenAM).stdout
        #expect(try await cli.ok(["deck", "--json"], now: F.tenAM, extraEnv: env).stdout == viaOption)
        let list = try await cli.ok(["interventions", "list", "--json"], now: F.tenAM, extraEnv: env)
        #expect((try list.json() as? [[String: Any]])?.map { $0["id"] as? String } == F.smallIDs)
        #expect(try await cli.cardKeys(now: F.tenAM, ["--catalog", two.path], extraEnv: env)
            == ["stretch@2026-01-05", "water_glasses@2026-01-05"])
        #expect(try await cli.cardKeys(now: F.tenAM, ["--catalog", two.path], extraEnv: ["WELLNESS_CATALOG": bad.path])
            == ["stretch@2026-01-05", "water_glasses@2026-01-05"])
        // Empty means unset.
        #expect(try await cli.cardKeys(now: F.tenAM, extraEnv: ["WELLNESS_CATALOG": ""]) == F.keys(on: F.yesterday))
        let refused = try await cli.run(["deck"], now: F.tenAM, extraEnv: ["WELLNESS_CATALOG": bad.path])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains(bad.path), "\(refused)")
    }

    /// A catalog file that must be refused, and what the error must name.
    struct BadCatalog: Sendable, CustomStringConvertible {
        let name: String
        let contents: String
        /// `entry N` and `field "F"`, or `nil` when the file as a whole is wrong.
        let entry: Int?
        let field: String?
        let mentions: [String]
        var description: String { name }
    }

    static let badCatalogs: [BadCatalog] = [
        BadCatalog(name: "unknown trackingType", contents: """
            [{"id": "a", "title": "A", "sections": ["morning"], "trackingType": "binary"},
             {"id": "b", "title": "B", "sections": ["morning"], "trackingType": "weekly"}]
            """, entry: 2, field: "trackingType", mentions: ["weekly", "binary", "counter", "timer"]),
        BadCatalog(name: "missing title", contents: """
            [{"id": "a", "title": "A", "sections": ["morning"], "trackingType": "binary"},
             {"id": "b", "title": "B", "sections": ["evening"], "trackingType": "timer"},
             {"id": "c", "sections": ["morning"], "trackingType": "binary"}]
            """, entry: 3, field: "title", mentions: ["missing"]),
        BadCatalog(name: "duplicate id", contents: """
            [{"id": "a", "title": "A", "sections": ["morning"], "trackingType": "binary"},
             {"id": "b", "title": "B", "sections": ["morning"], "trackingType": "binary"},
             {"id": "a", "title": "A again", "sections": ["evening"], "trackingType": "binary"}]
            """, entry: 3, field: "id", mentions: ["duplicate", "\"a\""]),
        BadCatalog(name: "unknown section", contents: """
            [{"id": "a", "title": "A", "sections": ["night"], "trackingType": "binary"}]
            """, entry: 1, field: "sections", mentions: ["night"]),
        BadCatalog(name: "unknown roi", contents: """
            [{"id": "a", "title": "A", "sections": ["morning"], "trackingType": "binary", "roi": "huge"}]
            """, entry: 1, field: "roi", mentions: ["huge"]),
        BadCatalog(name: "misspelt field", contents: """
            [{"id": "a", "title": "A", "sections": ["morning"], "trackingType": "binary", "helthHint": "water"}]
            """, entry: 1, field: "helthHint", mentions: ["unknown field"]),
        BadCatalog(name: "not JSON", contents: "[{\"id\": \"a\", ", entry: nil, field: nil, mentions: ["JSON"]),
        BadCatalog(name: "not an array", contents: "{\"id\": \"a\"}", entry: nil, field: nil, mentions: ["array"]),
    ]

    @Test("a malformed catalog is refused: exit 1, stderr names the file, entry and field; nothing is written",
          arguments: badCatalogs, persistentStores)
    func malformedCatalog(bad: BadCatalog, store: String) async throws {
        let cli = try Sandbox(store: store)
        let file = try cli.write("catalog.json", bad.contents)
        for arguments in [["deck", "--json"], ["interventions", "list"],
                          ["interventions", "complete", "a"], ["deck", "done", "a", "--day", F.yesterday]] {
            let result = try await cli.run(arguments + ["--catalog", file.path], now: F.tenAM)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
            #expect(result.stderr.contains(file.path), "names the file: \(result)")
            if let entry = bad.entry {
                #expect(result.stderr.contains("entry \(entry)"), "names the entry: \(result)")
            }
            if let field = bad.field {
                #expect(result.stderr.contains("field \"\(field)\""), "names the field: \(result)")
            }
            for text in bad.mentions {
                #expect(result.stderr.contains(text), "mentions \(text): \(result)")
            }
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "no store was created")

        // On an existing store nothing changes either.
        try await cli.ok(["interventions", "complete", "hydration_morning", "--count", "2"], now: F.tenAM)
        let before = try await cli.ok(["deck", "--json"], now: F.tenAM).stdout
        let refused = try await cli.run(["interventions", "complete", "hydration_morning", "--catalog", file.path],
                                        now: F.tenAM)
        #expect(refused.status == 1, "\(refused)")
        #expect(try await cli.ok(["deck", "--json"], now: F.tenAM).stdout == before)
        #expect(try await cli.history("hydration_morning", now: F.tenAM).completions.count == 1)
    }

    @Test("a catalog file that does not exist is refused, naming it")
    func missingCatalog() async throws {
        let cli = try Sandbox()
        let path = cli.root.file("nowhere.json").path
        let result = try await cli.run(["deck", "--catalog", path], now: F.tenAM)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(path), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: cli.data.path))
    }

    // MARK: - Summary and demo

    @Test("wellness (summary) mentions the catch-up cards and the current section", arguments: persistentStores)
    func summaryText(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let bare = try await cli.raw([], extraEnv: ["WELLNESS_STORE": store, "WELLNESS_DATA_DIR": cli.data.path,
                                                   "WELLNESS_NOW": F.tenAM])
        #expect(bare.status == 0, "\(bare)")
        #expect(bare.stdout.contains(
            "Catch-up: 16 cards (Charge your biofeedback device, Drink water on waking, Morning daylight…). Run: wellness deck"),
                "\(bare)")
        #expect(bare.stdout.contains("Morning: 2 h 0 min left."), "\(bare)")
        let late = try await cli.ok(["summary"], now: F.lateNight)
        #expect(late.stdout.contains("Catch-up: 16 cards"), "\(late)")
        #expect(late.stdout.contains("All caught up"), "\(late)")
    }

    @Test("summary --json has the deck: the same cards and summary as deck --json", arguments: persistentStores)
    func summaryJSON(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        try await cli.ok(["deck", "done", "hydration_morning", "--day", F.yesterday, "--count", "2"], now: F.tenAM)
        for now in [F.tenAM, F.lateNight] {
            let summary = try #require(try await cli.ok(["summary", "--json"], now: now).json() as? [String: Any])
            let deck = try #require(summary["deck"] as? [String: Any])
            #expect(Set(deck.keys) == ["cards", "summary"])
            #expect(try canonicalJSON(deck) == canonicalJSON(try await cli.deck(now: now)))
        }
    }

    @Test("a brand-new store has nothing to catch up on; the next day it cards only what ended after its first run",
          arguments: persistentStores)
    func startsAtFirstRun(store: String) async throws {
        let cli = try Sandbox(store: store)
        #expect(try await cli.cardKeys(now: F.tenAM).isEmpty, "nothing from the day before the first run")
        for (lang, empty) in [("C.UTF-8", "Nothing to catch up on."), ("nl_NL.UTF-8", "Niets in te halen.")] {
            let text = try await cli.ok(["deck"], now: F.tenAM, extraEnv: ["LANG": lang])
            #expect(text.stdout.contains(empty), "\(text)")
        }
        // The first run was at 10:00 on the 6th, in the morning section: the next morning every
        // section of the 6th is carded, the morning included (it ended after the first run).
        #expect(try await cli.cardKeys(now: "2026-01-07T10:00") == F.keys(on: F.today))
    }

    @Test("demo mentions the deck and leaves part of the last 24 hours open for it", arguments: persistentStores)
    func demo(store: String) async throws {
        let cli = try Sandbox(store: store)
        let result = try await cli.ok(["demo"], now: F.tenAM)
        #expect(result.stdout.contains("wellness deck --data-dir"), "\(result)")
        #expect(result.stdout.contains("wellness deck swipe --data-dir"), "\(result)")
        #expect(result.stdout.contains("catch-up deck"), "\(result)")
        let keys = try await cli.cardKeys(now: F.tenAM)
        #expect(!keys.isEmpty, "the demo leaves cards to catch up on")
        #expect(keys.count < F.dayCards.count, "the demo ticked some off: \(keys)")
        #expect(Set(keys).isSubset(of: F.keys(on: F.yesterday)), "\(keys)")
        let summary = try await cli.ok(["summary"], now: F.tenAM)
        #expect(summary.stdout.contains("Catch-up: \(keys.count) cards"), "\(summary)")
        // Some history exists for the deck's items.
        let history = try await cli.history("morning_light", now: F.tenAM)
        #expect(history.completions.count > 10, "a month of data")
    }

    @Test("demo --store memory mentions the deck too")
    func demoMemory() async throws {
        let cli = try Sandbox(store: "memory")
        let result = try await cli.ok(["demo"], now: F.tenAM)
        #expect(result.stdout.contains("wellness deck"), "\(result)")
        #expect(result.stdout.contains("catch-up deck"), "\(result)")
    }
}
