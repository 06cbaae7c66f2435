import Foundation
import Testing
import WellnessTestSupport

/// `wellness due [--new] [--json]` in-process, in English and Dutch, on SQLite and JSON stores.
@Suite("CLI: due")
struct DueCLITests {
    @Test("due lists what is open; --new says each item once and nothing when nothing fell due", arguments: ["sqlite", "json"])
    func due(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["walks", "plan", "07:30", "18:00"], now: "2026-11-27T06:00:00+01:00")
        let morning = try await cli.ok(["due"], now: "2026-11-27T08:00:00+01:00")
        #expect(morning.stdout == "2026-11-27 07:30  Walk planned at 07:30\n", "\(morning)")
        let first = try await cli.ok(["due", "--new"], now: "2026-11-27T08:00:00+01:00")
        #expect(first.stdout == morning.stdout)
        let again = try await cli.ok(["due", "--new"], now: "2026-11-27T08:10:00+01:00")
        #expect(again.stdout.isEmpty && again.stderr.isEmpty, "quiet for a timer: \(again)")
        try await cli.ok(["walks", "add", "--minutes", "30"], now: "2026-11-27T08:15:00+01:00")
        let walked = try await cli.ok(["due"], now: "2026-11-27T08:20:00+01:00")
        #expect(walked.stdout == "Nothing is due.\n", "\(walked)")

        let evening = try #require(try await cli.ok(["due", "--json"], now: "2026-11-27T20:30:00+01:00").json() as? [[String: Any]])
        let kinds = evening.compactMap { $0["kind"] as? String }
        #expect(kinds == ["walk", "checkin"], "a supplement stack never used has nothing due: \(evening)")
        #expect(evening.first { $0["kind"] as? String == "walk" }?["since"] as? String == "2026-11-27T17:00:00.000Z")
        let dutch = try await cli.ok(["due"], now: "2026-11-27T20:30:00+01:00", extraEnv: ["LANG": "nl_NL.UTF-8"])
        #expect(dutch.stdout.contains("Wandeling gepland om 18:00") && dutch.stdout.contains("De check-in van vandaag"),
                "\(dutch)")
        let newEvening = try await cli.ok(["due", "--new"], now: "2026-11-27T20:30:00+01:00")
        #expect(!newEvening.stdout.contains("07:30") && newEvening.stdout.contains("Walk planned at 18:00"),
                "only what fell due since 08:10: \(newEvening)")
    }

    @Test("due and walks are commands of wellness --help, each with its abstract")
    func help() async throws {
        let help = try await Sandbox().raw(["--help"])
        let lines = help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix("due ") && $0.contains("What is due now or overdue") }, "\(help)")
        #expect(lines.contains { $0.hasPrefix("walks ") && $0.contains("Walks with the dog") }, "\(help)")
    }

    @Test("a walk planned for a time already past is said by the next due --new; a backup does not carry what was said")
    func plannedLate() async throws {
        let cli = try Sandbox()
        try await cli.ok(["walks", "plan", "18:00"], now: "2026-11-27T17:00:00+01:00")
        #expect(try await cli.ok(["due", "--new"], now: "2026-11-27T18:30:00+01:00").stdout.contains("18:00"))
        try await cli.ok(["walks", "plan", "07:00", "18:00"], now: "2026-11-27T18:35:00+01:00")
        let later = try await cli.ok(["due", "--new"], now: "2026-11-27T18:40:00+01:00")
        #expect(later.stdout.isEmpty, "07:00's window ended at 11:30; 18:00 was said: \(later)")
        try await cli.ok(["walks", "plan", "18:00", "18:30"], now: "2026-11-27T18:45:00+01:00")
        let added = try await cli.ok(["due", "--new"], now: "2026-11-27T18:50:00+01:00")
        #expect(added.stdout == "2026-11-27 18:30  Walk planned at 18:30\n", "planned after its moment, said once: \(added)")
        let archive = try await cli.ok(["backup", "-"], now: "2026-11-27T18:55:00+01:00")
        #expect(!archive.stdout.contains("dueMarker") && !archive.stdout.contains("announced"), "the device's, not backed up")
    }
}
