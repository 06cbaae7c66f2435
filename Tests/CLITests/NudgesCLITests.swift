import Foundation
import Testing
import WellnessTestSupport

/// `wellness nudges …` end to end: time moves with `--now`, each step is a new process.
@Suite("CLI: nudges")
struct NudgesCLITests {
    @Test("a new user is not nudged on day one, nor on day 29; after 30 days unused defaults are",
          arguments: persistentStores)
    func unusedAfterThirtyDays(store: String) async throws {
        let cli = try Sandbox(store: store)
        #expect(try await cli.nudgeIDs(now: Moment.start).isEmpty)
        #expect(try await cli.nudgeIDs(now: Moment.after(days: 29, hour: 22)).isEmpty)
        try await cli.ok(["modules", "use", "walks"], now: Moment.after(days: 10))

        let nudges = try await cli.nudges(now: Moment.after(days: 30, hour: 0))
        #expect(nudges.map { $0["id"] as? String }
            == ["disable_medications", "disable_feeding", "disable_documents", "simplify"])
        let first = try #require(nudges.first)
        #expect(first["kind"] as? String == "disableUnused")
        #expect(first["module"] as? String == "medications")
        #expect(first["daysSinceUse"] as? Int == 30)
        #expect(first["title"] as? String == "Still using Medications?")
        #expect(first["subtitle"] as? String == "You haven't used this in 30 days")
        #expect(first["from"] == nil && first["to"] == nil)
        let simplify = try #require(nudges.last)
        #expect(simplify["kind"] as? String == "simplifyMode")
        #expect(simplify["module"] == nil && simplify["daysSinceUse"] == nil)
        #expect(simplify["title"] as? String == "Simplify your app")
    }

    @Test("dismiss hides a nudge for 30 days; it returns only if it still applies", arguments: persistentStores)
    func dismiss(store: String) async throws {
        let cli = try Sandbox(store: store)
        _ = try await cli.modules(now: Moment.start)
        let day = 31
        let dismissed = try await cli.ok(["nudges", "dismiss", "disable_medications", "--json"],
                                         now: Moment.after(days: day))
        let snooze = try #require(try dismissed.json() as? [String: Any])
        #expect(snooze["id"] as? String == "disable_medications")
        #expect(snooze["until"] as? String == Moment.stored(days: day + 30))
        try await cli.ok(["nudges", "dismiss", "disable_feeding"], now: Moment.after(days: day))

        let hidden = try await cli.nudgeIDs(now: Moment.after(days: day))
        #expect(!hidden.contains("disable_medications") && !hidden.contains("disable_feeding"))
        #expect(hidden.contains("disable_documents"))
        // Feeding is used meanwhile, so it no longer applies when the snooze ends.
        try await cli.ok(["modules", "use", "feeding"], now: Moment.after(days: day + 10))
        let stillHidden = try await cli.nudgeIDs(now: Moment.after(days: day + 29))
        #expect(!stillHidden.contains("disable_medications"))

        let back = try await cli.nudgeIDs(now: Moment.after(days: day + 30))
        #expect(back.contains("disable_medications"), "it still applies, so it returns: \(back)")
        #expect(!back.contains("disable_feeding"), "used meanwhile, so it does not return: \(back)")
    }

    @Test("dismissing or applying a nudge that does not apply is a runtime error naming it",
          arguments: persistentStores)
    func notApplicable(store: String) async throws {
        let cli = try Sandbox(store: store)
        for command in ["dismiss", "apply"] {
            let result = try await cli.run(["nudges", command, "disable_walks"], now: Moment.start)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.hasPrefix("wellness: "), "\(result)")
            #expect(result.stderr.contains("disable_walks"), "\(result)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
        }
    }

    @Test("apply disable_<module> switches that module off", arguments: persistentStores)
    func applyDisable(store: String) async throws {
        let cli = try Sandbox(store: store)
        _ = try await cli.modules(now: Moment.start)
        let now = Moment.after(days: 31)
        let result = try await cli.ok(["nudges", "apply", "disable_documents", "--json"], now: now)
        let outcome = try #require(try result.json() as? [String: Any])
        #expect(outcome["id"] as? String == "disable_documents")
        #expect(outcome["action"] as? String == "disable")
        let modules = try #require(outcome["modules"] as? [[String: Any]])
        #expect(modules.map { $0["module"] as? String } == ["documents"])
        #expect(modules.first?["enabled"] as? Bool == false)

        #expect(try await cli.enabledModules(now: now) == ["medications", "walks", "feeding"])
        #expect(!(try await cli.nudgeIDs(now: now).contains("disable_documents")))
    }

    @Test("apply simplify switches off every inactive module and nothing else", arguments: persistentStores)
    func applySimplify(store: String) async throws {
        let cli = try Sandbox(store: store)
        _ = try await cli.modules(now: Moment.start)
        try await cli.ok(["modules", "use", "walks"], now: Moment.after(days: 20))
        let now = Moment.after(days: 35)
        let text = try await cli.ok(["nudges", "apply", "simplify"], now: now)
        #expect(text.stdout.contains("Medications, Feeding, Documents"), "\(text)")
        #expect(try await cli.enabledModules(now: now) == ["walks"])
        #expect(try await cli.nudgeIDs(now: now).isEmpty)
    }

    @Test("a young puppy without the puppy modules gets enable_socialization, _training and _milestones; applying one switches it on",
          arguments: persistentStores)
    func applyEnable(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["profile", "set", "--name", "Pip", "--birth", "2025-12-01"], now: Moment.start)
        let nudges = try await cli.nudges(now: Moment.start)
        #expect(nudges.map { $0["id"] as? String } == ["enable_socialization", "enable_training", "enable_milestones"])
        #expect(nudges.first?["kind"] as? String == "enableSuggestion")
        #expect(nudges.first?["title"] as? String == "Try Socialization?")
        let result = try await cli.ok(["nudges", "apply", "enable_socialization", "--json"], now: Moment.start)
        #expect((try result.json() as? [String: Any])?["action"] as? String == "enable")
        #expect(try await cli.enabledModules(now: Moment.start).contains("socialization"))
        #expect(try await cli.nudgeIDs(now: Moment.start) == ["enable_training", "enable_milestones"])
    }

    @Test("an adult dog with puppy modules on gets phase_adult; applying it lists them for review",
          arguments: persistentStores)
    func phaseTransition(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["profile", "set", "--name", "Rex", "--birth", "2023-06-01"], now: Moment.start)
        try await cli.ok(["modules", "enable", "training"], now: Moment.start)
        let nudges = try await cli.nudges(now: Moment.start)
        let phase = try #require(nudges.first { $0["id"] as? String == "phase_adult" }, "\(nudges)")
        #expect(phase["kind"] as? String == "phaseTransition")
        #expect(phase["from"] as? String == "puppy")
        #expect(phase["to"] as? String == "adult")
        #expect(phase["title"] as? String == "Time for adult mode")
        let result = try await cli.ok(["nudges", "apply", "phase_adult", "--json"], now: Moment.start)
        let outcome = try #require(try result.json() as? [String: Any])
        #expect(outcome["action"] as? String == "review")
        #expect((outcome["modules"] as? [[String: Any]])?.map { $0["module"] as? String }
            == ["socialization", "training", "milestones"])
    }

    @Test("--locale nl prints Dutch", arguments: persistentStores)
    func dutchFlag(store: String) async throws {
        let cli = try Sandbox(store: store)
        _ = try await cli.modules(now: Moment.start)
        let result = try await cli.ok(["nudges", "--locale", "nl"], now: Moment.after(days: 31))
        #expect(result.stdout.contains("Gebruik je"), "\(result)")
        #expect(result.stdout.contains("Uitschakelen"), "\(result)")
        #expect(!result.stdout.contains("Still using"), "\(result)")
        let json = try await cli.ok(["nudges", "--locale", "nl", "--json"], now: Moment.after(days: 31))
        let titles = (try json.json() as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? []
        #expect(titles.first == "Gebruik je Medicatie nog?", "\(titles)")
        // The flag wins over LANG.
        let english = try await cli.ok(["nudges", "--locale", "en"], now: Moment.after(days: 31),
                                       extraEnv: ["LANG": "nl_NL.UTF-8"])
        #expect(english.stdout.contains("Still using"), "\(english)")
    }

    @Test("LANG=nl_NL.UTF-8 prints Dutch without a flag")
    func dutchFromLANG() async throws {
        let cli = try Sandbox()
        _ = try await cli.modules(now: Moment.start)
        let result = try await cli.ok(["nudges"], now: Moment.after(days: 31), extraEnv: ["LANG": "nl_NL.UTF-8"])
        #expect(result.stdout.contains("Gebruik je"), "\(result)")
        #expect(result.stdout.contains("Uitschakelen"), "\(result)")
        let german = try await cli.ok(["nudges"], now: Moment.after(days: 31), extraEnv: ["LANG": "de_DE.UTF-8"])
        #expect(german.stdout.contains("Still using"), "an unsupported language falls back to English: \(german)")
    }
}
