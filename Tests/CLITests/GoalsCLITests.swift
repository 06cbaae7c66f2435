import Foundation
import Testing
import WellnessTestSupport

/// `wellness goals …`, `wellness mood …` and `wellness tips …` end to end, against the built
/// binary, on each persistent store: every step is a separate process, so the goals, moods and
/// the tips cache are proven to persist.
@Suite("CLI: goals, mood and tips")
struct GoalsCLITests {
    static let priorityRank = ["high": 0, "medium": 1, "low": 2]
    static let categories: Set<String> = ["general", "nutrition", "exercise", "sleep", "mindset", "habit"]

    /// `goals add TITLE [--description D] --json` as an object.
    func addGoal(_ cli: Sandbox, _ title: String, description: String? = nil, now: String = Moment.start,
                 sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        var arguments = ["goals", "add", title]
        if let description { arguments += ["--description", description] }
        let result = try await cli.ok(arguments + ["--json"], now: now, sourceLocation: sourceLocation)
        return try #require(try result.json() as? [String: Any], "\(result)", sourceLocation: sourceLocation)
    }

    /// `tips REFERENCE --json [--refresh]` as an object.
    func tips(_ cli: Sandbox, _ reference: String, now: String, refresh: Bool = false,
              sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let result = try await cli.ok(["tips", reference, "--json"] + (refresh ? ["--refresh"] : []), now: now,
                                      sourceLocation: sourceLocation)
        return try #require(try result.json() as? [String: Any], "\(result)", sourceLocation: sourceLocation)
    }

    // MARK: - goals

    @Test("goals add --json prints {id, title, description, createdAt}; goals list shows it", arguments: persistentStores)
    func addAndList(store: String) async throws {
        let cli = try Sandbox(store: store)
        let goal = try await addGoal(cli, "Exercise 3x per week", description: "Gym or a run")
        #expect(Set(goal.keys) == ["id", "title", "description", "createdAt"])
        let id = try #require(goal["id"] as? String)
        #expect(UUID(uuidString: id) != nil && id == id.lowercased(), "\(id)")
        #expect(goal["title"] as? String == "Exercise 3x per week")
        #expect(goal["description"] as? String == "Gym or a run")
        #expect(goal["createdAt"] as? String == Moment.startStored)

        let bare = try await addGoal(cli, "Sleep 8 hours", now: Moment.after(days: 1))
        #expect(Set(bare.keys) == ["id", "title", "description", "createdAt"])
        #expect(bare["description"] is NSNull)

        let listed = try await cli.ok(["goals", "list", "--json"], now: Moment.after(days: 2))
        let goals = try #require(try listed.json() as? [[String: Any]], "\(listed)")
        #expect(goals.map { $0["id"] as? String } == [id, bare["id"] as? String], "oldest first")
        #expect(goals.first?["title"] as? String == "Exercise 3x per week")
        #expect(goals.first?["createdAt"] as? String == Moment.startStored)

        let text = try await cli.ok(["goals", "list"], now: Moment.after(days: 2))
        #expect(text.stdout.contains(id), "\(text)")
        #expect(text.stdout.contains("Exercise 3x per week"), "\(text)")

        let added = try await cli.ok(["goals", "add", "Drink water"], now: Moment.start)
        #expect(added.stdout.contains("Drink water"), "\(added)")
        #expect(added.stdout.contains("wellness tips"), "\(added)")
    }

    @Test("goals list with no goals says how to add one", arguments: persistentStores)
    func emptyList(store: String) async throws {
        let cli = try Sandbox(store: store)
        #expect(try await cli.ok(["goals", "list"], now: Moment.start).stdout.contains("wellness goals add"))
        let json = try await cli.ok(["goals", "list", "--json"], now: Moment.start)
        #expect((try json.json() as? [Any])?.isEmpty == true, "\(json)")
    }

    @Test("goals add refuses a blank title with exit 1", arguments: persistentStores)
    func blankTitle(store: String) async throws {
        let cli = try Sandbox(store: store)
        let blank = try await cli.run(["goals", "add", "   "], now: Moment.start)
        #expect(blank.status == 1, "\(blank)")
        #expect(blank.stderr.contains("title"), "\(blank)")
    }

