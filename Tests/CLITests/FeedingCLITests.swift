import Foundation
import Testing
import WellnessTestSupport

/// `wellness feeding plan|give|list` in process, on SQLite and JSON, in English and Dutch; a
/// switched-off feeding module says so and changes nothing.
@Suite("CLI: feeding")
struct FeedingCLITests {
    static let dutch = ["LANG": "nl_NL.UTF-8"]
    /// 08:30 in Amsterdam on Monday 5 January 2026 (now is 10:00 there, `Moment.start`).
    static let morning = "2026-01-05T07:30:00Z"

    /// `feeding list --json` as its object.
    static func list(_ cli: Sandbox, now: String = Moment.start, days: Int? = nil) async throws -> [String: Any] {
        let result = try await cli.ok(["feeding", "list", "--json"] + (days.map { ["--days", String($0)] } ?? []), now: now)
        return try #require(try result.json() as? [String: Any], "\(result)")
    }

    static func meals(_ cli: Sandbox, now: String = Moment.start) async throws -> [[String: Any]] {
        try #require(try await list(cli, now: now)["meals"] as? [[String: Any]])
    }

    /// `feeding plan --json` (showing, or with `meals`, planning) as its array.
    static func plan(_ cli: Sandbox, _ meals: [String] = [], now: String = Moment.start) async throws -> [[String: Any]] {
        let result = try await cli.ok(["feeding", "plan"] + meals + ["--json"], now: now)
        return try #require(try result.json() as? [[String: Any]], "\(result)")
    }

    @Test("plan, give and list, in text and JSON", arguments: persistentStores)
    func roundTrip(store: String) async throws {
        let cli = try Sandbox(store: store)
        let planned = try await Self.plan(cli, ["18:00 120g kibble", "07:00 120g kibble"])
        #expect(planned.map { $0["time"] as? String } == ["07:00", "18:00"])
        #expect(planned.map { $0["state"] as? String } == ["due", "upcoming"])
        #expect(planned.first?["grams"] as? Int == 120 && planned.first?["food"] as? String == "kibble", "\(planned)")
        #expect(planned.first?["given"] is NSNull, "null when not given: \(planned)")

        let given = try await cli.ok(["feeding", "give", "--at", Self.morning], now: Moment.start)
        #expect(given.stdout.contains("Meal 07:00 120g kibble given (2026-01-05 08:30)."), "\(given)")

        let listed = try await Self.list(cli)
        #expect(Set(listed.keys) == ["meals", "today"])
        let meals = try #require(listed["meals"] as? [[String: Any]])
        #expect(meals.count == 1)
        let meal = try #require(meals.first)
        #expect(Set(meal.keys) == ["id", "at", "planned", "grams", "food", "state"], "\(meal)")
        #expect(meal["at"] as? String == "2026-01-05T07:30:00.000Z")
        #expect(meal["planned"] as? String == "07:00")
        #expect(meal["grams"] as? Int == 120)
        #expect(meal["food"] as? String == "kibble")
        #expect(meal["state"] as? String == "late", "90 minutes after its time")
        #expect((meal["id"] as? String)?.count == 36, "\(meal)")
        #expect((listed["today"] as? [[String: Any]])?.map { $0["state"] as? String } == ["late", "upcoming"])

        let text = try await cli.ok(["feeding", "list"], now: Moment.start)
        for shown in ["2026-01-05 08:30", "07:00", "120", "kibble", "late", "Planned today:",
                      "07:00 120g kibble  given late (2026-01-05 08:30)", "18:00 120g kibble  to come"] {
            #expect(text.stdout.contains(shown), "\(shown): \(text)")
        }
        let bare = try await cli.ok(["feeding"], now: Moment.start)
        #expect(bare.stdout == text.stdout, "list is the default")

        let evening = try await cli.ok(["feeding", "give", "18:00", "--grams", "90"], now: "2026-01-05T17:05:00Z")
        #expect(evening.stdout.contains("Meal 18:00 90g kibble given (2026-01-05 18:05)."), "\(evening)")
        #expect(try await Self.meals(cli, now: "2026-01-05T17:05:00Z").map { $0["state"] as? String } == ["late", "given"])

        #expect(try await Self.plan(cli, ["12:00 snack"]).map { $0["time"] as? String } == ["12:00"], "replaces the plan")
        let cleared = try await cli.ok(["feeding", "plan", "--clear"], now: Moment.start)
        #expect(cleared.stdout.contains("No meals planned."), "\(cleared)")
        #expect(try await Self.plan(cli).isEmpty)
        let unplanned = try await cli.ok(["feeding", "give", "--grams", "50"], now: Moment.start)
        #expect(unplanned.stdout.contains("Meal given (2026-01-05 10:00)."), "\(unplanned)")
        #expect(try await Self.meals(cli).map { $0["planned"] is NSNull } == [false, true, false], "the meals stay, the unplanned one among them")
    }

