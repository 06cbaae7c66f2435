import Foundation
import Testing
import WellnessTestSupport

/// Errors, the environment, the summary and the demo, end to end.
@Suite("CLI: errors, summary, demo")
struct GeneralCLITests {
    // MARK: - Errors

    /// A value the parser refuses, with what stderr must name besides the bad value.
    struct BadValue: Sendable, CustomStringConvertible {
        let arguments: [String]
        let bad: String
        let listed: [String]
        var description: String { arguments.joined(separator: " ") }
    }

    static let badValues: [BadValue] = [
        BadValue(arguments: ["modules", "enable", "walks", "gardening"], bad: "gardening", listed: allModules),
        BadValue(arguments: ["modules", "use", "Gardening"], bad: "Gardening", listed: allModules),
        BadValue(arguments: ["nudges", "dismiss", "disable_gardening"], bad: "disable_gardening",
                 listed: ["disable_medications", "enable_socialization", "phase_adult", "simplify"]),
        BadValue(arguments: ["nudges", "apply", "nope"], bad: "nope",
                 listed: ["disable_walks", "phase_senior", "simplify"]),
        BadValue(arguments: ["profile", "set", "--name", "Rex", "--birth", "2025-02-30"], bad: "2025-02-30",
                 listed: ["YYYY-MM-DD"]),
        BadValue(arguments: ["profile", "set", "--name", "Rex", "--birth", "1/2/2025"], bad: "1/2/2025",
                 listed: ["YYYY-MM-DD"]),
        BadValue(arguments: ["modules", "list", "--store", "mysql"], bad: "mysql", listed: ["sqlite", "json", "memory"]),
        BadValue(arguments: ["nudges", "--locale", "fr"], bad: "fr", listed: ["en", "nl"]),
    ]

    @Test("--help and help print the usage on stdout and exit 0, for the root, a command group and a leaf",
          arguments: [["--help"], ["help"], ["weight", "--help"], ["help", "weight"], ["weight", "list", "--help"],
                      ["checkin", "--help"], ["supplements", "-h"]])
    func help(arguments: [String]) async throws {
        let cli = try Sandbox()
        let result = try await cli.raw(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: wellness"), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "help writes nothing")
    }

    @Test("a value the parser refuses: exit 64, stderr names it and what is valid, nothing written",
          arguments: badValues)
    func parseErrors(bad: BadValue) async throws {
        let cli = try Sandbox()
        let result = try await cli.raw(bad.arguments + ["--data-dir", cli.data.path, "--now", Moment.start])
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("'\(bad.bad)'"), "\(result)")
        for valid in bad.listed {
            #expect(result.stderr.contains(valid), "\(valid): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
    }

    @Test("an invalid --now is a usage error naming the flag and the value, exit 64, in the run's language")
    func invalidNow() async throws {
        let cli = try Sandbox()
        for now in ["yesterday", "2026-13-01T09:00:00Z", "2026-01-05T25:00", "0001-01-01T12:00:00Z"] {
            let result = try await cli.run(["modules", "list"], now: now)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("--now"), "\(result)")
            #expect(result.stderr.contains("'\(now)'"), "\(result)")
            #expect(result.stderr.contains("Usage: wellness modules list"), "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
        }
        let dutch = try await cli.run(["modules", "list"], now: "yesterday", extraEnv: ["LANG": "nl_NL.UTF-8"])
        #expect(dutch.status == 64 && dutch.stderr.contains("ongeldige --now 'yesterday'"), "\(dutch)")
    }