    @Test("goals remove deletes a goal (by id or prefix) and its tips", arguments: persistentStores)
    func remove(store: String) async throws {
        let cli = try Sandbox(store: store)
        let exercise = try #require(try await addGoal(cli, "Exercise 3x per week")["id"] as? String)
        let sleep = try #require(try await addGoal(cli, "Sleep 8 hours")["id"] as? String)
        _ = try await tips(cli, exercise, now: Moment.start)

        let removed = try await cli.ok(["goals", "remove", exercise], now: Moment.start)
        #expect(removed.stdout.contains("Exercise 3x per week"), "\(removed)")
        let listed = try await cli.ok(["goals", "list", "--json"], now: Moment.start)
        #expect((try listed.json() as? [[String: Any]])?.map { $0["id"] as? String } == [sleep], "\(listed)")

        let again = try await cli.run(["goals", "remove", exercise], now: Moment.start)
        #expect(again.status == 1, "\(again)")
        #expect(again.stderr.contains("not found"), "\(again)")
        let gone = try await cli.run(["tips", exercise, "--json"], now: Moment.start)
        #expect(gone.status == 1, "\(gone)")

        try await cli.ok(["goals", "remove", String(sleep.prefix(8))], now: Moment.start)
        let none = try await cli.ok(["goals", "list", "--json"], now: Moment.start)
        #expect((try none.json() as? [Any])?.isEmpty == true, "\(none)")
    }

    // MARK: - mood

    @Test("mood log and mood list --json: one entry per day, persisted", arguments: persistentStores)
    func mood(store: String) async throws {
        let cli = try Sandbox(store: store)
        let logged = try await cli.ok(["mood", "log", "4", "--note", "Good run", "--day", "2026-01-03", "--json"],
                                      now: Moment.start)
        let entry = try #require(try logged.json() as? [String: Any], "\(logged)")
        #expect(entry["day"] as? String == "2026-01-03")
        #expect(entry["score"] as? Int == 4)
        #expect(entry["note"] as? String == "Good run")

        let text = try await cli.ok(["mood", "log", "2"], now: Moment.start)
        #expect(text.stdout.contains("2026-01-05"), "today by default: \(text)")
        try await cli.ok(["mood", "log", "3", "--note", "Better", "--day", "2026-01-03"], now: Moment.start)

        let listed = try await cli.ok(["mood", "list", "--json"], now: Moment.after(days: 1))
        let moods = try #require(try listed.json() as? [[String: Any]], "\(listed)")
        #expect(moods.map { $0["day"] as? String } == ["2026-01-03", "2026-01-05"], "oldest first, one per day")
        #expect(moods.map { $0["score"] as? Int } == [3, 2], "logging again replaces the day's entry")
        #expect(moods.first?["note"] as? String == "Better")
        #expect(moods.last?["note"] as? String == nil)

        let recent = try await cli.ok(["mood", "list", "--days", "2", "--json"], now: Moment.after(days: 1))
        #expect((try recent.json() as? [[String: Any]])?.map { $0["day"] as? String } == ["2026-01-05"], "\(recent)")

        let table = try await cli.ok(["mood", "list"], now: Moment.after(days: 1))
        #expect(table.stdout.contains("2026-01-03") && table.stdout.contains("Better"), "\(table)")
        let empty = try await cli.ok(["mood", "list"], now: Moment.after(days: 100))
        #expect(empty.stdout.contains("wellness mood log"), "\(empty)")
    }

    @Test("mood JSON always has day, score and note, the note null when there is none (as documented on MoodOutput)",
          arguments: persistentStores)
    func moodShape(store: String) async throws {
        let cli = try Sandbox(store: store)
        let logged = try await cli.ok(["mood", "log", "3", "--json"], now: Moment.start)
        let entry = try #require(try logged.json() as? [String: Any], "\(logged)")
        #expect(Set(entry.keys) == ["day", "score", "note"], "\(logged)")
        #expect(entry["note"] is NSNull, "\(logged)")
        let listed = try await cli.ok(["mood", "list", "--json"], now: Moment.start)
        let moods = try #require(try listed.json() as? [[String: Any]], "\(listed)")
        #expect(moods.map { Set($0.keys) } == [["day", "score", "note"]], "\(listed)")
    }

