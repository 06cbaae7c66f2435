import Foundation
import Testing
import WellnessTestSupport

/// `wellness meds add|give|list|remove` in process, on SQLite and JSON, in English and Dutch;
/// bad input is refused naming it, and a switched-off medications module says so and changes nothing.
@Suite("CLI: meds")
struct MedsCLITests {
    static let dutch = ["LANG": "nl_NL.UTF-8"]
    static let add = ["meds", "add", "Rimadyl", "--every", "12h", "--from", "2026-01-05", "--dose", "1 tablet"]

    /// `meds list --json` as its array.
    static func list(_ cli: Sandbox, now: String = Moment.start) async throws -> [[String: Any]] {
        let result = try await cli.ok(["meds", "list", "--json"], now: now)
        return try #require(try result.json() as? [[String: Any]], "\(result)")
    }

    /// `due --json` as its array.
    static func due(_ cli: Sandbox, now: String = Moment.start) async throws -> [[String: Any]] {
        let result = try await cli.ok(["due", "--json"], now: now)
        return try #require(try result.json() as? [[String: Any]], "\(result)")
    }

    @Test("add, list, give, due and remove, in text and JSON", arguments: persistentStores)
    func roundTrip(store: String) async throws {
        let cli = try Sandbox(store: store)
        let added = try await cli.ok(Self.add, now: Moment.start)
        #expect(added.stdout.contains("Rimadyl added, every 12h; the first dose is due 2026-01-05 08:00."), "\(added)")

        let listed = try await Self.list(cli)
        #expect(listed.count == 1)
        let rimadyl = try #require(listed.first)
        #expect(Set(rimadyl.keys) == ["name", "every", "from", "time", "dose", "until", "next", "overdue", "lastGiven"], "\(rimadyl)")
        #expect(rimadyl["name"] as? String == "Rimadyl" && rimadyl["every"] as? String == "12h")
        #expect(rimadyl["from"] as? String == "2026-01-05" && rimadyl["time"] as? String == "08:00")
        #expect(rimadyl["dose"] as? String == "1 tablet" && rimadyl["until"] is NSNull)
        #expect(rimadyl["overdue"] as? String == "2026-01-05T07:00:00.000Z", "\(rimadyl)")
        #expect(rimadyl["next"] as? String == "2026-01-05T19:00:00.000Z", "\(rimadyl)")
        #expect(rimadyl["lastGiven"] is NSNull)

        let due = try await Self.due(cli)
        #expect(due.map { $0["kind"] as? String } == ["medication"], "\(due)")
        #expect(due.first?["name"] as? String == "Rimadyl" && due.first?["since"] as? String == "2026-01-05T07:00:00.000Z")
        let dueText = try await cli.ok(["due"], now: Moment.start)
        #expect(dueText.stdout.contains("2026-01-05 08:00  Give Rimadyl"), "\(dueText)")

        let given = try await cli.ok(["meds", "give", "rimadyl", "--at", "2026-01-05T09:30"], now: Moment.start)
        #expect(given.stdout.contains("Rimadyl given (2026-01-05 09:30), the dose of 2026-01-05 08:00."), "\(given)")
        let extra = try await cli.ok(["meds", "give", "Rimadyl", "--json"], now: Moment.start)
        let extraJSON = try #require(try extra.json() as? [String: Any], "\(extra)")
        #expect(extraJSON["counted"] is NSNull && extraJSON["at"] as? String == Moment.startStored, "\(extraJSON)")
        #expect(try await Self.due(cli).isEmpty)

        let text = try await cli.ok(["meds", "list"], now: Moment.start)
        for shown in ["NAME", "EVERY", "NEXT", "LAST GIVEN", "Rimadyl", "12h", "1 tablet", "2026-01-05 20:00", "2026-01-05 10:00"] {
            #expect(text.stdout.contains(shown), "\(shown): \(text)")
        }
        let bare = try await cli.ok(["meds"], now: Moment.start)
        #expect(bare.stdout == text.stdout, "list is the default")

        let overdue = try await Self.list(cli, now: "2026-01-05T19:30:00Z")
        #expect(overdue.first?["overdue"] as? String == "2026-01-05T19:00:00.000Z", "late doses do not move it: \(overdue)")

        let removed = try await cli.ok(["meds", "remove", "RIMADYL"], now: Moment.start)
        #expect(removed.stdout.contains("Rimadyl removed; the doses given stay as history."), "\(removed)")
        let none = try await cli.ok(["meds", "list"], now: Moment.start)
        #expect(none.stdout.contains("No medications."), "\(none)")
    }

