import Foundation
import Testing
import WellnessTestSupport

/// `--locale nl` all the way through: catalog, default supplements, equipment and tips.
@Suite("CLI: Dutch content")
struct DutchCLITests {
    static let now = "2026-03-02T09:00"

    @Test("catalog titles, a new store's supplements, equipment and rule-based tips are Dutch under --locale nl",
          arguments: persistentStores)
    func dutch(store: String) async throws {
        let cli = try Sandbox(store: store)
        func nl(_ arguments: [String]) async throws -> String {
            try await cli.ok(arguments + ["--locale", "nl"], now: Self.now).stdout
        }
        let catalog = try await nl(["interventions", "list"])
        #expect(catalog.contains("Drink water bij het opstaan") && !catalog.contains("Drink water on waking"), "\(catalog)")
        let supplements = try await nl(["supplements"])
        #expect(supplements.contains("Vitamine D3") && supplements.contains("Magnesiumglycinaat"), "\(supplements)")
        try await cli.ok(["supplements", "take", "Vitamine D3", "--locale", "nl"], now: Self.now)
        let exercises = try await nl(["exercises", "list", "--equipment", "barbell"])
        #expect(exercises.contains("Halterstang"), "\(exercises)")
        let added = try #require(try await cli.ok(["goals", "add", "Beter slapen", "--json"], now: Self.now).json()
                                    as? [String: Any])
        let id = try #require(added["id"] as? String)
        let tips = try await nl(["tips", id])
        #expect(tips.contains("biologische klok") || tips.contains("slaapkamer"), "\(tips)")
    }

    @Test("a store seeded in English keeps its supplement names under --locale nl: what is stored is shown")
    func seededInEnglish() async throws {
        let cli = try Sandbox()
        try await cli.ok(["supplements"], now: Self.now)
        let later = try await cli.ok(["supplements", "--locale", "nl"], now: Self.now).stdout
        #expect(later.contains("Vitamin D3") && !later.contains("Vitamine D3"), "\(later)")
    }

    @Test("the CLI's own refusals are worded in the run's language (exit 64)",
          arguments: [(["serve", "--port", "70000"], "--port must be 0…65535", "--port moet 0…65535 zijn"),
                      (["serve", "--max-body", "10"], "--max-body must be at least 1024", "--max-body moet minstens 1024 zijn"),
                      (["serve", "--trusted-proxy", "10.0.0.0/33"],
                       "invalid --trusted-proxy '10.0.0.0/33': expected an IP address or CIDR range",
                       "ongeldige --trusted-proxy '10.0.0.0/33': verwacht een IP-adres of CIDR-bereik"),
                      (["queue", "retry"], "give an item id or --all, not both", "geef een id of --all, niet allebei")])
    func refusals(arguments: [String], english: String, dutch: String) async throws {
        let cli = try Sandbox()
        for (locale, expected) in [("en", english), ("nl", dutch)] {
            let result = try await cli.run(arguments + ["--locale", locale], now: Self.now)
            #expect(result.status == 64 && result.stderr.contains(expected), "\(result)")
        }
    }
}
