import Foundation
import Testing
import WellnessTestSupport

/// `wellness interventions list|complete|history` end to end, on each persistent store.
@Suite("CLI: interventions")
struct InterventionsCLITests {
    typealias F = DeckFixture

    // MARK: - list

    @Test("interventions list --json: the bundled catalog in catalog order, with its fields", arguments: persistentStores)
    func listJSON(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let result = try await cli.ok(["interventions", "list", "--json"], now: F.tenAM)
        let items = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(items.count >= 15)
        #expect(items.map { $0["id"] as? String } == F.bundledIDs)
        let allowed: Set<String> = ["id", "title", "description", "sections", "trackingType", "roi", "healthHint"]
        let sections: Set<String> = ["morning", "afternoon", "evening", "preBed", "anytime"]
        let types: Set<String> = ["binary", "counter", "timer", "checklist", "appointment", "automatic"]
        for item in items {
            let id = item["id"] as? String ?? "?"
            #expect(Set(item.keys).isSubset(of: allowed), "\(id): \(item.keys.sorted())")
            #expect((item["title"] as? String)?.isEmpty == false, "\(id)")
            #expect((item["description"] as? String)?.isEmpty == false, "\(id): the bundled items are described")
            let itemSections = try #require(item["sections"] as? [String], "\(id)")
            #expect(!itemSections.isEmpty && Set(itemSections).isSubset(of: sections), "\(id): \(itemSections)")
            #expect(types.contains(item["trackingType"] as? String ?? ""), "\(id)")
            #expect(["low", "medium", "high"].contains(item["roi"] as? String ?? ""), "\(id)")
        }
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as? String ?? "?", $0) })
        // The hint mapping of DESIGN.md §2 shows in the list.
        #expect(byID["exercise_timing"]?["healthHint"] as? String == "exercise")
        #expect(byID["hydration_morning"]?["healthHint"] as? String == "water")
        #expect(byID["hydration_target"]?["healthHint"] as? String == "water")
        #expect(byID["stress_reduction"]?["healthHint"] as? String == "mindfulness")
        #expect(byID["mindfulness_prebed"]?["healthHint"] as? String == "mindfulness")
        for id in ["charge_biofeedback", "morning_light", "screens_off"] {
            let hint = byID[id]?["healthHint"]
            #expect(hint == nil || hint is NSNull, "\(id) has no health hint")
        }
        // Charging a biofeedback device is a morning item.
        #expect(byID["charge_biofeedback"]?["sections"] as? [String] == ["morning"])
        #expect((byID["charge_biofeedback"]?["title"] as? String)?.localizedCaseInsensitiveContains("biofeedback") == true)
        #expect(byID["exercise_timing"]?["sections"] as? [String] == ["morning", "evening"])
        #expect(byID["mindfulness_prebed"]?["sections"] as? [String] == ["preBed"])
        // Every section of the day is covered.
        let covered = Set(items.flatMap { $0["sections"] as? [String] ?? [] })
        #expect(covered.isSuperset(of: ["morning", "afternoon", "evening", "preBed"]))
    }

    @Test("interventions list (text) lists every id in catalog order, and is the default subcommand",
          arguments: persistentStores)
    func listText(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        for arguments in [["interventions", "list"], ["interventions"]] {
            let result = try await cli.ok(arguments, now: F.tenAM)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("ID") == true, "\(result)")
            let ids = lines.dropFirst().map { String($0.prefix { $0 != " " }) }
            #expect(ids == F.bundledIDs, "\(result)")
            #expect(result.stdout.contains("Charge your biofeedback device"), "\(result)")
            #expect(result.stdout.contains("Morning, Evening"), "exercise_timing's two sections: \(result)")
        }
    }

    // MARK: - complete and history

    @Test("history of an item never done or decided says so, in English and Dutch, instead of bare headers",
          arguments: [("C.UTF-8", "No completions or decisions of "), ("nl_NL.UTF-8", "Nog geen voltooiingen of beslissingen van ")])
    func emptyHistory(lang: String, says: String) async throws {
        let cli = try await Sandbox().started()
        let result = try await cli.ok(["interventions", "history", "morning_light"], now: F.tenAM, extraEnv: ["LANG": lang])
        #expect(result.stdout.hasPrefix(says), "\(result)")
        #expect(result.stdout.split(separator: "\n").count == 1, "one line, no headers: \(result)")
    }

    @Test("complete with --count and --at, then history --json in another process", arguments: persistentStores)
    func completeAndHistory(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        #expect(try await cli.history("hydration_morning", now: F.tenAM).completions.isEmpty)

        // --at without an offset is local time (08:30 in Amsterdam is 07:30Z).
        let logged = try await cli.ok(["interventions", "complete", "hydration_morning", "--count", "3",
                                       "--at", "2026-01-05T08:30", "--json"], now: F.tenAM)
        let completion = try #require(try logged.json() as? [String: Any], "\(logged)")
        #expect(completion["interventionId"] as? String == "hydration_morning")
        #expect(completion["day"] as? String == F.yesterday)
        #expect(completion["timestamp"] as? String == "2026-01-05T07:30:00.000Z")
        #expect(completion["count"] as? Int == 3)

        // Without --at: now; without --count: 1.
        let text = try await cli.ok(["interventions", "complete", "hydration_morning"], now: F.tenAM)
        #expect(text.stdout.contains("Drink water on waking"), "\(text)")
        // With an offset: that instant; 23:30Z is already 6 January in Amsterdam.
        try await cli.ok(["interventions", "complete", "charge_biofeedback", "--at", "2026-01-05T23:30:00Z"],
                         now: F.tenAM)

        let water = try await cli.history("hydration_morning", now: "2026-01-07T09:00")
        #expect(water.completions.map { $0["day"] as? String } == [F.yesterday, F.today])
        #expect(water.completions.map { $0["timestamp"] as? String }
            == ["2026-01-05T07:30:00.000Z", "2026-01-06T09:00:00.000Z"])
        #expect(water.completions.map { $0["count"] as? Int } == [3, 1])
        #expect(water.decisions.isEmpty)

        let charge = try await cli.history("charge_biofeedback", now: "2026-01-07T09:00")
        #expect(charge.completions.map { $0["day"] as? String } == [F.today])
        #expect(charge.completions.first?["timestamp"] as? String == "2026-01-05T23:30:00.000Z")
        #expect(charge.completions.first?["count"] as? Int == 1)

        // Text history lists the completions in local time.
        let table = try await cli.ok(["interventions", "history", "hydration_morning"], now: F.tenAM)
        #expect(table.stdout.contains("2026-01-05 08:30"), "\(table)")
        #expect(table.stdout.contains("2026-01-06 10:00"), "\(table)")
    }

    @Test("an unknown id is refused by complete and history, naming it and listing the valid ids",
          arguments: persistentStores)
    func unknownID(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        for arguments in [["interventions", "complete", "meditate_daily"], ["interventions", "history", "meditate_daily"],
                          ["interventions", "history", "meditate_daily", "--json"]] {
            let result = try await cli.run(arguments, now: F.tenAM)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.contains("meditate_daily"), "\(result)")
            for id in F.bundledIDs {
                #expect(result.stderr.contains(id), "\(arguments) lists \(id): \(result)")
            }
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
        }
    }

    /// A `complete` the use case refuses, with what stderr must mention.
    struct Refusal: Sendable, CustomStringConvertible {
        let arguments: [String]
        let mentions: [String]
        /// 64 for a malformed value (a usage error), 1 for one the use case refuses.
        var status: Int32 = 1
        var description: String { arguments.joined(separator: " ") }
    }

    static let refusals: [Refusal] = [
        Refusal(arguments: ["charge_biofeedback", "--count", "2"], mentions: ["charge_biofeedback", "counter"]),
        Refusal(arguments: ["morning_light", "--count", "5"], mentions: ["morning_light", "counter"]),
        Refusal(arguments: ["hydration_morning", "--count", "0"], mentions: ["0"]),
        Refusal(arguments: ["hydration_morning", "--count", "1001"], mentions: ["1001"]),
        Refusal(arguments: ["hydration_morning", "--at", "2026-01-06T10:06"], mentions: ["future", "2026-01-06T10:06"]),
        Refusal(arguments: ["hydration_morning", "--at", "2026-01-07T09:00:00Z"], mentions: ["future"]),
        Refusal(arguments: ["hydration_morning", "--at", "yesterday"], mentions: ["--at", "yesterday"], status: 64),
        Refusal(arguments: ["hydration_morning", "--at", "2026-02-30T08:00"], mentions: ["--at", "2026-02-30T08:00"],
                status: 64),
    ]

    @Test("complete refuses a count on a non-counter, count 0 or too large, a future or malformed --at; nothing is logged",
          arguments: refusals, persistentStores)
    func completeRefused(refusal: Refusal, store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let result = try await cli.run(["interventions", "complete"] + refusal.arguments, now: F.tenAM)
        #expect(result.status == refusal.status, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        for text in refusal.mentions {
            #expect(result.stderr.contains(text), "mentions \(text): \(result)")
        }
        let id = refusal.arguments[0]
        let history = try await cli.history(id, now: F.tenAM)
        #expect(history.completions.isEmpty && history.decisions.isEmpty)
        #expect(try await cli.cardKeys(now: F.tenAM).contains("\(id)@\(F.yesterday)"), "the card is still due")
    }

    @Test("a count of 1 on a binary item is fine (the default), and a counter takes up to 1000",
          arguments: persistentStores)
    func countBounds(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        try await cli.ok(["interventions", "complete", "charge_biofeedback", "--count", "1"], now: F.tenAM)
        try await cli.ok(["interventions", "complete", "hydration_target", "--count", "1000"], now: F.tenAM)
        #expect(try await cli.history("hydration_target", now: F.tenAM).completions.map { $0["count"] as? Int } == [1000])
    }

    @Test("history keeps entries of an id a later --catalog no longer has", arguments: persistentStores)
    func historyOutsideCatalog(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        try await cli.ok(["interventions", "complete", "hydration_morning", "--count", "2"], now: F.tenAM)
        let catalog = try cli.write("small.json", F.smallCatalog)
        let history = try await cli.history("hydration_morning", now: F.tenAM, ["--catalog", catalog.path])
        #expect(history.completions.map { $0["count"] as? Int } == [2])
        let unknown = try await cli.run(["interventions", "history", "morning_light", "--catalog", catalog.path],
                                        now: F.tenAM)
        #expect(unknown.status == 1, "\(unknown)")
        #expect(unknown.stderr.contains("morning_light") && unknown.stderr.contains("water_glasses"), "\(unknown)")
    }
}
