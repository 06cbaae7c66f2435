import Foundation
import Testing
import WellnessTestSupport

/// `wellness checkin|insights|trends|features|tier|queue` end to end, against the built binary,
/// on each persistent store: every step is a separate process.
@Suite("CLI: Drift")
struct DriftCLITests {
    /// 21 November 2026, 10:00 in Amsterdam.
    static let now = "2026-11-21T09:00:00Z"

    func checkin(_ cli: Sandbox, _ energy: Int, _ stress: Int, _ social: Int, day: String, extra: [String] = [],
                 sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await cli.ok(["checkin", "--energy", "\(energy)", "--stress", "\(stress)", "--social", "\(social)",
                          "--day", day] + extra, now: Self.now, sourceLocation: sourceLocation)
    }

    func json(_ cli: Sandbox, _ arguments: [String], env: [String: String] = [:],
              sourceLocation: SourceLocation = #_sourceLocation) async throws -> Any {
        let result = try await cli.ok(arguments + ["--json"], now: Self.now, extraEnv: env, sourceLocation: sourceLocation)
        return try result.json()
    }

    @Test("checkin: one per day, --replace, refused values name the field; checkin list --json", arguments: persistentStores)
    func checkins(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["checkin", "--energy", "2", "--stress", "4", "--social", "3", "--contact", "Sam"], now: Self.now)
        let again = try await cli.run(["checkin", "--energy", "3", "--stress", "3", "--social", "3"], now: Self.now)
        #expect(again.status == 1 && again.stderr.contains("already checked in on 2026-11-21"), "\(again)")
        try await cli.ok(["checkin", "--energy", "3", "--stress", "3", "--social", "3", "--replace"], now: Self.now)
        for (flag, value) in [("--energy", "6"), ("--stress", "0"), ("--social", "3.5"), ("--energy", "high")] {
            var arguments = ["checkin", "--energy", "3", "--stress", "3", "--social", "3", "--day", "2026-11-20"]
            arguments[arguments.firstIndex(of: flag)! + 1] = value
            let refused = try await cli.run(arguments, now: Self.now)
            #expect(refused.status == 64 && refused.stderr.contains(String(flag.dropFirst(2))), "\(refused)")
        }
        let list = try #require(try await json(cli, ["checkin", "list"]) as? [[String: Any]])
        #expect(list.count == 1)
        #expect(Set(list[0].keys) == ["day", "energy", "stress", "social", "keyContact", "driftIndex"])
        #expect(list[0]["day"] as? String == "2026-11-21")
        #expect(list[0]["energy"] as? Int == 3 && list[0]["keyContact"] is NSNull && list[0]["driftIndex"] as? Double == 3)
    }

    @Test("insights without check-ins: no drift badge, the seed's “keep checking in daily” and how, in both languages",
          arguments: [("C.UTF-8", "No weekly insights yet. Keep checking in daily."),
                      ("nl_NL.UTF-8", "Nog geen weekinzichten. Blijf dagelijks inchecken.")])
    func insightsEmpty(lang: String, empty: String) async throws {
        let cli = try Sandbox()
        let result = try await cli.ok(["insights"], now: Self.now, extraEnv: ["LANG": lang])
        #expect(result.stdout.contains(empty), "\(result)")
        #expect(result.stdout.contains("wellness checkin --energy"), "\(result)")
        #expect(!result.stdout.contains("["), "no badge: \(result)")
        try await checkin(cli, 3, 2, 4, day: "2026-11-21")
        let one = try await cli.ok(["insights"], now: Self.now, extraEnv: ["LANG": lang])
        #expect(!one.stdout.contains(empty) && one.stdout.contains("["), "a badge once there is a check-in: \(one)")
        // Each local answer has its own request id.
        var ids: [String] = []
        for _ in 1...2 {
            let answer = try #require(try await json(cli, ["insights"]) as? [String: Any])
            ids.append(try #require(answer["requestId"] as? String))
        }
        #expect(ids[0] != ids[1], "\(ids)")
    }

    @Test("insights --json has the seed's shape; null averages without data; Free gets the teaser, Pro the suggestions",
          arguments: persistentStores)
    func insights(store: String) async throws {
        let cli = try Sandbox(store: store)
        let empty = try #require(try await json(cli, ["insights"]) as? [String: Any])
        #expect(Set(empty.keys) == ["weekStart", "weekEnd", "days", "summary", "highlights", "suggestions", "requestId",
                                    "timestamp"])
        #expect(UUID(uuidString: empty["requestId"] as? String ?? "") != nil, "\(empty)")
        #expect(empty["timestamp"] as? String == "2026-11-21T09:00:00.000Z", "the run's now: \(empty)")
        let emptySummary = try #require(empty["summary"] as? [String: Any])
        #expect(Set(emptySummary.keys) == ["checkinCount", "alertCount", "averages", "driftLevel", "hasEnoughData"])
        let emptyAverages = try #require(emptySummary["averages"] as? [String: Any])
        #expect(Set(emptyAverages.keys) == ["energy", "stress", "social", "driftIndex"])
        #expect(emptyAverages.values.allSatisfy { $0 is NSNull })
        #expect(emptySummary["driftLevel"] is NSNull, "no check-ins, no level: \(emptySummary)")
        #expect(empty["weekStart"] as? String == "2026-11-15" && empty["weekEnd"] as? String == "2026-11-21")

        // Four days of high drift: enough data (4 of 7), three alerts (the first has no high day before it).
        for day in 18...21 { try await checkin(cli, 1, 5, 1, day: "2026-11-\(day)", extra: ["--contact", "Sam"]) }
        let free = try #require(try await json(cli, ["insights"]) as? [String: Any])
        let summary = try #require(free["summary"] as? [String: Any])
        #expect(summary["checkinCount"] as? Int == 4 && summary["alertCount"] as? Int == 3)
        #expect(summary["hasEnoughData"] as? Bool == true && summary["driftLevel"] as? String == "high")
        #expect((summary["averages"] as? [String: Any])?["driftIndex"] as? Double == 5)
        #expect(free["suggestions"] as? [String] == [], "the teaser is no suggestion: \(free)")
        #expect(free["locked"] as? [String: String] == ["feature": "weekly_detail"], "\(free)")
        #expect(Set(free.keys) == ["weekStart", "weekEnd", "days", "summary", "highlights", "suggestions", "locked",
                                   "requestId", "timestamp"], "\(free)")
        let freeText = try await cli.ok(["insights"], now: Self.now)
        #expect(freeText.stdout.contains("Detailed suggestions are a Pro feature"), "\(freeText)")

        let pro = try #require(try await json(cli, ["insights"], env: ["WELLNESS_TIER": "pro"]) as? [String: Any])
        let suggestions = try #require(pro["suggestions"] as? [String])
        #expect(suggestions.count >= 1 && suggestions.contains { $0.contains("Sam") }, "\(suggestions)")
        let fortnight = try #require(try await json(cli, ["insights", "--days", "14"]) as? [String: Any])
        #expect(fortnight["days"] as? Int == 14 && fortnight["weekStart"] as? String == "2026-11-08")
        let bad = try await cli.run(["insights", "--days", "10"], now: Self.now)
        #expect(bad.status == 64 && bad.stderr.contains("--days: ") && bad.stderr.contains("10"), "\(bad)")
    }

    @Test("trends: 7 days on Free; 30 and 90 locked (message or {locked, feature}, exit 3) until tier set pro",
          arguments: persistentStores)
    func trends(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await checkin(cli, 4, 2, 4, day: "2026-11-21")
        try await checkin(cli, 2, 4, 2, day: "2026-11-01")
        let week = try #require(try await json(cli, ["trends"]) as? [String: Any])
        #expect(week["days"] as? Int == 7)
        let points = try #require(week["points"] as? [[String: Any]])
        #expect(points.count == 1 && Set(points[0].keys) == ["day", "energy", "stress", "social", "driftIndex"])
        #expect(points[0]["driftIndex"] as? Double == 2)

        let locked = try await cli.run(["trends", "--days", "30", "--json"], now: Self.now)
        #expect(locked.status == 3, "\(locked)")
        let lockedJSON = try #require(try locked.json() as? [String: Any])
        #expect(lockedJSON["locked"] as? Bool == true && lockedJSON["feature"] as? String == "trends_30d")
        let lockedText = try await cli.run(["trends", "--days", "90"], now: Self.now)
        #expect(lockedText.status == 3 && lockedText.stdout.contains("trends_90d") && lockedText.stdout.contains("tier set pro"),
                "\(lockedText)")

        try await cli.ok(["tier", "set", "pro"], now: Self.now)
        let month = try #require(try await json(cli, ["trends", "--days", "30"]) as? [String: Any])
        #expect((month["points"] as? [[String: Any]])?.map { $0["day"] as? String } == ["2026-11-01", "2026-11-21"])
        // WELLNESS_TIER wins over the stored tier.
        let overridden = try await cli.run(["trends", "--days", "30"], now: Self.now, extraEnv: ["WELLNESS_TIER": "free"])
        #expect(overridden.status == 3, "\(overridden)")
        let badTier = try await cli.run(["trends"], now: Self.now, extraEnv: ["WELLNESS_TIER": "gold"])
        #expect(badTier.status != 0 && badTier.stderr.contains("WELLNESS_TIER"), "\(badTier)")
    }

    @Test("alerts: newest first with day and drift index, --days 1…90 (else exit 64), --json like the server's, in both languages",
          arguments: persistentStores)
    func alerts(store: String) async throws {
        let cli = try Sandbox(store: store)
        let none = try await cli.ok(["alerts"], now: Self.now)
        #expect(none.stdout.contains("No drift alerts in the last 14 days"), "\(none)")
        for day in ["2026-11-17", "2026-11-18", "2026-11-19"] { try await checkin(cli, 2, 5, 2, day: day) }
        try await checkin(cli, 4, 2, 4, day: "2026-11-20")
        try await checkin(cli, 1, 5, 1, day: "2026-11-21")
        let text = try await cli.ok(["alerts"], now: Self.now)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Drift alerts, last 14 days (newest first)", "\(text)")
        let days = lines.compactMap { line in ["2026-11-19", "2026-11-18"].first { line.hasPrefix($0) } }
        #expect(days == ["2026-11-19", "2026-11-18"], "newest first, 11-21 follows a low day: \(text)")
        #expect(text.stdout.contains("4.33"), "\(text)")
        let dutch = try await cli.ok(["alerts", "--days", "1", "--locale", "nl"], now: Self.now)
        #expect(dutch.stdout.contains("Geen drift-waarschuwingen in de laatste 1 dag"), "\(dutch)")
        let tooFar = try await cli.run(["alerts", "--days", "91"], now: Self.now)
        #expect(tooFar.status == 64 && tooFar.stderr.contains("--days: ") && tooFar.stderr.contains("90"), "\(tooFar)")
        let answer = try #require(try await json(cli, ["alerts", "--days", "3"]) as? [String: Any])
        #expect(Set(answer.keys) == ["days", "alerts"] && answer["days"] as? Int == 3)
        let listed = try #require(answer["alerts"] as? [[String: Any]])
        #expect(listed.map { Set($0.keys) } == [["day", "driftIndex"]], "\(answer)")
        #expect(listed.first?["day"] as? String == "2026-11-19" && listed.first?["driftIndex"] as? Double == 4.33)
        for days in ["0", "91", "two"] {
            let refused = try await cli.run(["alerts", "--days", days], now: Self.now)
            #expect(refused.status == 64 && refused.stderr.contains(days), "\(refused)")
        }
    }

    @Test("features --json lists the six Pro keys, unlocked only on Pro; tier shows and sets the tier")
    func features() async throws {
        let cli = try Sandbox()
        let free = try #require(try await json(cli, ["features"]) as? [[String: Any]])
        #expect(free.map { $0["key"] as? String } == ["trends_30d", "trends_90d", "sensitivity_tuning", "action_plan",
                                                     "weekly_detail", "insight_history"])
        #expect(free.allSatisfy { $0["pro"] as? Bool == true && $0["unlocked"] as? Bool == false })
        #expect((try await json(cli, ["tier"]) as? [String: String])?["tier"] == "free")
        try await cli.ok(["tier", "set", "pro"], now: Self.now)
        let pro = try #require(try await json(cli, ["features"]) as? [[String: Any]])
        #expect(pro.allSatisfy { $0["unlocked"] as? Bool == true })
        let bad = try await cli.run(["tier", "set", "gold"], now: Self.now)
        #expect(bad.status == 64 && bad.stderr.contains("gold"), "\(bad)")
    }

    @Test("queue: empty list; retry and drop of an unknown id are errors; retry needs an id or --all")
    func queue() async throws {
        let cli = try Sandbox()
        #expect((try await json(cli, ["queue"]) as? [Any])?.isEmpty == true)
        let drop = try await cli.run(["queue", "drop", "abcd1234"], now: Self.now)
        #expect(drop.status == 1 && drop.stderr.contains("abcd1234"), "\(drop)")
        let retry = try await cli.run(["queue", "retry"], now: Self.now)
        #expect(retry.status == 64, "\(retry)")
        let all = try await cli.ok(["queue", "retry", "--all"], now: Self.now)
        #expect(all.stdout.contains("0"), "\(all)")
    }

    @Test("wellness (the summary) shows the week's drift once there are check-ins")
    func summary() async throws {
        let cli = try Sandbox()
        try await checkin(cli, 3, 3, 3, day: "2026-11-21") // drift index 3: moderate
        let result = try await cli.ok([], now: Self.now)
        #expect(result.stdout.contains("Drift this week: Moderate drift (1 check-in)"), "\(result)")
    }
}
