import Foundation
import Testing
import WellnessTestSupport

/// `wellness modules …` end to end, against the built binary, on each persistent store.
@Suite("CLI: modules")
struct ModulesCLITests {
    @Test("modules list --json on a fresh store: every module in declaration order, defaults on since now",
          arguments: persistentStores)
    func freshList(store: String) async throws {
        let cli = try Sandbox(store: store)
        let modules = try await cli.modules(now: Moment.start)
        #expect(modules.map { $0["module"] as? String } == allModules)
        for entry in modules {
            let name = try #require(entry["module"] as? String)
            #expect(Set(entry.keys) == ["module", "name", "description", "enabled", "enabledAt", "lastUsed"], "\(name)")
            #expect(entry["description"] as? String != nil && entry["name"] as? String != nil, "\(name)")
            #expect(entry["lastUsed"] is NSNull, "\(name): never used")
            if defaultModules.contains(name) {
                #expect(entry["enabled"] as? Bool == true, "\(name)")
                #expect(entry["enabledAt"] as? String == Moment.startStored, "\(name)")
            } else {
                #expect(entry["enabled"] as? Bool == false, "\(name)")
                #expect(entry["enabledAt"] is NSNull, "\(name)")
            }
        }
        // A later process sees the same first-run moment, not its own "now".
        let later = try await cli.modules(now: Moment.after(days: 3))
        #expect(later.first { $0["module"] as? String == "walks" }?["enabledAt"] as? String == Moment.startStored)
    }

