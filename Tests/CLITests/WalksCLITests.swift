import Foundation
import Testing
import WellnessTestSupport

/// `wellness walks add|list|plan` in process, on SQLite and JSON, in English and Dutch; a
/// switched-off walks module says so and changes nothing.
@Suite("CLI: walks")
struct WalksCLITests {
    static let dutch = ["LANG": "nl_NL.UTF-8"]
    /// 08:30 in Amsterdam on Monday 5 January 2026 (now is 10:00 there, `Moment.start`).
    static let morning = "2026-01-05T07:30:00Z"

    /// `walks list --json` as its object.
    static func list(_ cli: Sandbox, now: String = Moment.start, days: Int? = nil) async throws -> [String: Any] {
        let result = try await cli.ok(["walks", "list", "--json"] + (days.map { ["--days", String($0)] } ?? []), now: now)
        return try #require(try result.json() as? [String: Any], "\(result)")
    }

    static func walks(_ cli: Sandbox, now: String = Moment.start) async throws -> [[String: Any]] {
        try #require(try await list(cli, now: now)["walks"] as? [[String: Any]])
    }

    /// `walks plan --json` (showing, or with `times`, planning) as its array.
    static func plan(_ cli: Sandbox, _ times: [String] = [], now: String = Moment.start) async throws -> [[String: Any]] {
        let result = try await cli.ok(["walks", "plan"] + times + ["--json"], now: now)
        return try #require(try result.json() as? [[String: Any]], "\(result)")
    }

    @Test("add, list and plan, in text and JSON", arguments: persistentStores)
    func roundTrip(store: String) async throws {
        let cli = try Sandbox(store: store)
        let added = try await cli.ok(["walks", "add", "--at", Self.morning, "--minutes", "30", "--km", "2.5",
                                      "--note", "round the park"], now: Moment.start)
        #expect(added.stdout.contains("Walk added (2026-01-05 08:30)."), "\(added)")

        let planned = try await Self.plan(cli, ["18:00", "07:30"])
        #expect(planned.map { $0["time"] as? String } == ["07:30", "18:00"])
        #expect(planned.map { $0["state"] as? String } == ["walked", "upcoming"])
        #expect(planned.first?["walked"] as? String == "2026-01-05T07:30:00.000Z")
        #expect(planned.last?["walked"] is NSNull, "null when not walked: \(planned)")

        let listed = try await Self.list(cli)
        #expect(Set(listed.keys) == ["walks", "today"])
        let walks = try #require(listed["walks"] as? [[String: Any]])
        #expect(walks.count == 1)
        let walk = try #require(walks.first)
        #expect(Set(walk.keys) == ["id", "start", "minutes", "km", "note", "source"], "\(walk)")
        #expect(walk["start"] as? String == "2026-01-05T07:30:00.000Z")
        #expect(walk["minutes"] as? Int == 30)
        #expect(walk["km"] as? Double == 2.5)
        #expect(walk["note"] as? String == "round the park")
        #expect(walk["source"] as? String == "added")
        #expect((walk["id"] as? String)?.count == 36, "\(walk)")
        #expect((listed["today"] as? [[String: Any]])?.map { $0["state"] as? String } == ["walked", "upcoming"])

        let text = try await cli.ok(["walks", "list"], now: Moment.start)
        for shown in ["2026-01-05 08:30", "30", "2.50", "added", "round the park", "Planned today:",
                      "07:30  walked (2026-01-05 08:30)", "18:00  to come"] {
            #expect(text.stdout.contains(shown), "\(shown): \(text)")
        }
        let bare = try await cli.ok(["walks"], now: Moment.start)
        #expect(bare.stdout == text.stdout, "list is the default")

        #expect(try await Self.plan(cli, ["12:00"]).map { $0["time"] as? String } == ["12:00"], "12:00 replaces the plan")
        #expect(try await Self.plan(cli).map { $0["time"] as? String } == ["12:00"])
        let cleared = try await cli.ok(["walks", "plan", "--clear"], now: Moment.start)
        #expect(cleared.stdout.contains("No walks planned."), "\(cleared)")
        #expect(try await Self.plan(cli).isEmpty)
        #expect(try await Self.walks(cli).count == 1, "the walk stays")
    }

