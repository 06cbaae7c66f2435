import Foundation
import Testing
import WellnessTestSupport

/// Issue 37, finding 1: a Health value no body or watch gives is refused where it enters (an
/// export, a restore); one already stored is named instead of crashing the summary and the
/// deck; `health remove` takes samples out.
@Suite("CLI: health values bounded, and health remove")
struct HealthLimitsCLITests {
    typealias F = DeckFixture

    static func workout(duration: String, unit: String = "min", source: String = "Ann&#8217;s Apple Watch") -> String {
        #"<Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="\#(duration)" durationUnit="\#(unit)" sourceName="\#(source)" startDate="2026-01-05 18:00:00 +0100" endDate="2026-01-05 18:42:00 +0100"/>"#
    }

    static func record(_ type: String, unit: String, value: String, source: String = "Probe") -> String {
        #"<Record type="\#(type)" sourceName="\#(source)" unit="\#(unit)" startDate="2026-01-05 08:00:00 +0100" endDate="2026-01-05 08:01:00 +0100" value="\#(value)"/>"#
    }

    @Test("the probe's hostile values stop the import at their line, nothing saved; summary and deck still work",
          arguments: persistentStores, [
            workout(duration: "1e300", unit: "h"),
            record("HKQuantityTypeIdentifierStepCount", unit: "count", value: "1e19"),
            record("HKQuantityTypeIdentifierRestingHeartRate", unit: "count/min", value: "1e300"),
            record("HKQuantityTypeIdentifierDietaryWater", unit: "L", value: "1e308"),
          ])
    func hostileImport(store: String, element: String) async throws {
        let cli = try await Sandbox(store: store).started()
        let file = try HealthCLITests.zip(cli, HealthCLITests.records + [element])
        let result = try await cli.run(["health", "import", file], now: F.tenAM)
        #expect(result.status == 1, "\(result)")
        let lines = HealthExportFixtures.xml(HealthCLITests.records + [element]).components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(element) }) + 1
        #expect(result.stderr.contains("line \(line), <\(element.hasPrefix("<Workout") ? "Workout" : "Record")>: a "),
                "\(result)")
        #expect(result.stderr.contains("is outside"), "\(result)")
        #expect(result.stderr.contains("nothing was imported"), "\(result)")
        let summary = try await cli.ok(["health", "summary", "--days", "2", "--json"], now: F.tenAM)
        #expect((try summary.json() as? [[String: Any]])?.allSatisfy { $0["steps"] is NSNull } == true, "\(summary)")
        try await cli.ok(["deck", "--json"], now: F.tenAM)
        try await cli.ok([], now: F.tenAM)
    }

    /// A JSON store holding a workout of `minutes` minutes, written past the import's rules (as an
    /// older version or a hand edit could).
    static func planted(minutes: String) async throws -> Sandbox {
        let cli = try await Sandbox(store: "json").started()
        let file = try HealthCLITests.zip(cli, [workout(duration: "42", source: "Rogue Watch"),
                                                record("HKQuantityTypeIdentifierStepCount", unit: "count", value: "300")])
        try await cli.ok(["health", "import", file], now: F.tenAM)
        let url = cli.data.appendingPathComponent("health.json")
        let stored = try String(contentsOf: url, encoding: .utf8)
        let edited = stored.replacingOccurrences(of: #""value" : 42"#, with: #""value" : \#(minutes)"#)
        try #require(edited != stored, "no workout value of 42 in \(stored)")
        try Data(edited.utf8).write(to: url)
        return cli
    }

    @Test("a stored sample out of its limits: summary, deck and today's summary exit 1 naming it, never crash; remove takes it out")
    func storedValue() async throws {
        let cli = try await Self.planted(minutes: "6e301")
        for arguments in [["health", "summary", "--days", "2", "--json"], ["deck", "--json"], []] {
            let result = try await cli.run(arguments, now: F.tenAM)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.contains("a stored workout sample from Rogue Watch at 2026-01-05T17:00:00.000Z cannot be used: a workout value of 6e+301 is outside 0 to 10080 min"),
                    "\(arguments): \(result)")
        }
        let dryRun = try await cli.ok(["health", "remove", "--source", "Rogue Watch", "--dry-run"], now: F.tenAM)
        #expect(dryRun.stdout == "Would remove 1 health sample (dry run: nothing removed).\n", "\(dryRun)")
        #expect(try await cli.run(["health", "summary"], now: F.tenAM).status == 1, "a dry run removes nothing")
        let removed = try await cli.ok(["health", "remove", "--source", "Rogue Watch", "--json"], now: F.tenAM)
        let report = try #require(try removed.json() as? [String: Any], "\(removed)")
        #expect(report["removed"] as? Int == 1 && report["dryRun"] as? Bool == false, "\(report)")
        let days = try await cli.ok(["health", "summary", "--days", "2", "--json"], now: F.tenAM)
        let monday = try #require((try days.json() as? [[String: Any]])?.last, "\(days)")
        #expect(monday["steps"] as? Int == 300 && monday["workouts"] is NSNull, "\(monday)")
        try await cli.ok(["deck", "--json"], now: F.tenAM)
    }

    @Test("a backup holding a sample out of its limits is refused by restore, naming it; nothing restored",
          arguments: persistentStores)
    func restoreRefused(store: String) async throws {
        let source = try await Self.planted(minutes: "1e300")
        let archive = source.root.file("backup.json")
        try await source.ok(["backup", archive.path], now: F.tenAM)
        let target = try Sandbox(store: store)
        let result = try await target.run(["restore", archive.path], now: F.tenAM)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("health"), "\(result)")
        #expect(result.stderr.contains("a workout value of 1e+300 is outside 0 to 10080 min"), "\(result)")
        let summary = try await target.ok(["health", "summary", "--days", "2", "--json"], now: F.tenAM)
        #expect((try summary.json() as? [[String: Any]])?.allSatisfy { $0["steps"] is NSNull } == true, "\(summary)")
    }

    @Test("health remove by type, by source, or all, with --dry-run; weigh-ins stay", arguments: persistentStores)
    func remove(store: String) async throws {
        let cli = try await Sandbox(store: store).started()
        try await cli.ok(["health", "import", try HealthCLITests.zip(cli)], now: F.tenAM)
        func removed(_ arguments: [String]) async throws -> Int? {
            let result = try await cli.ok(["health", "remove"] + arguments + ["--json"], now: F.tenAM)
            return (try result.json() as? [String: Any])?["removed"] as? Int
        }
        #expect(try await removed(["--type", "steps", "--dry-run"]) == 2)
        #expect(try await removed(["--type", "steps"]) == 2)
        #expect(try await removed(["--type", "steps"]) == 0)
        #expect(try await removed(["--source", "Ann’s Apple Watch", "--type", "sleep"]) == 1)
        #expect(try await removed(["--all", "--dry-run"]) == 5)
        let text = try await cli.ok(["health", "remove", "--all"], now: F.tenAM)
        #expect(text.stdout == "Removed 5 health samples.\n", "\(text)")
        let summary = try await cli.ok(["health", "summary", "--days", "2"], now: F.tenAM)
        #expect(summary.stdout.hasPrefix("No health data on these days."), "\(summary)")
        let weights = try await cli.ok(["weight", "list", "--json"], now: F.tenAM)
        #expect((try weights.json() as? [Any])?.count == 1, "\(weights)")
    }

    @Test("health remove needs --source, --type or --all, not --all with them; an unknown type is named",
          arguments: [[], ["--all", "--source", "x"], ["--all", "--type", "steps"], ["--type", "pulse"]])
    func removeUsage(arguments: [String]) async throws {
        let cli = try await Sandbox(store: "sqlite").started()
        let result = try await cli.run(["health", "remove"] + arguments, now: F.tenAM)
        #expect(result.status == 64, "\(result)")
        let expected = arguments.contains("pulse") ? "unknown health data type 'pulse'" : "give --source, --type (or both) or --all"
        #expect(result.stderr.contains(expected), "\(result)")
    }
}