    /// A malformed id, instant, day or number on a command, and the value stderr must name.
    struct Malformed: Sendable, CustomStringConvertible {
        let arguments: [String]
        let bad: String
        /// Words of the Dutch message.
        let dutch: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let malformed: [Malformed] = [
        Malformed(arguments: ["tips", "not-a-uuid"], bad: "not-a-uuid", dutch: "is geen id"),
        Malformed(arguments: ["goals", "remove", "abc"], bad: "abc", dutch: "is geen id"),
        Malformed(arguments: ["weight", "remove", "abcd-ef"], bad: "abcd-ef", dutch: "is geen id"),
        Malformed(arguments: ["queue", "drop", "zzzz"], bad: "zzzz", dutch: "is geen id"),
        Malformed(arguments: ["queue", "retry", "0123456789abcdef0123456789abcdef01234"],
                  bad: "0123456789abcdef0123456789abcdef01234", dutch: "is geen id"),
        Malformed(arguments: ["weight", "add", "70", "--at", "tomorrow"], bad: "tomorrow", dutch: "ongeldige --at"),
        Malformed(arguments: ["interventions", "complete", "hydration_morning", "--at", "2026-01-05T24:00"],
                  bad: "2026-01-05T24:00", dutch: "ongeldige --at"),
        Malformed(arguments: ["mood", "log", "3", "--day", "2026-02-30"], bad: "2026-02-30", dutch: "ongeldige"),
        Malformed(arguments: ["mood", "log", "6"], bad: "6", dutch: "stemming 6 kan niet"),
        Malformed(arguments: ["checkin", "--energy", "high", "--stress", "2", "--social", "3"], bad: "high",
                  dutch: "moet een heel getal van 1 tot 5 zijn"),
        Malformed(arguments: ["checkin", "--energy", "3", "--stress", "2", "--social", "3.5"], bad: "3.5",
                  dutch: "moet een heel getal van 1 tot 5 zijn"),
    ]

    @Test("a malformed id, instant, day or number is a usage error naming the value: exit 64, nothing written",
          arguments: malformed)
    func malformedValues(bad: Malformed) async throws {
        let cli = try Sandbox()
        // English; Dutch from LANG; Dutch from --locale, typed after the malformed value.
        let languages: [([String], [String: String], Bool)] = [([], [:], false), ([], ["LANG": "nl_NL.UTF-8"], true),
                                                               (["--locale", "nl"], [:], true)]
        for (locale, environment, dutch) in languages {
            let result = try await cli.run(bad.arguments + locale, now: Moment.start, extraEnv: environment)
            #expect(result.status == 64, "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.contains(bad.bad), "\(result)")
            #expect(result.stderr.contains("Usage: wellness"), "\(result)")
            if dutch { #expect(result.stderr.contains(bad.dutch), "\(result)") }
            #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
        }
    }

    @Test("invalid WELLNESS_NOW, WELLNESS_STORE or TZ: exit 1 naming the variable or value")
    func invalidEnvironment() async throws {
        let cli = try Sandbox()
        let args = ["modules", "list", "--data-dir", cli.data.path]
        let now = try await cli.raw(args, extraEnv: ["WELLNESS_NOW": "soon"])
        #expect(now.status == 1, "\(now)")
        #expect(now.stderr.contains("WELLNESS_NOW") && now.stderr.contains("'soon'"), "\(now)")

        let store = try await cli.raw(args + ["--now", Moment.start], extraEnv: ["WELLNESS_STORE": "mongo"])
        #expect(store.status == 1, "\(store)")
        #expect(store.stderr.contains("WELLNESS_STORE") && store.stderr.contains("'mongo'")
                && store.stderr.contains("sqlite, json or memory"), "\(store)")

        let zone = try await cli.raw(args + ["--now", Moment.start], extraEnv: ["TZ": "Mars/Olympus"])
        #expect(zone.status == 1, "\(zone)")
        #expect(zone.stderr.contains("TZ") && zone.stderr.contains("Mars/Olympus"), "\(zone)")
    }

    @Test("the environment picks store, data directory and time: WELLNESS_STORE, WELLNESS_DATA_DIR, WELLNESS_NOW")
    func environment() async throws {
        let cli = try Sandbox()
        let env = ["WELLNESS_STORE": "json", "WELLNESS_DATA_DIR": cli.data.path, "WELLNESS_NOW": Moment.start]
        let result = try await cli.raw(["modules", "list", "--json"], extraEnv: env)
        #expect(result.status == 0, "\(result)")
        let modules = try #require(try result.json() as? [[String: Any]])
        #expect(modules.first?["enabledAt"] as? String == Moment.startStored)
        #expect(FileManager.default.fileExists(atPath: cli.data.appendingPathComponent("modules.json").path))
        #expect(!FileManager.default.fileExists(atPath: cli.data.appendingPathComponent("wellness.sqlite").path))
        // --now wins over WELLNESS_NOW.
        let used = try await cli.raw(["modules", "use", "walks", "--json", "--now", Moment.after(days: 2)],
                                     extraEnv: env)
        #expect((try used.json() as? [String: Any])?["lastUsed"] as? String == Moment.stored(days: 2), "\(used)")
    }