    @Test("a walk without details, now; the state through the day", arguments: persistentStores)
    func statesThroughTheDay(store: String) async throws {
        let cli = try Sandbox(store: store)
        _ = try await Self.plan(cli, ["07:30", "12:30"], now: Moment.start)
        #expect(try await Self.plan(cli, now: Moment.start).map { $0["state"] as? String } == ["due", "upcoming"])
        #expect(try await Self.plan(cli, now: "2026-01-05T11:30:00Z").map { $0["state"] as? String } == ["missed", "due"])
        try await cli.ok(["walks", "add"], now: "2026-01-05T11:40:00Z")
        let walks = try await Self.walks(cli, now: "2026-01-05T11:40:00Z")
        #expect(walks.first?["minutes"] is NSNull && walks.first?["km"] is NSNull && walks.first?["note"] is NSNull, "\(walks)")
        #expect(try await Self.plan(cli, now: "2026-01-05T11:45:00Z").map { $0["state"] as? String } == ["missed", "walked"])
        let seventh = try await cli.ok(["walks", "list"], now: "2026-01-07T09:00:00Z")
        #expect(try await Self.walks(cli, now: "2026-01-07T09:00:00Z").count == 1, "30 days back")
        let today = try await Self.list(cli, now: "2026-01-07T09:00:00Z", days: 2)
        #expect((today["walks"] as? [Any])?.isEmpty == true, "two days back from the 7th is the 6th: \(today)")
        #expect(seventh.stdout.contains("07:30  due now"), "the plan holds every day: \(seventh)")
    }

    @Test("in Dutch", arguments: persistentStores)
    func dutch(store: String) async throws {
        let cli = try Sandbox(store: store)
        let added = try await cli.ok(["walks", "add", "--at", Self.morning], now: Moment.start, extraEnv: Self.dutch)
        #expect(added.stdout.contains("Wandeling toegevoegd (2026-01-05 08:30)."), "\(added)")
        try await cli.ok(["walks", "plan", "07:30", "18:00"], now: Moment.start, extraEnv: Self.dutch)
        let listed = try await cli.ok(["walks", "list"], now: Moment.start, extraEnv: Self.dutch)
        for shown in ["BRON", "toegevoegd", "Vandaag gepland:", "07:30  gewandeld (2026-01-05 08:30)", "18:00  komt nog"] {
            #expect(listed.stdout.contains(shown), "\(shown): \(listed)")
        }
        let cleared = try await cli.ok(["walks", "plan", "--clear"], now: Moment.start, extraEnv: Self.dutch)
        #expect(cleared.stdout.contains("Geen wandelingen gepland."), "\(cleared)")
        let none = try await cli.ok(["walks", "list", "--days", "1"], now: "2026-01-07T09:00:00Z", extraEnv: Self.dutch)
        #expect(none.stdout.contains("Geen wandelingen in deze dagen."), "\(none)")
    }

    @Test("values the walk or the plan refuses: exit 64 naming the value, nothing written", arguments: [
        (["walks", "add", "--minutes", "0"], ["--minutes", "0 minutes"]),
        (["walks", "add", "--minutes", "1441"], ["--minutes", "1441"]),
        (["walks", "add", "--km", "0"], ["--km", "0.0 km"]),
        (["walks", "add", "--km", "100.01"], ["--km", "100.01"]),
        (["walks", "add", "--note", "bell\u{7}"], ["--note", "U+0007"]),
        (["walks", "plan", "25:00"], ["'25:00'", "HH:MM"]),
        (["walks", "plan", "7:5"], ["'7:5'"]),
        (["walks", "plan", "07:30", "7:30"], ["07:30 is planned twice"]),
        (["walks", "plan", "07:30", "--clear"], ["--clear"]),
    ])
    func refused(arguments: [String], named: [String]) async throws {
        let cli = try Sandbox()
        let result = try await cli.run(arguments, now: Moment.start)
        #expect(result.status == 64, "\(result)")
        for name in named { #expect(result.stderr.contains(name), "\(name): \(result)") }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
    }

    @Test("13 planned times are refused, exit 64")
    func tooMany() async throws {
        let cli = try Sandbox()
        let times = (6...18).map { String(format: "%02d:00", $0) }
        let result = try await cli.run(["walks", "plan"] + times, now: Moment.start)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("13 walks planned a day; at most 12"), "\(result)")
    }