    @Test("monthly, with a time and an end; a course ended shows so", arguments: persistentStores)
    func monthly(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["meds", "add", "Bravecto", "--every", "1mo", "--from", "2025-10-31", "--time", "18:30",
                          "--until", "2026-02-28"], now: Moment.start)
        let listed = try #require(try await Self.list(cli).first)
        #expect(listed["next"] as? String == "2026-01-31T17:30:00.000Z", "\(listed)")
        #expect(listed["overdue"] as? String == "2025-12-31T17:30:00.000Z", "open until January's: \(listed)")
        #expect(listed["until"] as? String == "2026-02-28")
        let february = try #require(try await Self.list(cli, now: "2026-02-27T09:00:00Z").first)
        #expect(february["next"] as? String == "2026-02-28T17:30:00.000Z", "the month's last day: \(february)")
        let after = try await cli.ok(["meds", "list"], now: "2026-04-01T09:00:00Z")
        #expect(after.stdout.contains("ended"), "\(after)")
    }

    @Test("in Dutch", arguments: persistentStores)
    func dutch(store: String) async throws {
        let cli = try Sandbox(store: store)
        let added = try await cli.ok(Self.add, now: Moment.start, extraEnv: Self.dutch)
        #expect(added.stdout.contains("Rimadyl toegevoegd, elke 12h; de eerste dosis is 2026-01-05 08:00."), "\(added)")
        let due = try await cli.ok(["due"], now: Moment.start, extraEnv: Self.dutch)
        #expect(due.stdout.contains("Geef Rimadyl"), "\(due)")
        let given = try await cli.ok(["meds", "give", "Rimadyl"], now: Moment.start, extraEnv: Self.dutch)
        #expect(given.stdout.contains("Rimadyl gegeven (2026-01-05 10:00), de dosis van 2026-01-05 08:00."), "\(given)")
        let listed = try await cli.ok(["meds"], now: Moment.start, extraEnv: Self.dutch)
        for shown in ["NAAM", "ELKE", "VOLGENDE", "LAATST GEGEVEN", "2026-01-05 20:00"] {
            #expect(listed.stdout.contains(shown), "\(shown): \(listed)")
        }
        let twice = try await cli.run(Self.add, now: Moment.start, extraEnv: Self.dutch)
        #expect(twice.status == 64 && twice.stderr.contains("er is al een medicijn dat Rimadyl heet"), "\(twice)")
        let unknown = try await cli.run(["meds", "give", "Metacam"], now: Moment.start, extraEnv: Self.dutch)
        #expect(unknown.status == 1 && unknown.stderr.contains("er is geen medicijn dat Metacam heet"), "\(unknown)")
        let bad = try await cli.run(["meds", "add", "X", "--every", "0d", "--from", "2026-01-05"], now: Moment.start,
                                    extraEnv: Self.dutch)
        #expect(bad.status == 64 && bad.stderr.contains("'0d' is geen periode"), "\(bad)")
        let removed = try await cli.ok(["meds", "remove", "rimadyl"], now: Moment.start, extraEnv: Self.dutch)
        #expect(removed.stdout.contains("Rimadyl verwijderd"), "\(removed)")
        let none = try await cli.ok(["meds"], now: Moment.start, extraEnv: Self.dutch)
        #expect(none.stdout.contains("Geen medicatie."), "\(none)")
    }

    static let from = ["--from", "2026-01-05"]

    @Test("values refused before anything runs: exit 64 naming the value, nothing written", arguments: [
        (["meds", "add", "X", "--every", "0d"] + from, ["'0d'", "12h, 1d, 4w, 3mo"]),
        (["meds", "add", "X", "--every", "12x"] + from, ["'12x'"]),
        (["meds", "add", "X", "--every", "1000d"] + from, ["'1000d'"]),
        (["meds", "add", "X", "--every", "1d", "--time", "25:00"] + from, ["'25:00'", "HH:MM"]),
        (["meds", "add", "X", "--every", "1d", "--from", "2026-02-30"], ["2026-02-30"]),
        (["meds", "add", "X", "--every", "1d"], ["--from"]),
        (["meds", "add", "X", "--every", "1d", "--until", "2026-01-04"] + from, ["--until", "2026-01-04", "2026-01-05"]),
        (["meds", "add", "bell\u{7}", "--every", "1d"] + from, ["U+0007"]),
        (["meds", "add", " ", "--every", "1d"] + from, ["a medication needs a name"]),
        (["meds", "add", "X", "--every", "1d", "--dose", "1\u{1B}"] + from, ["--dose", "U+001B"]),
        (["meds", "give", "X", "--at", "yesterday"], ["yesterday"]),
    ])
    func refused(arguments: [String], named: [String]) async throws {
        let cli = try Sandbox()
        let result = try await cli.run(arguments, now: Moment.start)
        #expect(result.status == 64, "\(result)")
        for name in named { #expect(result.stderr.contains(name), "\(name): \(result)") }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
    }

    @Test("a name given twice (any case): exit 64 naming it; one not there: exit 1 naming it; nothing changed", arguments: persistentStores)
    func twiceAndMissing(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(Self.add, now: Moment.start)
        let twice = try await cli.run(["meds", "add", "rimadyl", "--every", "1d", "--from", "2026-01-06"], now: Moment.start)
        #expect(twice.status == 64 && twice.stderr.contains("there is a medication called Rimadyl already"), "\(twice)")
        #expect(try await Self.list(cli).map { $0["every"] as? String } == ["12h"])
        let unknown = try await cli.run(["meds", "give", "Metacam"], now: Moment.start)
        #expect(unknown.status == 1 && unknown.stderr.contains("there is no medication called Metacam"), "\(unknown)")
        let removeUnknown = try await cli.run(["meds", "remove", "Metacam"], now: Moment.start)
        #expect(removeUnknown.status == 1 && removeUnknown.stderr.contains("Metacam"), "\(removeUnknown)")
        let future = try await cli.run(["meds", "give", "Rimadyl", "--at", "2026-01-05T12:00:00Z"], now: Moment.start)
        #expect(future.status == 1 && future.stderr.contains("in the future"), "\(future)")
        #expect(try await Self.list(cli).first?["lastGiven"] is NSNull)
    }

    @Test("medications switched off: every meds command exits 1 saying so; nothing saved; due leaves it out",
          arguments: persistentStores)
    func switchedOff(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(Self.add, now: Moment.start)
        try await cli.ok(["modules", "disable", "medications"], now: Moment.start)
        for arguments in [["meds", "list"], ["meds"], ["meds", "give", "Rimadyl"], ["meds", "remove", "Rimadyl"],
                          ["meds", "add", "Other", "--every", "1d", "--from", "2026-01-05"]] {
            let result = try await cli.run(arguments, now: Moment.after(days: 1))
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.contains("wellness modules enable medications"), "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
        }
        #expect(try await Self.due(cli, now: Moment.after(days: 1)).isEmpty)
        try await cli.ok(["modules", "enable", "medications"], now: Moment.after(days: 1))
        let listed = try await Self.list(cli, now: Moment.after(days: 1))
        #expect(listed.map { $0["name"] as? String } == ["Rimadyl"] && listed.first?["lastGiven"] is NSNull, "\(listed)")
    }

    @Test("a meds add or give is the medications module's use", arguments: persistentStores)
    func lastUsed(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(Self.add, now: Moment.after(days: 1))
        let added = try await cli.modules(now: Moment.after(days: 1)).first { $0["module"] as? String == "medications" }
        #expect(added?["lastUsed"] as? String == Moment.stored(days: 1), "\(String(describing: added))")
        try await cli.ok(["meds", "give", "Rimadyl"], now: Moment.after(days: 2))
        let given = try await cli.modules(now: Moment.after(days: 2)).first { $0["module"] as? String == "medications" }
        #expect(given?["lastUsed"] as? String == Moment.stored(days: 2), "\(String(describing: given))")
    }

    @Test("meds is in wellness --help; meds --help names add, give, list and remove")
    func help() async throws {
        let cli = try Sandbox()
        let root = try await cli.raw(["--help"])
        #expect(root.status == 0 && root.stdout.contains("  meds "), "\(root)")
        let meds = try await cli.raw(["meds", "--help"])
        #expect(meds.status == 0, "\(meds)")
        for sub in ["add", "give", "list", "remove"] { #expect(meds.stdout.contains(sub), "\(sub): \(meds)") }
    }
}