    @Test("a meal not given is skipped at the next meal's time, and due on the due list until then", arguments: persistentStores)
    func skippedAndDue(store: String) async throws {
        let cli = try Sandbox(store: store)
        _ = try await Self.plan(cli, ["07:00 kibble", "12:00 kibble"])
        let due = try await cli.ok(["due", "--json"], now: Moment.start)
        #expect(due.stdout.contains("07:00 kibble"), "\(due)")
        let dueText = try await cli.ok(["due"], now: Moment.start)
        #expect(dueText.stdout.contains("Meal planned at 07:00 kibble"), "\(dueText)")
        #expect(try await Self.plan(cli, now: "2026-01-05T11:00:00Z").map { $0["state"] as? String } == ["skipped", "due"])
        let text = try await cli.ok(["feeding", "list"], now: "2026-01-05T11:00:00Z")
        #expect(text.stdout.contains("07:00 kibble  skipped"), "\(text)")
        #expect(text.stdout.contains("No meals in these days."), "\(text)")
    }

    @Test("in Dutch", arguments: persistentStores)
    func dutch(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["feeding", "plan", "07:00 120g brokken", "18:00 brokken"], now: Moment.start, extraEnv: Self.dutch)
        let given = try await cli.ok(["feeding", "give", "07:00", "--at", Self.morning], now: Moment.start, extraEnv: Self.dutch)
        #expect(given.stdout.contains("Maaltijd 07:00 120g brokken gegeven (2026-01-05 08:30)."), "\(given)")
        let listed = try await cli.ok(["feeding", "list"], now: Moment.start, extraEnv: Self.dutch)
        for shown in ["GEPLAND", "VOER", "te laat", "Vandaag gepland:", "07:00 120g brokken  te laat gegeven (2026-01-05 08:30)",
                      "18:00 brokken  komt nog"] {
            #expect(listed.stdout.contains(shown), "\(shown): \(listed)")
        }
        let due = try await cli.ok(["due"], now: "2026-01-05T17:30:00Z", extraEnv: Self.dutch)
        #expect(due.stdout.contains("Maaltijd gepland om 18:00 brokken"), "\(due)")
        let cleared = try await cli.ok(["feeding", "plan", "--clear"], now: Moment.start, extraEnv: Self.dutch)
        #expect(cleared.stdout.contains("Geen maaltijden gepland."), "\(cleared)")
        let none = try await cli.ok(["feeding", "list", "--days", "1"], now: "2026-01-07T09:00:00Z", extraEnv: Self.dutch)
        #expect(none.stdout.contains("Geen maaltijden in deze dagen."), "\(none)")
        let refused = try await cli.run(["feeding", "plan", "7h brokken"], now: Moment.start, extraEnv: Self.dutch)
        #expect(refused.status == 64 && refused.stderr.contains("'7h brokken' is geen geplande maaltijd"), "\(refused)")
    }

    @Test("values the plan or a meal refuses: exit 64 naming the value, nothing written", arguments: [
        (["feeding", "plan", "7h kibble"], ["'7h kibble'", "HH:MM"]),
        (["feeding", "plan", "25:00"], ["'25:00'"]),
        (["feeding", "plan", "07:00 -5g x"], ["-5 g", "1", "5000"]),
        (["feeding", "plan", "07:00 5001g x"], ["5001 g"]),
        (["feeding", "plan", "07:00 kibble", "7:00 wet"], ["07:00 is planned twice"]),
        (["feeding", "plan", "07:00 kib\u{7}ble"], ["U+0007"]),
        (["feeding", "plan", "07:00", "--clear"], ["--clear"]),
        (["feeding", "give", "--grams", "0"], ["--grams", "0 g"]),
        (["feeding", "give", "7h"], ["'7h'", "HH:MM"]),
        (["feeding", "list", "--days", "0"], ["--days"]),
    ])
    func refused(arguments: [String], named: [String]) async throws {
        let cli = try Sandbox()
        let result = try await cli.run(arguments, now: Moment.start)
        #expect(result.status == 64, "\(result)")
        for name in named { #expect(result.stderr.contains(name), "\(name): \(result)") }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
    }

    @Test("a time not in the plan: exit 1 naming it, nothing saved", arguments: persistentStores)
    func notPlanned(store: String) async throws {
        let cli = try Sandbox(store: store)
        _ = try await Self.plan(cli, ["07:00 kibble"])
        let result = try await cli.run(["feeding", "give", "09:00"], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no meal is planned at 09:00"), "\(result)")
        #expect(try await Self.meals(cli).isEmpty)
        let future = try await cli.run(["feeding", "give", "--at", "2026-01-05T12:00:00Z"], now: Moment.start)
        #expect(future.status == 1 && future.stderr.contains("in the future"), "\(future)")
        #expect(try await Self.meals(cli).isEmpty)
    }

    @Test("feeding switched off: every feeding command exits 1 saying so, with the hint; nothing saved; on again, the meals are back",
          arguments: persistentStores)
    func switchedOff(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["feeding", "plan", "07:00 kibble"], now: Moment.start)
        try await cli.ok(["feeding", "give", "--at", Self.morning], now: Moment.start)
        try await cli.ok(["modules", "disable", "feeding"], now: Moment.start)
        let used = try await cli.modules(now: Moment.start).first { $0["module"] as? String == "feeding" }?["lastUsed"] as? String
        for arguments in [["feeding", "give"], ["feeding", "list"], ["feeding", "plan", "08:00"],
                          ["feeding", "plan", "--clear"], ["feeding", "plan"]] {
            let result = try await cli.run(arguments, now: Moment.after(days: 1))
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.contains("Feeding is switched off"), "\(arguments): \(result)")
            #expect(result.stderr.contains("wellness modules enable feeding"), "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
        }
        let dutch = try await cli.run(["feeding", "give"], now: Moment.after(days: 1), extraEnv: Self.dutch)
        #expect(dutch.status == 1 && dutch.stderr.contains("Voeding staat uit"), "\(dutch)")
        let entry = try await cli.modules(now: Moment.after(days: 1)).first { $0["module"] as? String == "feeding" }
        #expect(entry?["lastUsed"] as? String == used, "a refused command is no use")
        let due = try await cli.ok(["due", "--json"], now: Moment.after(days: 1))
        #expect(!due.stdout.contains("kibble"), "no meal due while the module is off: \(due)")

        try await cli.ok(["modules", "enable", "feeding"], now: Moment.after(days: 1))
        #expect(try await Self.meals(cli, now: Moment.after(days: 1)).map { $0["at"] as? String } == ["2026-01-05T07:30:00.000Z"])
        #expect(try await Self.plan(cli, now: Moment.after(days: 1)).map { $0["time"] as? String } == ["07:00"])
    }

    @Test("a give and a plan are the feeding module's use: modules list --json shows its lastUsed", arguments: persistentStores)
    func lastUsed(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["feeding", "give"], now: Moment.after(days: 1))
        let given = try await cli.modules(now: Moment.after(days: 1)).first { $0["module"] as? String == "feeding" }
        #expect(given?["lastUsed"] as? String == Moment.stored(days: 1), "\(String(describing: given))")
        try await cli.ok(["feeding", "plan", "07:30"], now: Moment.after(days: 2))
        let planned = try await cli.modules(now: Moment.after(days: 2)).first { $0["module"] as? String == "feeding" }
        #expect(planned?["lastUsed"] as? String == Moment.stored(days: 2), "planning is a use too")
    }

    @Test("feeding is in wellness --help; feeding --help names give, list and plan")
    func help() async throws {
        let cli = try Sandbox()
        let root = try await cli.raw(["--help"])
        #expect(root.stdout.contains("  feeding "), "\(root)")
        let feeding = try await cli.raw(["feeding", "--help"])
        #expect(feeding.status == 0, "\(feeding)")
        for sub in ["give", "list", "plan"] { #expect(feeding.stdout.contains(sub), "\(sub): \(feeding)") }
    }
}