    @Test("mood log refuses a score outside 1 to 5 as a usage error naming it", arguments: persistentStores)
    func invalidScore(store: String) async throws {
        let cli = try Sandbox(store: store)
        for score in ["0", "6", "42"] {
            let result = try await cli.run(["mood", "log", score], now: Moment.start)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains(score), "\(result)")
            #expect(result.stderr.contains("1") && result.stderr.contains("5"), "\(result)")
        }
        let listed = try await cli.ok(["mood", "list", "--json"], now: Moment.start)
        #expect((try listed.json() as? [Any])?.isEmpty == true, "nothing was saved: \(listed)")
    }

    // MARK: - tips

    @Test("tips --json has {goalId, generatedAt, stale, source, tips: [{id, tip, category, priority}]}, 3 to 6, sorted",
          arguments: persistentStores)
    func tipsShape(store: String) async throws {
        let cli = try Sandbox(store: store)
        let id = try #require(try await addGoal(cli, "Exercise 3x per week")["id"] as? String)
        let result = try await tips(cli, id, now: Moment.start)
        #expect(Set(result.keys) == ["goalId", "generatedAt", "stale", "source", "tips"])
        #expect(result["source"] as? String == "rules", "no AI service configured")
        #expect(result["goalId"] as? String == id)
        #expect(result["generatedAt"] as? String == Moment.startStored)
        #expect(result["stale"] as? Bool == false)
        let list = try #require(result["tips"] as? [[String: Any]])
        #expect((3...6).contains(list.count), "\(list)")
        for tip in list {
            #expect(Set(tip.keys) == ["id", "tip", "category", "priority"], "\(tip)")
            let tipID = tip["id"] as? String ?? ""
            #expect(UUID(uuidString: tipID) != nil && tipID == tipID.lowercased(), "\(tip)")
            #expect(!(tip["tip"] as? String ?? "").isEmpty)
            #expect(Self.categories.contains(tip["category"] as? String ?? "?"), "\(tip)")
        }
        let ranks = list.map { Self.priorityRank[$0["priority"] as? String ?? "?"] ?? 99 }
        #expect(ranks == ranks.sorted(), "high → medium → low: \(ranks)")
        #expect(ranks.allSatisfy { $0 < 3 })
        #expect(list.first?["category"] as? String == "exercise")
        #expect(list.first?["priority"] as? String == "high")

        // A prefix of the id works too.
        #expect(try await tips(cli, String(id.prefix(8)), now: Moment.start)["goalId"] as? String == id)
    }

    @Test("the tips cache persists across processes: fresh for 24 hours, regenerated after, and on --refresh",
          arguments: persistentStores)
    func tipsCache(store: String) async throws {
        let cli = try Sandbox(store: store)
        let id = try #require(try await addGoal(cli, "Sleep 8 hours")["id"] as? String)
        let first = try await tips(cli, id, now: Moment.start)
        #expect(first["generatedAt"] as? String == Moment.startStored)

        // 23 hours later, in another process: the cached tips, unchanged.
        let cached = try await tips(cli, id, now: Moment.after(days: 1, hour: 8))
        #expect(cached["generatedAt"] as? String == Moment.startStored)
        #expect(cached["stale"] as? Bool == false)
        #expect((cached["tips"] as? [[String: Any]])?.map { $0["id"] as? String }
                == (first["tips"] as? [[String: Any]])?.map { $0["id"] as? String })

        // Logging a low mood meanwhile does not matter while the cache is fresh.
        for day in ["2026-01-03", "2026-01-04", "2026-01-05"] {
            try await cli.ok(["mood", "log", "1", "--day", day], now: Moment.start)
        }
        let stillCached = try await tips(cli, id, now: Moment.after(days: 0, hour: 20))
        #expect(stillCached["generatedAt"] as? String == Moment.startStored)
        #expect(!((stillCached["tips"] as? [[String: Any]]) ?? []).contains { ($0["tip"] as? String ?? "").contains("averaged") })

        // 25 hours after generation: generated again, now reflecting the low moods.
        let expired = try await tips(cli, id, now: Moment.after(days: 1, hour: 10))
        #expect(expired["generatedAt"] as? String == Moment.stored(days: 1, hour: 10))
        let regenerated = (expired["tips"] as? [[String: Any]]) ?? []
        #expect(regenerated.contains { ($0["tip"] as? String ?? "").contains("averaged 1.0") }, "\(regenerated)")
        #expect(regenerated.first?["priority"] as? String == "high")

        // --refresh regenerates even though the cache is fresh.
        let refreshed = try await tips(cli, id, now: Moment.after(days: 1, hour: 11), refresh: true)
        #expect(refreshed["generatedAt"] as? String == Moment.stored(days: 1, hour: 11))
        let after = try await tips(cli, id, now: Moment.after(days: 1, hour: 12))
        #expect(after["generatedAt"] as? String == Moment.stored(days: 1, hour: 11))
    }

    @Test("tips for an unknown goal: exit 1, not found, and how to list goals", arguments: persistentStores)
    func unknownGoal(store: String) async throws {
        let cli = try Sandbox(store: store)
        _ = try await addGoal(cli, "Exercise")
        for reference in ["abcdef", "00000000-0000-4000-8000-000000000000"] {
            for json in [false, true] {
                let result = try await cli.run(["tips", reference] + (json ? ["--json"] : []), now: Moment.start)
                #expect(result.status == 1, "\(result)")
                #expect(result.stderr.contains("not found"), "\(result)")
                #expect(result.stderr.contains("wellness goals list"), "\(result)")
                #expect(result.stdout.isEmpty, "\(result)")
            }
        }
    }

    @Test("tips for people are grouped by priority, high first, each with a category label",
          arguments: persistentStores)
    func tipsText(store: String) async throws {
        let cli = try Sandbox(store: store)
        let id = try #require(try await addGoal(cli, "Exercise 3x per week")["id"] as? String)
        let json = try await tips(cli, id, now: Moment.start)
        let list = try #require(json["tips"] as? [[String: Any]])

        let result = try await cli.ok(["tips", id], now: Moment.start)
        let output = result.stdout
        #expect(output.contains("Tips for \"Exercise 3x per week\""), "\(result)")
        let headers = ["high": "High priority — start here", "medium": "Recommended", "low": "Nice to have"]
        var lastHeader = output.startIndex
        for priority in ["high", "medium", "low"] {
            let group = list.filter { $0["priority"] as? String == priority }
            let header = try #require(headers[priority])
            guard !group.isEmpty else {
                #expect(!output.contains(header), "no empty group: \(result)")
                continue
            }
            let headerRange = try #require(output.range(of: header), "\(priority): \(result)")
            #expect(headerRange.lowerBound >= lastHeader, "groups in priority order: \(result)")
            lastHeader = headerRange.lowerBound
            for tip in group {
                let text = try #require(tip["tip"] as? String)
                let line = try #require(output.range(of: text), "\(text): \(result)")
                #expect(line.lowerBound > headerRange.lowerBound, "under its group: \(text)")
            }
        }
        #expect(output.contains("[Exercise] "), "category labels: \(result)")
        #expect(!output.contains("stale") && !output.contains("could not be reached"), "\(result)")
    }

    // MARK: - summary

    @Test("summary --json lists goals with their tips", arguments: persistentStores)
    func summary(store: String) async throws {
        let cli = try Sandbox(store: store)
        let empty = try await cli.ok(["summary", "--json"], now: Moment.start)
        #expect(((try empty.json() as? [String: Any])?["goals"] as? [Any])?.isEmpty == true, "\(empty)")

        let id = try #require(try await addGoal(cli, "Exercise 3x per week")["id"] as? String)
        let result = try await cli.ok(["summary", "--json"], now: Moment.start)
        let summary = try #require(try result.json() as? [String: Any], "\(result)")
        let goals = try #require(summary["goals"] as? [[String: Any]], "\(result)")
        #expect(goals.count == 1)
        #expect(Set(goals.first?.keys.map { $0 } ?? []) == ["goal", "tips"])
        #expect((goals.first?["goal"] as? [String: Any])?["id"] as? String == id)
        let tips = try #require(goals.first?["tips"] as? [String: Any], "\(result)")
        #expect(Set(tips.keys) == ["goalId", "generatedAt", "stale", "source", "tips"])
        #expect(tips["goalId"] as? String == id)

        let text = try await cli.ok([], now: Moment.start)
        #expect(text.stdout.contains("Exercise 3x per week"), "\(text)")
    }
}