    @Test("without --data-dir or WELLNESS_DATA_DIR the store is HOME/.local/share/wellness")
    func defaultDataDirectory() async throws {
        let cli = try Sandbox()
        let result = try await cli.raw(["modules", "enable", "training", "--now", Moment.start])
        #expect(result.status == 0, "\(result)")
        let file = cli.home.appendingPathComponent(".local/share/wellness/wellness.sqlite")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    // MARK: - Time

    @Test("--now without an offset is local time in TZ; with an offset or Z it is that instant")
    func nowForms() async throws {
        let cli = try Sandbox()
        let forms = [
            ("2026-01-05T10:00", "2026-01-05T09:00:00.000Z"),
            ("2026-01-05T10:00:30", "2026-01-05T09:00:30.000Z"),
            ("2026-07-05T10:00", "2026-07-05T08:00:00.000Z"),
            ("2026-01-05T10:00:00+05:00", "2026-01-05T05:00:00.000Z"),
            ("2026-01-05T09:00:00.250Z", "2026-01-05T09:00:00.250Z"),
        ]
        for (now, stored) in forms {
            let result = try await cli.ok(["modules", "use", "walks", "--json"], now: now)
            #expect((try result.json() as? [String: Any])?["lastUsed"] as? String == stored, "\(now): \(result)")
        }
    }

    @Test("TZ decides which local day it is, and so the days since use")
    func timeZoneDecidesTheDay() async throws {
        let cli = try Sandbox()
        _ = try await cli.modules(now: "2026-01-05T12:00:00Z")
        // 23:30Z on 3 February is already 4 February in Amsterdam: 30 local days; in UTC 29.
        let now = "2026-02-03T23:30:00Z"
        #expect(try await cli.nudgeIDs(now: now).contains("disable_medications"))
        let utc = try await cli.run(["nudges", "--json"], now: now, extraEnv: ["TZ": "UTC"])
        #expect(utc.status == 0, "\(utc)")
        #expect((try utc.json() as? [Any])?.isEmpty == true, "\(utc)")
        let colon = try await cli.run(["summary", "--json"], now: now, extraEnv: ["TZ": ":UTC"])
        #expect((try colon.json() as? [String: Any])?["today"] as? String == "2026-02-03", "\(colon)")
    }

    // MARK: - Summary

    @Test("wellness with no subcommand prints today's summary", arguments: persistentStores)
    func summaryIsDefault(store: String) async throws {
        let cli = try Sandbox(store: store)
        let env = ["WELLNESS_STORE": store, "WELLNESS_DATA_DIR": cli.data.path, "WELLNESS_NOW": Moment.start]
        let bare = try await cli.raw([], extraEnv: env)
        #expect(bare.status == 0, "\(bare)")
        #expect(bare.stdout.contains("Wellness — today, 2026-01-05"), "\(bare)")
        #expect(bare.stdout.contains("Active Modules: Medications, Walks, Feeding, Documents"), "\(bare)")
        #expect(bare.stdout.contains("No dog profile yet"), "\(bare)")
        #expect(bare.stdout.contains("No suggestions right now."), "\(bare)")

        let withOptions = try await cli.raw(["--store", store, "--data-dir", cli.data.path,
                                             "--now", Moment.after(days: 31)])
        #expect(withOptions.status == 0, "\(withOptions)")
        #expect(withOptions.stdout.contains("Wellness — today, 2026-02-05"), "\(withOptions)")
        #expect(withOptions.stdout.contains("disable_medications"), "\(withOptions)")

        let dutch = try await cli.raw([], extraEnv: env.merging(["LANG": "nl_NL.UTF-8"]) { $1 })
        #expect(dutch.stdout.contains("Wellness — vandaag, 2026-01-05"), "\(dutch)")
    }

    @Test("summary --json has today, dog, enabledModules, needsSetup, nudges, deck, journal, supplements, goals, insights, checkin, weight, mood, health and due",
          arguments: persistentStores)
    func summaryJSON(store: String) async throws {
        let cli = try Sandbox(store: store)
        let fresh = try await cli.ok(["summary", "--json"], now: Moment.start)
        let summary = try #require(try fresh.json() as? [String: Any])
        #expect(Set(summary.keys) == ["today", "dog", "enabledModules", "needsSetup", "nudges", "deck", "journal",
                                      "supplements", "goals", "insights", "checkin", "weight", "mood", "health", "due"])
        let due = try #require(summary["due"] as? [[String: Any]])
        #expect(!due.isEmpty && due.allSatisfy { $0["kind"] as? String == "supplement" && $0["since"] as? String == "2026-01-05T08:00:00.000Z" },
                "10:00 local: the default stack's morning supplements, from 09:00: \(due)")
        #expect((summary["checkin"] as? [String: Any])?["done"] as? Bool == false)
        #expect((summary["checkin"] as? [String: Any])?["source"] as? String == "local")
        #expect(summary["weight"] is NSNull && summary["mood"] is NSNull && summary["health"] is NSNull,
                "nothing to say: no weigh-ins, no mood, no health data")
        #expect(summary["needsSetup"] as? Bool == true, "a fresh store was never set up")
        let insights = try #require(summary["insights"] as? [String: Any])
        #expect((insights["summary"] as? [String: Any])?["checkinCount"] as? Int == 0)
        #expect(summary["today"] as? String == "2026-01-05")
        #expect(summary["dog"] is NSNull)
        #expect(summary["enabledModules"] as? [String] == defaultModules)
        #expect((summary["nudges"] as? [Any])?.isEmpty == true)

        try await cli.ok(["profile", "set", "--name", "Rex", "--birth", "2023-06-01"], now: Moment.start)
        // 22:30Z is 23:30 in Amsterdam: still 5 February there.
        let later = try await cli.ok(["summary", "--json"], now: "2026-02-05T22:30:00Z")
        let next = try #require(try later.json() as? [String: Any])
        #expect(next["today"] as? String == "2026-02-05")
        #expect((next["dog"] as? [String: Any])?["lifePhase"] as? String == "adult")
        #expect((next["nudges"] as? [[String: Any]])?.map { $0["id"] as? String }
            == ["disable_medications", "disable_walks", "disable_feeding", "disable_documents", "simplify"])
        // The local date follows TZ: 23:30Z is already 6 February in Amsterdam.
        let midnight = try await cli.ok(["summary", "--json"], now: "2026-02-05T23:30:00Z")
        #expect((try midnight.json() as? [String: Any])?["today"] as? String == "2026-02-06")
    }

    @Test("the summary answers what now: today's check-in, the latest weigh-in and its 7-day change, today's mood",
          arguments: persistentStores)
    func summaryWhatNow(store: String) async throws {
        let cli = try Sandbox(store: store)
        let before = try await cli.ok(["summary"], now: Moment.start)
        #expect(before.stdout.contains("Check-in today: not yet (wellness checkin)"), "\(before)")
        #expect(before.stdout.contains("Mood today: not logged"), "\(before)")
        #expect(!before.stdout.contains("Weight:") && !before.stdout.contains("Health "), "nothing to say: \(before)")

        try await cli.ok(["weight", "add", "73.0", "--at", "2025-12-29T08:00:00Z"], now: Moment.start)
        try await cli.ok(["weight", "add", "72.4", "--at", "2026-01-05T08:00:00Z"], now: Moment.start)
        try await cli.ok(["mood", "log", "4"], now: Moment.start)
        try await cli.ok(["checkin", "--energy", "4", "--stress", "2", "--social", "5"], now: Moment.start)
        let after = try await cli.ok(["summary"], now: Moment.start)
        #expect(after.stdout.contains("Check-in today: done (energy 4, stress 2, social 5)"), "\(after)")
        #expect(after.stdout.contains("Weight: 72.4 kg on 2026-01-05 (7 days: −0.6 kg)"), "\(after)")
        #expect(after.stdout.contains("Mood today: 4/5"), "\(after)")

        let json = try #require(try await cli.ok(["summary", "--json"], now: Moment.start).json() as? [String: Any])
        let checkin = try #require(json["checkin"] as? [String: Any])
        #expect(checkin["done"] as? Bool == true && checkin["offline"] as? Bool == false)
        #expect((checkin["checkin"] as? [String: Any])?["energy"] as? Int == 4)
        #expect(((json["weight"] as? [String: Any])?["latest"] as? [String: Any])?["weightKg"] as? Double == 72.4)
        #expect((json["mood"] as? [String: Any])?["score"] as? Int == 4)

        let dutch = try await cli.ok(["summary", "--locale", "nl"], now: Moment.start)
        #expect(dutch.stdout.contains("Check-in vandaag: gedaan (energie 4, stress 2, sociaal 5)"), "\(dutch)")
        #expect(dutch.stdout.contains("Stemming vandaag: 4/5"), "\(dutch)")
    }

    // MARK: - Demo

    @Test("demo fills an empty --data-dir; nudges then shows unused modules, phase_adult and simplify",
          arguments: persistentStores)
    func demo(store: String) async throws {
        let cli = try Sandbox(store: store)
        let result = try await cli.ok(["demo"], now: Moment.start)
        #expect(result.stdout.contains("Ollie"), "\(result)")
        #expect(result.stdout.contains(cli.data.path), "\(result)")
        let ids = try await cli.nudgeIDs(now: Moment.start)
        #expect(ids == ["disable_medications", "disable_socialization", "disable_documents", "phase_adult", "simplify"])
        #expect(ids.contains { $0.hasPrefix("disable_") })
        let profile = try await cli.ok(["profile", "show", "--json"], now: Moment.start)
        #expect((try profile.json() as? [String: Any])?["lifePhase"] as? String == "adult")
        let walks = try await cli.modules(now: Moment.start).first { $0["module"] as? String == "walks" }
        #expect(walks?["lastUsed"] as? String == "2026-01-05T06:20:00.000Z", "walked at 07:20 local today, the walk's own use")
        let listed = try #require(try await cli.ok(["walks", "--json"], now: Moment.start).json() as? [String: Any])
        let recent = try #require(listed["walks"] as? [[String: Any]])
        #expect(recent.count > 30 && recent.allSatisfy { $0["source"] as? String == "added" }, "\(recent.count) walks")
        #expect((listed["today"] as? [[String: Any]])?.compactMap { $0["time"] as? String } == ["07:30", "18:00"])
        let skills = try #require(try await cli.ok(["training", "--json"], now: Moment.start).json() as? [[String: Any]])
        #expect(skills.map { $0["skill"] as? String } == ["down", "loose-lead walking", "recall", "sit", "stay"])
        #expect(skills.allSatisfy { ($0["sessions"] as? Int ?? 0) >= 4 }, "\(skills)")
        let milestones = try #require(try await cli.ok(["milestones", "--json"], now: Moment.start).json() as? [[String: Any]])
        #expect(milestones.filter { !($0["reached"] is NSNull) }.count == 12, "eleven built-in ones and an own one: \(milestones)")
        #expect(milestones.last?["id"] as? String == "first-swim-in-the-sea")
        let socialization = try #require(try await cli.ok(["socialization", "--json"], now: Moment.start).json()
            as? [String: Any])
        #expect((socialization["categories"] as? [[String: Any]])?.allSatisfy { ($0["total"] as? Int ?? 0) > 0 } == true)
    }

    @Test("demo --json reports the directory, store, dog and nudges")
    func demoJSON() async throws {
        let cli = try Sandbox(store: "json")
        let result = try await cli.ok(["demo", "--json"], now: Moment.start)
        let report = try #require(try result.json() as? [String: Any])
        #expect(report["dataDir"] as? String == cli.data.path, "\(result)")
        #expect(report["store"] as? String == "json")
        #expect(report["dogName"] as? String == "Ollie")
        #expect(report["nudges"] as? [String]
            == ["disable_medications", "disable_socialization", "disable_documents", "phase_adult", "simplify"])
    }

    @Test("demo twice on the same directory fails with exit 1: the store already holds data",
          arguments: persistentStores)
    func demoTwice(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["demo"], now: Moment.start)
        let again = try await cli.run(["demo"], now: Moment.after(days: 1))
        #expect(again.status == 1, "\(again)")
        #expect(again.stderr.hasPrefix("wellness: "), "\(again)")
        #expect(again.stderr.contains("already holds"), "\(again)")
        #expect(again.stdout.isEmpty, "\(again)")
    }

    @Test("demos started at once on one empty directory: exactly one fills it, the others refuse",
          arguments: persistentStores)
    func concurrentDemos(store: String) async throws {
        let cli = try Sandbox(store: store).spawning()
        let results = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for _ in 0..<3 {
                group.addTask { try await cli.run(["demo"], now: Moment.start) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0 || result.stderr.contains("already holds"), "\(result)")
        }
        #expect(results.filter { $0.status == 0 }.count == 1, "\(results)")
        #expect(try await cli.nudgeIDs(now: Moment.start)
            == ["disable_medications", "disable_socialization", "disable_documents", "phase_adult", "simplify"])
    }

    @Test("demo refuses a store where the person already has data, and leaves it as it was")
    func demoOnExistingData() async throws {
        let cli = try Sandbox()
        try await cli.ok(["modules", "disable"] + allModules, now: Moment.start)
        let result = try await cli.run(["demo"], now: Moment.after(days: 1))
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("already holds"), "\(result)")
        #expect(try await cli.enabledModules(now: Moment.after(days: 1)).isEmpty)
        let profile = try await cli.ok(["profile", "show", "--json"], now: Moment.after(days: 1))
        #expect(profile.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "null")
    }

    @Test("demo without --data-dir uses a fresh directory it prints, and touches nothing in HOME")
    func demoFreshDirectory() async throws {
        let cli = try Sandbox()
        let result = try await cli.raw(["demo", "--now", Moment.start])
        #expect(result.status == 0, "\(result)")
        let directory = try #require(Self.dataDirArgument(in: result.stdout), "\(result)")
        defer {
            // Only clean up outside the sandbox if TMPDIR was not honoured.
            if !directory.hasPrefix(cli.root.url.path), directory.contains("wellness-demo-") {
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
        #expect(directory.contains("wellness-demo-"), "\(result)")
        #expect(!directory.hasPrefix(cli.home.path), "\(directory)")
        #expect(FileManager.default.fileExists(atPath: directory + "/wellness.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: cli.home.appendingPathComponent(".local").path),
                "nothing created in HOME/.local/share")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.home.path).isEmpty)

        let nudges = try await cli.raw(["nudges", "--json", "--data-dir", directory, "--now", Moment.start])
        let ids = (try nudges.json() as? [[String: Any]])?.map { $0["id"] as? String }
        #expect(ids == ["disable_medications", "disable_socialization", "disable_documents", "phase_adult", "simplify"],
                "\(nudges)")

        // A second demo gets another fresh directory.
        let second = try await cli.raw(["demo", "--now", Moment.start])
        #expect(second.status == 0, "\(second)")
        let other = try #require(Self.dataDirArgument(in: second.stdout))
        defer {
            if !other.hasPrefix(cli.root.url.path), other.contains("wellness-demo-") {
                try? FileManager.default.removeItem(atPath: other)
            }
        }
        #expect(other != directory)
    }

    @Test("demo --store memory succeeds and says the data is gone")
    func demoMemory() async throws {
        let cli = try Sandbox(store: "memory")
        let result = try await cli.ok(["demo"], now: Moment.start)
        #expect(result.stdout.contains("in-memory"), "\(result)")
    }

    /// The directory after the first `--data-dir` in the demo's "things to try" lines.
    static func dataDirArgument(in output: String) -> String? {
        guard let range = output.range(of: "--data-dir ") else { return nil }
        var path = output[range.upperBound...].prefix { !$0.isWhitespace }
        if path.hasPrefix("'") && path.hasSuffix("'") && path.count >= 2 { path = path.dropFirst().dropLast() }
        return String(path)
    }
}