    @Test("a start in the future: exit 1, nothing saved")
    func future() async throws {
        let cli = try Sandbox()
        let result = try await cli.run(["walks", "add", "--at", "2026-01-05T12:00:00Z"], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("in the future"), "\(result)")
        #expect(try await Self.walks(cli).isEmpty)
    }

    @Test("walks switched off: every walks command exits 1 saying so, with the hint; nothing saved; on again, the walks are back",
          arguments: persistentStores)
    func switchedOff(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["walks", "add", "--at", Self.morning, "--minutes", "20"], now: Moment.start)
        try await cli.ok(["walks", "plan", "18:00"], now: Moment.start)
        try await cli.ok(["modules", "disable", "walks"], now: Moment.start)
        let used = try await cli.modules(now: Moment.start).first { $0["module"] as? String == "walks" }?["lastUsed"] as? String
        for arguments in [["walks", "add", "--minutes", "45"], ["walks", "list"], ["walks", "plan", "07:30"],
                          ["walks", "plan", "--clear"], ["walks", "plan"]] {
            let result = try await cli.run(arguments, now: Moment.after(days: 1))
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.contains("Walks is switched off"), "\(arguments): \(result)")
            #expect(result.stderr.contains("wellness modules enable walks"), "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
        }
        let dutch = try await cli.run(["walks", "add"], now: Moment.after(days: 1), extraEnv: Self.dutch)
        #expect(dutch.status == 1, "\(dutch)")
        #expect(dutch.stderr.contains("Wandelingen staat uit"), "\(dutch)")
        #expect(dutch.stderr.contains("zet hem aan met: wellness modules enable walks"), "\(dutch)")
        let walksEntry = try await cli.modules(now: Moment.after(days: 1)).first { $0["module"] as? String == "walks" }
        #expect(walksEntry?["lastUsed"] as? String == used, "a refused command is no use")

        try await cli.ok(["modules", "enable", "walks"], now: Moment.after(days: 1))
        let walks = try await Self.walks(cli, now: Moment.after(days: 1))
        #expect(walks.map { $0["start"] as? String } == ["2026-01-05T07:30:00.000Z"], "only the walk before: \(walks)")
        #expect(try await Self.plan(cli, now: Moment.after(days: 1)).map { $0["time"] as? String } == ["18:00"])
    }

    @Test("a walks add is the walks module's use: modules list --json shows its lastUsed", arguments: persistentStores)
    func lastUsed(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["modules", "list"], now: Moment.start)
        let before = try await cli.modules(now: Moment.start).first { $0["module"] as? String == "walks" }
        #expect(before?["lastUsed"] is NSNull || before?["lastUsed"] == nil, "\(String(describing: before))")
        try await cli.ok(["walks", "add", "--minutes", "30"], now: Moment.after(days: 1))
        let walks = try await cli.modules(now: Moment.after(days: 1)).first { $0["module"] as? String == "walks" }
        #expect(walks?["lastUsed"] as? String == Moment.stored(days: 1), "\(String(describing: walks))")
        try await cli.ok(["walks", "plan", "07:30"], now: Moment.after(days: 2))
        let planned = try await cli.modules(now: Moment.after(days: 2)).first { $0["module"] as? String == "walks" }
        #expect(planned?["lastUsed"] as? String == Moment.stored(days: 2), "planning is a use too")
    }

    @Test("walks is in wellness --help; walks --help names add, list and plan")
    func help() async throws {
        let cli = try Sandbox()
        let root = try await cli.raw(["--help"])
        #expect(root.status == 0, "\(root)")
        #expect(root.stdout.contains("  walks "), "\(root)")
        let walks = try await cli.raw(["walks", "--help"])
        #expect(walks.status == 0, "\(walks)")
        for sub in ["add", "list", "plan"] {
            #expect(walks.stdout.contains(sub), "\(sub): \(walks)")
        }
    }
}
