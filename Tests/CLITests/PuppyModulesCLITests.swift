import Foundation
import Testing
import WellnessTestSupport

/// `wellness training`, `socialization` and `milestones` in process, on SQLite and JSON, in
/// English and Dutch; a module switched off says so and changes nothing.
@Suite("CLI: training, socialization and milestones")
struct PuppyModulesCLITests {
    static let dutch = ["LANG": "nl_NL.UTF-8"]
    static let modules = ["training", "socialization", "milestones"]

    static func switchedOn(store: String = "sqlite") async throws -> Sandbox {
        let cli = try Sandbox(store: store)
        for module in modules { try await cli.ok(["modules", "enable", module], now: Moment.start) }
        return cli
    }

    @Test("training: log sessions, see each skill's progress, in text and JSON", arguments: persistentStores)
    func training(store: String) async throws {
        let cli = try await Self.switchedOn(store: store)
        let logged = try await cli.ok(["training", "log", "sit", "--minutes", "10", "--score", "2",
                                       "--at", "2026-01-04T08:00:00Z"], now: Moment.start)
        #expect(logged.stdout.contains("Training of sit logged (2026-01-04 09:00)."), "\(logged)")
        let json = try await cli.ok(["training", "log", "Sit", "--score", "4", "--json"], now: Moment.start)
        let session = try #require(try json.json() as? [String: Any])
        #expect(Set(session.keys) == ["id", "skill", "at", "minutes", "score"], "\(session)")
        #expect(session["minutes"] is NSNull && session["score"] as? Int == 4)
        try await cli.ok(["training", "log", "down"], now: Moment.start)

        let progress = try #require(try await cli.ok(["training", "--json"], now: Moment.start).json() as? [[String: Any]])
        #expect(progress.map { $0["skill"] as? String } == ["down", "Sit"])
        let sit = try #require(progress.last)
        #expect(Set(sit.keys) == ["skill", "sessions", "minutes", "lastTrained", "lastScore", "bestScore", "trend"])
        #expect(sit["sessions"] as? Int == 2 && sit["minutes"] as? Int == 10 && sit["trend"] as? String == "improving")
        #expect(sit["lastTrained"] as? String == Moment.startStored)
        let text = try await cli.ok(["training"], now: Moment.start)
        #expect(text.stdout.contains("SKILL") && text.stdout.contains("improving") && text.stdout.contains("too early to tell"),
                "\(text)")
    }

    @Test("socialization: log what the puppy met, see progress over the window of the dog's birth date",
          arguments: persistentStores)
    func socialization(store: String) async throws {
        let cli = try await Self.switchedOn(store: store)
        let none = try await cli.ok(["socialization"], now: Moment.start)
        #expect(none.stdout.contains("wellness profile set"), "no profile: says how to set one: \(none)")
        try await cli.ok(["profile", "set", "--name", "Pip", "--birth", "2025-11-17"], now: Moment.start)
        let logged = try await cli.ok(["socialization", "log", "the vacuum cleaner", "--category", "Sounds",
                                       "--reaction", "2"], now: Moment.start)
        #expect(logged.stdout.contains("Logged: the vacuum cleaner (Sounds, 2026-01-05 10:00)."), "\(logged)")
        let progress = try #require(try await cli.ok(["socialization", "--json"], now: Moment.start).json() as? [String: Any])
        #expect(progress["windowEnds"] as? String == "2026-03-08" && progress["daysLeft"] as? Int == 63, "\(progress)")
        let categories = try #require(progress["categories"] as? [[String: Any]])
        #expect(categories.map { $0["category"] as? String } == ["people", "animals", "places", "sounds", "surfaces", "handling"])
        #expect(categories[3]["inWindow"] as? Int == 1 && categories[3]["meanReaction"] as? Double == 2)
        #expect(categories[0]["meanReaction"] is NSNull)
        let text = try await cli.ok(["socialization"], now: Moment.start)
        #expect(text.stdout.contains("Socialization window until 2026-03-08: 63 days left."), "\(text)")
        #expect(text.stdout.contains("Nothing met yet in the window: People, Animals, Places, Surfaces, Handling"), "\(text)")
    }

    @Test("milestones: the built-in list, reaching one, adding one's own", arguments: persistentStores)
    func milestones(store: String) async throws {
        let cli = try await Self.switchedOn(store: store)
        let list = try #require(try await cli.ok(["milestones", "--json"], now: Moment.start).json() as? [[String: Any]])
        #expect(list.count == 12 && list.allSatisfy { $0["builtIn"] as? Bool == true && $0["reached"] is NSNull })
        #expect(list.first?["id"] as? String == "first-night-home" && list.first?["title"] as? String == "First night at home")
        let reached = try await cli.ok(["milestones", "reach", "house-trained", "--day", "yesterday"], now: Moment.start)
        #expect(reached.stdout.contains("House-trained: reached on 2026-01-04."), "\(reached)")
        let added = try await cli.ok(["milestones", "add", "First swim"], now: Moment.start)
        #expect(added.stdout.contains("Milestone added: First swim (id first-swim)."), "\(added)")
        try await cli.ok(["milestones", "reach", "first-swim"], now: Moment.start)
        let after = try #require(try await cli.ok(["milestones", "--json"], now: Moment.start).json() as? [[String: Any]])
        #expect(after.count == 13)
        #expect(after.first { $0["id"] as? String == "house-trained" }?["reached"] as? String == "2026-01-04")
        #expect(after.last?["title"] as? String == "First swim" && after.last?["builtIn"] as? Bool == false)
        #expect(after.last?["reached"] as? String == "2026-01-05")
        let text = try await cli.ok(["milestones"], now: Moment.start)
        #expect(text.stdout.contains("first-swim") && text.stdout.contains("REACHED"), "\(text)")
    }

    @Test("in Dutch")
    func dutch() async throws {
        let cli = try await Self.switchedOn()
        let logged = try await cli.ok(["training", "log", "zit", "--score", "3"], now: Moment.start, extraEnv: Self.dutch)
        #expect(logged.stdout.contains("Training van zit vastgelegd"), "\(logged)")
        let progress = try await cli.ok(["training"], now: Moment.start, extraEnv: Self.dutch)
        #expect(progress.stdout.contains("VAARDIGHEID") && progress.stdout.contains("nog te vroeg"), "\(progress)")
        let met = try await cli.ok(["socialization", "log", "een kat", "--category", "animals", "--reaction", "5"],
                                   now: Moment.start, extraEnv: Self.dutch)
        #expect(met.stdout.contains("Vastgelegd: een kat (Dieren,"), "\(met)")
        let list = try await cli.ok(["milestones"], now: Moment.start, extraEnv: Self.dutch)
        #expect(list.stdout.contains("Eerste nacht thuis") && list.stdout.contains("BEREIKT"), "\(list)")
        let unknown = try await cli.run(["milestones", "reach", "vliegen"], now: Moment.start, extraEnv: Self.dutch)
        #expect(unknown.status == 1 && unknown.stderr.contains("onbekende mijlpaal 'vliegen'"), "\(unknown)")
    }

    @Test("values refused: exit 64 naming the value, nothing written", arguments: [
        (["training", "log", "sit", "--score", "6"], ["--score", "a score of 6"]),
        (["training", "log", "sit", "--minutes", "0"], ["--minutes", "0 minutes"]),
        (["training", "log", "  "], ["no name"]),
        (["socialization", "log", "a cat", "--category", "animals", "--reaction", "6"], ["--reaction", "a reaction of 6"]),
        (["socialization", "log", "a cat", "--category", "cars", "--reaction", "3"], ["'cars'", "surfaces"]),
        (["socialization", "log", "bell\u{7}", "--category", "sounds", "--reaction", "3"], ["U+0007"]),
        (["milestones", "add", ""], ["no title"]),
        (["milestones", "reach", "house-trained", "--day", "2026-13-01"], ["2026-13-01"]),
    ])
    func refused(arguments: [String], named: [String]) async throws {
        let cli = try Sandbox()
        let result = try await cli.run(arguments, now: Moment.start)
        #expect(result.status == 64, "\(result)")
        for name in named { #expect(result.stderr.contains(name), "\(name): \(result)") }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
    }

    @Test("a module switched off: each of its commands exits 1 saying so, with the hint, changing nothing; on again, its data is back",
          arguments: persistentStores)
    func switchedOff(store: String) async throws {
        let cli = try await Self.switchedOn(store: store)
        try await cli.ok(["training", "log", "sit"], now: Moment.start)
        try await cli.ok(["milestones", "reach", "knows-name"], now: Moment.start)
        for module in Self.modules { try await cli.ok(["modules", "disable", module], now: Moment.start) }
        for arguments in [["training"], ["training", "log", "down"], ["socialization"],
                          ["socialization", "log", "a cat", "--category", "animals", "--reaction", "4"],
                          ["milestones"], ["milestones", "reach", "sits-on-cue"], ["milestones", "add", "Swim"]] {
            let result = try await cli.run(arguments, now: Moment.after(days: 1))
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.contains("is switched off") && result.stderr.contains("wellness modules enable \(arguments[0])"),
                    "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
        }
        for module in Self.modules { try await cli.ok(["modules", "enable", module], now: Moment.after(days: 1)) }
        let skills = try #require(try await cli.ok(["training", "--json"], now: Moment.after(days: 1)).json() as? [[String: Any]])
        #expect(skills.map { $0["skill"] as? String } == ["sit"])
        let list = try #require(try await cli.ok(["milestones", "--json"], now: Moment.after(days: 1)).json() as? [[String: Any]])
        #expect(list.filter { !($0["reached"] is NSNull) }.map { $0["id"] as? String } == ["knows-name"])
    }

    @Test("each is in wellness --help, with its subcommands")
    func help() async throws {
        let cli = try Sandbox()
        let root = try await cli.raw(["--help"])
        for command in Self.modules { #expect(root.stdout.contains("  \(command) "), "\(command): \(root)") }
        for (command, subs) in [("training", ["log", "progress"]), ("socialization", ["log", "progress"]),
                                ("milestones", ["list", "reach", "add"])] {
            let help = try await cli.raw([command, "--help"])
            #expect(help.status == 0, "\(help)")
            for sub in subs { #expect(help.stdout.contains(sub), "\(command) \(sub): \(help)") }
        }
    }
}