    @Test("enable and disable persist across processes", arguments: persistentStores)
    func enableDisablePersist(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["modules", "enable", "training", "milestones"], now: Moment.start)
        try await cli.ok(["modules", "disable", "walks"], now: Moment.after(days: 1))
        let modules = try await cli.modules(now: Moment.after(days: 2))
        let byName = Dictionary(uniqueKeysWithValues: modules.map { ($0["module"] as? String ?? "?", $0) })
        #expect(try await cli.enabledModules(now: Moment.after(days: 2))
            == ["medications", "training", "feeding", "documents", "milestones"])
        #expect(byName["training"]?["enabledAt"] as? String == Moment.startStored)
        #expect(byName["milestones"]?["enabledAt"] as? String == Moment.startStored)
        #expect(byName["walks"]?["enabled"] as? Bool == false)
        #expect(byName["walks"]?["enabledAt"] is NSNull)
    }

    @Test("disabling every module stays disabled in a later process (not reset to defaults)",
          arguments: persistentStores)
    func disableEverything(store: String) async throws {
        let cli = try Sandbox(store: store)
        let result = try await cli.ok(["modules", "disable"] + allModules + ["--json"], now: Moment.start)
        let written = try #require(try result.json() as? [[String: Any]])
        #expect(written.allSatisfy { $0["enabled"] as? Bool == false })
        #expect(try await cli.enabledModules(now: Moment.after(days: 1)).isEmpty)
        #expect(try await cli.enabledModules(now: Moment.after(days: 40)).isEmpty)
        #expect(try await cli.nudgeIDs(now: Moment.after(days: 40)).isEmpty)
    }

    @Test("modules reset switches on exactly the defaults again, since the reset", arguments: persistentStores)
    func reset(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["modules", "disable"] + allModules, now: Moment.start)
        try await cli.ok(["modules", "enable", "training"], now: Moment.after(days: 1))
        try await cli.ok(["modules", "use", "walks"], now: Moment.after(days: 1))
        try await cli.ok(["modules", "reset"], now: Moment.after(days: 2))
        let modules = try await cli.modules(now: Moment.after(days: 3))
        #expect(modules.filter { $0["enabled"] as? Bool == true }.map { $0["module"] as? String } == defaultModules)
        for entry in modules where entry["enabled"] as? Bool == true {
            #expect(entry["enabledAt"] as? String == Moment.stored(days: 2))
        }
        let walks = modules.first { $0["module"] as? String == "walks" }
        #expect(walks?["lastUsed"] as? String == Moment.stored(days: 1), "usage history survives a reset")
    }

    @Test("modules use records the moment, in a later process too", arguments: persistentStores)
    func use(store: String) async throws {
        let cli = try Sandbox(store: store)
        let result = try await cli.ok(["modules", "use", "walks", "--json"], now: Moment.after(days: 4))
        let entry = try #require(try result.json() as? [String: Any])
        #expect(entry["module"] as? String == "walks")
        #expect(entry["enabled"] as? Bool == true)
        #expect(entry["lastUsed"] as? String == Moment.stored(days: 4))

        let text = try await cli.ok(["modules", "use", "feeding"], now: Moment.after(days: 5))
        #expect(text.stdout.contains("Feeding"), "\(text)")
        #expect(text.stdout.contains("2026-01-10 10:00"), "local wall-clock time in TZ: \(text)")

        let modules = try await cli.modules(now: Moment.after(days: 6))
        let lastUsed = Dictionary(uniqueKeysWithValues: modules.map { ($0["module"] as? String ?? "?", $0["lastUsed"]) })
        #expect(lastUsed["walks"] as? String == Moment.stored(days: 4))
        #expect(lastUsed["feeding"] as? String == Moment.stored(days: 5))
        #expect(lastUsed["medications"] is NSNull)
    }

    @Test("profile show is null on a fresh store; set then show reports age and life phase",
          arguments: persistentStores)
    func profile(store: String) async throws {
        let cli = try Sandbox(store: store)
        let empty = try await cli.ok(["profile", "show", "--json"], now: Moment.start)
        #expect(empty.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "null")

        // Born 96 days before 2026-01-05: 13 weeks, a puppy.
        let set = try await cli.ok(["profile", "set", "--name", "Rex", "--birth", "2025-10-01", "--json"],
                                   now: Moment.start)
        let profile = try #require(try set.json() as? [String: Any])
        #expect(Set(profile.keys) == ["name", "birthDate", "ageInWeeks", "lifePhase"])
        #expect(profile["name"] as? String == "Rex")
        #expect(profile["birthDate"] as? String == "2025-10-01")
        #expect(profile["ageInWeeks"] as? Int == 13)
        #expect(profile["lifePhase"] as? String == "puppy")

        // A year later, another process: an adult.
        let later = try await cli.ok(["profile", "show", "--json"], now: "2026-10-01T09:00:00Z")
        let shown = try #require(try later.json() as? [String: Any])
        #expect(shown["name"] as? String == "Rex")
        #expect(shown["ageInWeeks"] as? Int == 52)
        #expect(shown["lifePhase"] as? String == "adult")

        let senior = try await cli.ok(["profile", "show", "--json"], now: "2032-10-01T09:00:00Z")
        #expect((try senior.json() as? [String: Any])?["lifePhase"] as? String == "senior")

        let text = try await cli.ok(["profile"], now: Moment.start)
        #expect(text.stdout.contains("Rex, born 2025-10-01: 13 weeks old (puppy)"), "\(text)")
    }

    @Test("profile set refuses a birth date in the future with exit 1")
    func profileInFuture() async throws {
        let cli = try Sandbox()
        let result = try await cli.run(["profile", "set", "--name", "Rex", "--birth", "2026-02-01"], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("wellness: "), "\(result)")
        #expect(result.stderr.contains("2026-02-01"), "\(result)")
    }

    @Test("many processes at once on one store lose nothing", arguments: persistentStores)
    func concurrentProcesses(store: String) async throws {
        let cli = try Sandbox(store: store).spawning()
        try await cli.ok(["modules", "disable"] + allModules, now: Moment.start)
        let now = Moment.after(days: 1)
        let results = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for module in allModules {
                group.addTask { try await cli.run(["modules", "enable", module], now: now) }
                group.addTask { try await cli.run(["modules", "use", module], now: now) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0, "\(result)")
        }
        let modules = try await cli.modules(now: Moment.after(days: 2))
        for entry in modules {
            let name = entry["module"] as? String ?? "?"
            #expect(entry["enabled"] as? Bool == true, "\(name) was enabled by its own process")
            #expect(entry["enabledAt"] as? String == Moment.stored(days: 1), "\(name)")
            #expect(entry["lastUsed"] as? String == Moment.stored(days: 1), "\(name) was used by its own process")
        }
    }

    @Test("first runs at once on a fresh store all succeed and agree on one first-run moment",
          arguments: persistentStores)
    func concurrentFirstRuns(store: String) async throws {
        let cli = try Sandbox(store: store).spawning()
        let hours = Array(10..<16)
        let results = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for hour in hours {
                group.addTask { try await cli.run(["modules", "list", "--json"], now: "2026-01-05T\(hour):00:00Z") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let failed = results.filter { $0.status != 0 }
        #expect(failed.isEmpty, "\(failed)")
        let firstRuns = Set(results.filter { $0.status == 0 }.compactMap { result in
            ((try? result.json()) as? [[String: Any]])?.first?["enabledAt"] as? String
        })
        #expect(firstRuns.count == 1, "every process sees the same first run: \(firstRuns)")
        let stored = try #require(try await cli.modules(now: "2026-01-05T20:00:00Z").first?["enabledAt"] as? String)
        #expect(firstRuns == [stored], "and it is what was stored")
    }

    @Test("sqlite data files are created 0600 (directory 0700)")
    func sqliteModes() async throws {
        let cli = try Sandbox(store: "sqlite")
        try await cli.ok(["modules", "enable", "training"], now: Moment.start)
        try await cli.ok(["profile", "set", "--name", "Rex", "--birth", "2025-10-01"], now: Moment.start)
        #expect(try mode(cli.data) == 0o700)
        #expect(try mode(cli.data.appendingPathComponent("wellness.sqlite")) == 0o600)
        for companion in ["wellness.sqlite-wal", "wellness.sqlite-shm"] {
            let file = cli.data.appendingPathComponent(companion)
            if FileManager.default.fileExists(atPath: file.path) {
                #expect(try mode(file) == 0o600, "\(companion)")
            }
        }
    }

    @Test("JSON data files are created 0600 (directory 0700)")
    func jsonModes() async throws {
        let cli = try Sandbox(store: "json")
        try await cli.ok(["modules", "enable", "training"], now: Moment.start)
        try await cli.ok(["profile", "set", "--name", "Rex", "--birth", "2025-10-01"], now: Moment.start)
        try await cli.ok(["nudges", "dismiss", "disable_medications"], now: Moment.after(days: 31))
        #expect(try mode(cli.data) == 0o700)
        for name in ["modules.json", "dog-profile.json", "nudge-snoozes.json"] {
            #expect(try mode(cli.data.appendingPathComponent(name)) == 0o600, "\(name)")
        }
    }

    @Test("a corrupt modules.json: exit 1, the message names the file, the file is untouched")
    func corruptJSON() async throws {
        let cli = try Sandbox(store: "json")
        try FileManager.default.createDirectory(at: cli.data, withIntermediateDirectories: true)
        let file = cli.data.appendingPathComponent("modules.json")
        let garbage = Data("{\"modules\": [garbage\u{0}\u{1}".utf8)
        try garbage.write(to: file)
        for arguments in [["modules", "list"], ["modules", "enable", "training"], ["modules", "reset"],
                          ["nudges"], ["summary", "--json"]] {
            let result = try await cli.run(arguments, now: Moment.start)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("wellness: "), "\(arguments): \(result)")
            #expect(result.stderr.contains(file.path), "\(arguments): \(result)")
            #expect(try Data(contentsOf: file) == garbage, "\(arguments) left the file byte for byte unchanged")
        }
    }

    @Test("a corrupt dog-profile.json or nudge-snoozes.json: exit 1 naming the file, which is untouched",
          arguments: ["dog-profile.json", "nudge-snoozes.json"])
    func corruptOtherJSON(name: String) async throws {
        let cli = try Sandbox(store: "json")
        try FileManager.default.createDirectory(at: cli.data, withIntermediateDirectories: true)
        let file = cli.data.appendingPathComponent(name)
        let garbage = Data("[{\"oops\": true}".utf8)
        try garbage.write(to: file)
        for arguments in [["nudges"], ["summary"], ["profile", "show"]] {
            let result = try await cli.run(arguments, now: Moment.start)
            if name == "nudge-snoozes.json" && arguments.first == "profile" { continue }
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("wellness: "), "\(arguments): \(result)")
            #expect(result.stderr.contains(file.path), "\(arguments): \(result)")
            #expect(try Data(contentsOf: file) == garbage, "\(arguments) left the file unchanged")
        }
    }

    @Test("a corrupt wellness.sqlite: exit 1, the message names the file, the file is untouched")
    func corruptSQLite() async throws {
        let cli = try Sandbox(store: "sqlite")
        try FileManager.default.createDirectory(at: cli.data, withIntermediateDirectories: true)
        let file = cli.data.appendingPathComponent("wellness.sqlite")
        let garbage = Data(String(repeating: "this is not a database ", count: 200).utf8)
        try garbage.write(to: file)
        let result = try await cli.run(["modules", "list"], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("wellness: "), "\(result)")
        #expect(result.stderr.contains(file.path), "\(result)")
        #expect(try Data(contentsOf: file) == garbage)
    }

    private func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }
}
