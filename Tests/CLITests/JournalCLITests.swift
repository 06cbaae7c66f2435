import Foundation
import Testing
import WellnessTestSupport

/// `wellness journal …` end to end, against the built binary, on each persistent store; and
/// the journal and supplements in `wellness summary` and `wellness demo`.
@Suite("CLI: journal")
struct JournalCLITests {
    /// Today at `Moment.start` (10:00 in Amsterdam).
    static let today = "2026-01-05"

    // MARK: - toggle, note, show

    @Test("journal toggle --json prints {day, tags, notes}; toggling again removes the tag",
          arguments: persistentStores)
    func toggle(store: String) async throws {
        let cli = try Sandbox(store: store)
        let on = try await cli.ok(["journal", "toggle", "coffee", "--json"], now: Moment.start)
        let journal = try #require(try on.json() as? [String: Any], "\(on)")
        #expect(Set(journal.keys) == ["day", "tags", "notes"], "\(on)")
        #expect(journal["day"] as? String == Self.today, "the day defaults to today in TZ")
        #expect(journal["tags"] as? [String] == ["coffee"])
        #expect(journal["notes"] is NSNull)

        let second = try await cli.ok(["journal", "toggle", "stress", "--json"], now: Moment.start)
        #expect((try second.json() as? [String: Any])?["tags"] as? [String] == ["coffee", "stress"], "\(second)")

        // Case-insensitive tag, stored by its raw value.
        let off = try await cli.ok(["journal", "toggle", "COFFEE", "--json"], now: Moment.start)
        #expect((try off.json() as? [String: Any])?["tags"] as? [String] == ["stress"], "\(off)")
        #expect(try await cli.journal(day: Self.today, now: Moment.after(days: 1))["tags"] as? [String] == ["stress"])

        let text = try await cli.ok(["journal", "toggle", "lateEating"], now: Moment.start)
        #expect(text.stdout.contains("Journal for 2026-01-05"), "\(text)")
        #expect(text.stdout.contains("Tags: Late eating, Stress"), "\(text)")
        #expect(text.stdout.contains("Notes: —"), "\(text)")
    }

    @Test("without --day the day is the local day in TZ")
    func defaultDayFollowsTimeZone() async throws {
        let cli = try Sandbox()
        // 23:30Z on 5 January is already 6 January in Amsterdam.
        let late = try await cli.ok(["journal", "toggle", "coffee", "--json"], now: "2026-01-05T23:30:00Z")
        #expect((try late.json() as? [String: Any])?["day"] as? String == "2026-01-06", "\(late)")
        let utc = try await cli.run(["journal", "toggle", "alcohol", "--json"], now: "2026-01-05T23:30:00Z",
                                    extraEnv: ["TZ": "UTC"])
        #expect((try utc.json() as? [String: Any])?["day"] as? String == "2026-01-05", "\(utc)")
    }

    @Test("journal note sets, replaces and clears a day's notes exactly, keeping its tags",
          arguments: persistentStores)
    func note(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["journal", "toggle", "poorSleep", "--day", "2026-01-03"], now: Moment.start)
        let text = "Woke at 4 — couldn't sleep again 😴\nSecond line, \"quoted\", tab\there."
        let set = try await cli.ok(["journal", "note", text, "--day", "2026-01-03", "--json"], now: Moment.start)
        let written = try #require(try set.json() as? [String: Any], "\(set)")
        #expect(Set(written.keys) == ["day", "tags", "notes"])
        #expect(written["day"] as? String == "2026-01-03")
        #expect(written["notes"] as? String == text)
        #expect(written["tags"] as? [String] == ["poorSleep"])

        // A later process restores it byte for byte.
        #expect(try await cli.journal(day: "2026-01-03", now: Moment.after(days: 10))["notes"] as? String == text)

        // Notes on a day without a journal create it; today by default.
        let today = try await cli.ok(["journal", "note", "Calm day", "--json"], now: Moment.start)
        #expect((try today.json() as? [String: Any])?["day"] as? String == Self.today, "\(today)")
        #expect((try today.json() as? [String: Any])?["tags"] as? [String] == [], "\(today)")

        try await cli.ok(["journal", "note", "Replaced", "--day", "2026-01-03"], now: Moment.start)
        #expect(try await cli.journal(day: "2026-01-03", now: Moment.start)["notes"] as? String == "Replaced")

        let cleared = try await cli.ok(["journal", "note", "", "--day", "2026-01-03", "--json"], now: Moment.start)
        let after = try #require(try cleared.json() as? [String: Any], "\(cleared)")
        #expect(after["notes"] is NSNull, "empty text clears the notes: \(cleared)")
        #expect(after["tags"] as? [String] == ["poorSleep"])
        let shown = try await cli.journal(day: "2026-01-03", now: Moment.after(days: 1))
        #expect(shown["notes"] is NSNull)
        #expect(shown["tags"] as? [String] == ["poorSleep"])
    }

    @Test("journal show --json adds the legacy booleans, which follow their tags",
          arguments: persistentStores)
    func showLegacyBooleans(store: String) async throws {
        let cli = try Sandbox(store: store)
        let fresh = try await cli.journal(day: "2026-01-04", now: Moment.start)
        #expect(Set(fresh.keys) == Set(["day", "tags", "notes"] + legacyFlags.map { $0.0 }))
        #expect(fresh["day"] as? String == "2026-01-04")
        #expect(fresh["tags"] as? [String] == [])
        #expect(fresh["notes"] is NSNull)
        for (flag, _) in legacyFlags {
            #expect(fresh[flag] as? Bool == false, "\(flag)")
        }
        #expect(try await cli.journals(now: Moment.start).isEmpty, "showing a day creates no journal")

        // Each mirrored tag sets exactly its own boolean, in a later process too.
        for (index, (flag, tag)) in legacyFlags.enumerated() {
            let day = localDay("2026-01-01", plus: index)
            try await cli.ok(["journal", "toggle", tag, "--day", day], now: Moment.after(days: 10))
            try await cli.ok(["journal", "toggle", "coffee", "--day", day], now: Moment.after(days: 10))
            let shown = try await cli.journal(day: day, now: Moment.after(days: 2))
            #expect(shown["tags"] as? [String] == [tag, "coffee"].sorted(), "\(day)")
            for (other, _) in legacyFlags {
                #expect(shown[other] as? Bool == (other == flag), "\(day): \(other) with only \(tag)")
            }
        }

        // All five on one day, then one off again.
        for (_, tag) in legacyFlags {
            try await cli.ok(["journal", "toggle", tag, "--day", "2026-01-10"], now: Moment.after(days: 10))
        }
        var all = try await cli.journal(day: "2026-01-10", now: Moment.after(days: 10))
        for (flag, _) in legacyFlags {
            #expect(all[flag] as? Bool == true, "\(flag)")
        }
        try await cli.ok(["journal", "toggle", "caffeine", "--day", "2026-01-10"], now: Moment.after(days: 10))
        all = try await cli.journal(day: "2026-01-10", now: Moment.after(days: 1))
        #expect(all["caffeineAfter2PM"] as? Bool == false)
        #expect(all["consumedAlcohol"] as? Bool == true)
        #expect(all["tags"] as? [String] == ["alcohol", "exercise", "lateEating", "stress"])
    }

    @Test("an earlier day's journal restores exactly in a later process, other days untouched",
          arguments: persistentStores)
    func earlierDayRestores(store: String) async throws {
        let cli = try Sandbox(store: store)
        let dayA = "2026-01-02"
        let dayB = "2026-01-03"
        for tag in ["coffee", "alcohol", "stress", "exercise", "travel"] {
            try await cli.ok(["journal", "toggle", tag, "--day", dayA], now: Moment.start)
        }
        try await cli.ok(["journal", "toggle", "coffee", "--day", dayA], now: Moment.start)
        try await cli.ok(["journal", "note", "Flight to Lisbon", "--day", dayA], now: Moment.start)
        try await cli.ok(["journal", "toggle", "goodSleep", "--day", dayB], now: Moment.start)
        try await cli.ok(["journal", "toggle", "focus"], now: Moment.start)

        for now in [Moment.after(days: 1), Moment.after(days: 60)] {
            let a = try await cli.journal(day: dayA, now: now)
            #expect(a["day"] as? String == dayA)
            #expect(a["tags"] as? [String] == ["alcohol", "exercise", "stress", "travel"], "\(now)")
            #expect(a["notes"] as? String == "Flight to Lisbon")
            #expect(a["consumedAlcohol"] as? Bool == true)
            #expect(a["highStress"] as? Bool == true)
            #expect(a["exercised"] as? Bool == true)
            #expect(a["caffeineAfter2PM"] as? Bool == false)
            #expect(a["ateLate"] as? Bool == false)
            let b = try await cli.journal(day: dayB, now: now)
            #expect(b["tags"] as? [String] == ["goodSleep"])
            #expect(b["notes"] is NSNull)
            #expect(try await cli.journal(day: Self.today, now: now)["tags"] as? [String] == ["focus"])
        }
        let text = try await cli.ok(["journal", "show", "--day", dayA], now: Moment.after(days: 60))
        #expect(text.stdout.contains("Journal for 2026-01-02"), "\(text)")
        #expect(text.stdout.contains("Tags: Alcohol, Exercise, Stress, Travel"), "\(text)")
        #expect(text.stdout.contains("Notes: Flight to Lisbon"), "\(text)")
    }

    // MARK: - list

    @Test("journal list --days N --json: the saved journals of the last N days, oldest first",
          arguments: persistentStores)
    func list(store: String) async throws {
        let cli = try Sandbox(store: store)
        #expect(try await cli.journals(now: Moment.start).isEmpty)
        let empty = try await cli.ok(["journal", "list"], now: Moment.start)
        #expect(empty.stdout.contains("No journal entries in that period."), "\(empty)")

        let days = [-10, -6, -3, 0].map { localDay(Self.today, plus: $0) }
        for (index, day) in days.enumerated() {
            try await cli.ok(["journal", "toggle", allJournalTags[index], "--day", day], now: Moment.start)
        }
        try await cli.ok(["journal", "note", "Tired", "--day", days[2]], now: Moment.start)
        // A later day cannot be recorded at all.
        let tomorrow = localDay(Self.today, plus: 1)
        let future = try await cli.run(["journal", "toggle", "mood", "--day", tomorrow], now: Moment.start)
        #expect(future.status == 1, "\(future)")
        #expect(future.stderr.contains("\(tomorrow) is in the future"), "\(future)")

        let week = try await cli.journals(now: Moment.start)
        #expect(week.map { $0["day"] as? String } == Array(days[1...]), "the default is 7 days, today included")
        for entry in week {
            #expect(Set(entry.keys) == ["day", "tags", "notes"], "\(entry)")
        }
        #expect(week.map { $0["tags"] as? [String] ?? [] } == [["alcohol"], ["caffeine"], ["lateEating"]])
        #expect(week[1]["notes"] as? String == "Tired")
        #expect(week[0]["notes"] is NSNull)

        #expect(try await cli.journals(days: 4, now: Moment.start).map { $0["day"] as? String } == [days[2], days[3]])
        #expect(try await cli.journals(days: 1, now: Moment.start).map { $0["day"] as? String } == [days[3]])
        #expect(try await cli.journals(days: 11, now: Moment.start).map { $0["day"] as? String } == days)
        // A later process, a later today.
        try await cli.ok(["journal", "toggle", "mood", "--day", tomorrow], now: Moment.after(days: 1))
        #expect(try await cli.journals(days: 3, now: Moment.after(days: 1)).map { $0["day"] as? String }
            == [days[3], tomorrow])

        let text = try await cli.ok(["journal", "list", "--days", "7"], now: Moment.start)
        let rows = text.stdout.split(separator: "\n").map(String.init)
        #expect(rows.first?.hasPrefix("DAY") == true, "\(text)")
        #expect(rows.dropFirst().map { String($0.prefix(10)) } == Array(days[1...]), "\(text)")
        let january2 = rows.first { $0.hasPrefix("2026-01-02") } ?? ""
        #expect(january2.contains("Caffeine after 2 pm") && january2.hasSuffix("Tired"), "\(text)")
        #expect(rows.last?.hasSuffix("Late eating") == true, "\(text)")

        let zero = try await cli.run(["journal", "list", "--days", "0"], now: Moment.start)
        #expect(zero.status != 0, "\(zero)")
        #expect(zero.stderr.contains("--days: ") && (zero.stderr.contains("'0'") || zero.stderr.contains("0 days")), "\(zero)")
        #expect(zero.stdout.isEmpty, "\(zero)")
    }

    // MARK: - tags

    @Test("journal tags lists the 19 tags; in Dutch with --locale nl")
    func tags() async throws {
        let cli = try Sandbox()
        let text = try await cli.ok(["journal", "tags"], now: Moment.start)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 20, "a header and 19 tags: \(text)")
        #expect(lines.first?.hasPrefix("TAG") == true, "\(text)")
        #expect(lines.dropFirst().map { String($0.prefix { !$0.isWhitespace }) } == allJournalTags)
        for expected in ["coffee       Coffee", "caffeine     Caffeine after 2 pm", "lateEating   Late eating",
                         "goodSleep    Good sleep", "recovery     Recovery"] {
            #expect(lines.contains(expected), "\(expected): \(text)")
        }

        let json = try await cli.ok(["journal", "tags", "--json"], now: Moment.start)
        let entries = try #require(try json.json() as? [[String: Any]], "\(json)")
        #expect(entries.map { $0["tag"] as? String } == allJournalTags)
        for entry in entries {
            #expect(Set(entry.keys) == ["tag", "name", "systemImage", "color"], "\(entry)")
            #expect((entry["name"] as? String)?.isEmpty == false, "\(entry)")
            #expect((entry["systemImage"] as? String)?.isEmpty == false, "\(entry)")
            let color = entry["color"] as? String ?? ""
            #expect(color.count == 7 && color.hasPrefix("#") && color.dropFirst().allSatisfy(\.isHexDigit),
                    "\(entry)")
        }
        #expect(Set(entries.compactMap { $0["systemImage"] as? String }).count == 19, "one symbol per tag")

        let dutch = try await cli.ok(["journal", "tags", "--locale", "nl"], now: Moment.start)
        let dutchLines = dutch.stdout.split(separator: "\n").map(String.init)
        #expect(dutchLines.count == 20, "\(dutch)")
        #expect(dutchLines.first?.contains("NAAM") == true, "\(dutch)")
        for expected in ["Koffie", "Cafeïne na 14.00 uur", "Laat gegeten", "Beweging", "Goed geslapen",
                         "Slecht geslapen", "Ziek", "Reizen", "Werk", "Sociaal", "Herstel"] {
            #expect(dutch.stdout.contains(expected), "\(expected): \(dutch)")
        }
        #expect(!dutch.stdout.contains("Good sleep"), "\(dutch)")
        let dutchJSON = try await cli.ok(["journal", "tags", "--json"], now: Moment.start,
                                         extraEnv: ["LANG": "nl_NL.UTF-8"])
        let dutchNames = try #require(try dutchJSON.json() as? [[String: Any]]).map { $0["name"] as? String }
        #expect(dutchNames.first == "Koffie", "LANG picks Dutch too: \(dutchJSON)")

        // The Dutch names show up in the journal itself.
        try await cli.ok(["journal", "toggle", "goodSleep"], now: Moment.start)
        let shown = try await cli.ok(["journal", "show", "--locale", "nl"], now: Moment.start)
        #expect(shown.stdout.contains("Goed geslapen"), "\(shown)")
    }

    // MARK: - Errors

    @Test("an unknown tag: exit 64, stderr names it and lists every valid tag, nothing written")
    func unknownTag() async throws {
        let cli = try Sandbox()
        for bad in ["gardening", "coffees", ""] {
            let result = try await cli.run(["journal", "toggle", bad], now: Moment.start)
            #expect(result.status == 64, "\(bad): \(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.contains("'\(bad)'"), "\(result)")
            for tag in allJournalTags {
                #expect(result.stderr.contains(tag), "\(tag): \(result)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
    }

    @Test("a bad --day: exit 64 naming the value and the form, nothing written",
          arguments: ["2026-02-30", "05-01-2026", "2026-1-5", "tomorrow", "2026-13-01"])
    func badDay(value: String) async throws {
        let cli = try Sandbox()
        for arguments in [["journal", "toggle", "coffee"], ["journal", "note", "x"], ["journal", "show"],
                          ["supplements", "list"], ["supplements", "take", "Zinc"]] {
            let result = try await cli.run(arguments + ["--day", value], now: Moment.start)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
            #expect(result.stderr.contains("'\(value)'"), "\(arguments): \(result)")
            #expect(result.stderr.contains("YYYY-MM-DD"), "\(arguments): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
    }

    // MARK: - Stored data from other versions

    @Test("JSON store: a legacy journal with booleans but no tags loads with its tags; an unknown tag survives")
    func legacyJSONJournal() async throws {
        let cli = try Sandbox(store: "json")
        try FileManager.default.createDirectory(at: cli.data, withIntermediateDirectories: true)
        let file = cli.data.appendingPathComponent("journals.json")
        try Data("""
            [{"day": "2026-01-02", "consumedAlcohol": true, "exercised": true, "notes": "old app"},
             {"day": "2026-01-03", "tags": ["futureTag", "coffee"]}]
            """.utf8).write(to: file)

        let legacy = try await cli.journal(day: "2026-01-02", now: Moment.start)
        #expect(legacy["tags"] as? [String] == ["alcohol", "exercise"])
        #expect(legacy["notes"] as? String == "old app")
        #expect(legacy["consumedAlcohol"] as? Bool == true)
        #expect(legacy["exercised"] as? Bool == true)
        #expect(legacy["highStress"] as? Bool == false)

        let toggled = try await cli.ok(["journal", "toggle", "stress", "--day", "2026-01-03", "--json"],
                                       now: Moment.start)
        #expect((try toggled.json() as? [String: Any])?["tags"] as? [String] == ["coffee", "futureTag", "stress"],
                "\(toggled)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        let row = try #require(rows.first { $0["day"] as? String == "2026-01-03" })
        #expect(row["tags"] as? [String] == ["coffee", "futureTag", "stress"], "the file keeps the unknown tag")
        #expect(row["highStress"] as? Bool == true, "and writes the boolean for older readers")

        // Switching a legacy day's tag off clears its boolean for good.
        try await cli.ok(["journal", "toggle", "alcohol", "--day", "2026-01-02"], now: Moment.start)
        let after = try await cli.journal(day: "2026-01-02", now: Moment.after(days: 1))
        #expect(after["tags"] as? [String] == ["exercise"])
        #expect(after["consumedAlcohol"] as? Bool == false)
        let text = try await cli.ok(["journal", "show", "--day", "2026-01-03"], now: Moment.start)
        #expect(text.stdout.contains("Tags: Coffee, futureTag, Stress"), "\(text)")
    }

    @Test("SQLite store: a legacy row with booleans but no tags loads with its tags; an unknown tag survives",
          .enabled(if: SQLiteShell.isAvailable, "needs /usr/bin/sqlite3"))
    func legacySQLiteJournal() async throws {
        let cli = try Sandbox(store: "sqlite")
        try await cli.ok(["journal", "show"], now: Moment.start)
        try SQLiteShell.run(cli.sqliteFile, """
            INSERT INTO dailyJournal(day, notes, tags, consumedAlcohol, exercised) VALUES('2026-01-02', 'old app', '[]', 1, 1);
            INSERT INTO dailyJournal(day, tags) VALUES('2026-01-03', '["futureTag","coffee"]');
            """)
        let legacy = try await cli.journal(day: "2026-01-02", now: Moment.start)
        #expect(legacy["tags"] as? [String] == ["alcohol", "exercise"])
        #expect(legacy["notes"] as? String == "old app")
        #expect(legacy["consumedAlcohol"] as? Bool == true)
        #expect(legacy["exercised"] as? Bool == true)

        let toggled = try await cli.ok(["journal", "toggle", "stress", "--day", "2026-01-03", "--json"],
                                       now: Moment.start)
        #expect((try toggled.json() as? [String: Any])?["tags"] as? [String] == ["coffee", "futureTag", "stress"],
                "\(toggled)")
        let stored = try SQLiteShell.run(cli.sqliteFile, "SELECT highStress FROM dailyJournal WHERE day='2026-01-03'")
        #expect(stored == "1", "the boolean column follows the tag")
        let tags = try SQLiteShell.run(cli.sqliteFile, "SELECT tags FROM dailyJournal WHERE day='2026-01-03'")
        #expect(tags.contains("futureTag"), "\(tags)")
    }

    // MARK: - Concurrency

    @Test("every tag toggled by its own process, all at once, on one day: one journal holding every tag",
          arguments: persistentStores)
    func concurrentToggles(store: String) async throws {
        let cli = try Sandbox(store: store).spawning()
        let day = "2026-01-03"
        // Round 1 starts on a fresh store: no data directory yet.
        let on = try await cli.runAll(allJournalTags.map { ["journal", "toggle", $0, "--day", day, "--json"] },
                                      now: Moment.start, limit: allJournalTags.count)
        for (tag, result) in zip(allJournalTags, on) {
            #expect(result.status == 0, "\(tag): \(result)")
            let journal = (try? result.json()) as? [String: Any]
            #expect(journal?["day"] as? String == day, "\(tag): \(result)")
            #expect((journal?["tags"] as? [String])?.contains(tag) == true, "\(tag) was on after its own toggle: \(result)")
        }
        let shown = try await cli.journal(day: day, now: Moment.after(days: 1))
        #expect(shown["tags"] as? [String] == allJournalTags.sorted(), "every tag, once")
        for (flag, _) in legacyFlags {
            #expect(shown[flag] as? Bool == true, "\(flag)")
        }
        let listed = try await cli.journals(days: 30, now: Moment.after(days: 1))
        #expect(listed.filter { $0["day"] as? String == day }.count == 1, "one journal for the day: \(listed)")
        #expect(listed.count == 1, "\(listed)")
        try Self.expectOneStoredJournal(cli, day: day, tags: allJournalTags.count)

        // Round 2: every tag toggled again at once switches every one off.
        let off = try await cli.runAll(allJournalTags.map { ["journal", "toggle", $0, "--day", day, "--json"] },
                                       now: Moment.after(days: 1), limit: allJournalTags.count)
        for (tag, result) in zip(allJournalTags, off) {
            #expect(result.status == 0, "\(tag): \(result)")
            let journal = (try? result.json()) as? [String: Any]
            #expect((journal?["tags"] as? [String])?.contains(tag) == false, "\(tag) was off after its own toggle")
        }
        let cleared = try await cli.journal(day: day, now: Moment.after(days: 2))
        #expect(cleared["tags"] as? [String] == [], "\(cleared)")
        let relisted = try await cli.journals(days: 30, now: Moment.after(days: 2))
        #expect(relisted.filter { $0["day"] as? String == day }.count <= 1, "\(relisted)")
        try Self.expectOneStoredJournal(cli, day: day, tags: 0)
    }

    @Test("toggles and notes on many days at once: one journal per day, nothing lost", arguments: persistentStores)
    func concurrentDays(store: String) async throws {
        let cli = try Sandbox(store: store).spawning()
        let days = (0..<6).map { localDay("2026-01-01", plus: $0) }
        var runs: [[String]] = []
        for day in days {
            for tag in ["coffee", "work", "mood"] { runs.append(["journal", "toggle", tag, "--day", day]) }
            runs.append(["journal", "note", "Notes of \(day)", "--day", day])
        }
        let results = try await cli.runAll(runs, now: Moment.after(days: 1), limit: 12)
        for result in results {
            #expect(result.status == 0, "\(result)")
        }
        let listed = try await cli.journals(days: 10, now: Moment.after(days: 1))
        #expect(listed.map { $0["day"] as? String } == days)
        for entry in listed {
            let day = entry["day"] as? String ?? "?"
            #expect(entry["tags"] as? [String] == ["coffee", "mood", "work"], "\(day)")
            #expect(entry["notes"] as? String == "Notes of \(day)", "\(day)")
        }
    }

    /// Exactly one stored journal for `day` holding `tags` tags (a row in SQLite, an element of
    /// journals.json) and none for any other day. With `tags == 0` no journal at all is fine too.
    static func expectOneStoredJournal(_ cli: Sandbox, day: String, tags: Int,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let allowed: Set<Int> = tags == 0 ? [0, 1] : [1]
        if cli.store == "sqlite" {
            guard SQLiteShell.isAvailable else { return }
            let count = try SQLiteShell.run(cli.sqliteFile, "SELECT COUNT(*) FROM dailyJournal WHERE day='\(day)'")
            #expect(allowed.contains(Int(count) ?? -1), "rows for \(day): \(count)", sourceLocation: sourceLocation)
            let total = try SQLiteShell.run(cli.sqliteFile, "SELECT COUNT(*) FROM dailyJournal")
            #expect(total == count, "no rows for other days", sourceLocation: sourceLocation)
            if count == "1" {
                let stored = try SQLiteShell.run(cli.sqliteFile, """
                    SELECT consumedAlcohol + caffeineAfter2PM + ateLate + highStress + exercised, json_array_length(tags)
                    FROM dailyJournal WHERE day='\(day)'
                    """)
                #expect(stored == (tags == 0 ? "0|0" : "5|\(tags)"), "stored booleans and tags",
                        sourceLocation: sourceLocation)
            }
        } else {
            let file = cli.data.appendingPathComponent("journals.json")
            let rows = FileManager.default.fileExists(atPath: file.path)
                ? try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]],
                               sourceLocation: sourceLocation)
                : []
            let matching = rows.filter { $0["day"] as? String == day }
            #expect(allowed.contains(matching.count), "elements for \(day) in journals.json: \(rows)",
                    sourceLocation: sourceLocation)
            #expect(rows.count == matching.count, "no elements for other days: \(rows)", sourceLocation: sourceLocation)
            if let row = matching.first {
                #expect((row["tags"] as? [String])?.count == tags, "\(row)", sourceLocation: sourceLocation)
                #expect(legacyFlags.allSatisfy { row[$0.0] as? Bool == (tags != 0) }, "\(row)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: - Summary and demo

    @Test("summary shows today's journal and supplements, in JSON, text and Dutch", arguments: persistentStores)
    func summary(store: String) async throws {
        let cli = try Sandbox(store: store)
        let fresh = try await cli.ok(["summary"], now: Moment.start)
        #expect(fresh.stdout.contains("Journal: —"), "\(fresh)")
        #expect(fresh.stdout.contains("Supplements taken today: 0 of 6 — " + defaultSupplements.joined(separator: ", ")),
                "\(fresh)")

        try await cli.ok(["journal", "toggle", "coffee"], now: Moment.start)
        try await cli.ok(["journal", "toggle", "stress"], now: Moment.start)
        try await cli.ok(["journal", "note", "Busy"], now: Moment.start)
        try await cli.ok(["journal", "toggle", "alcohol", "--day", "2026-01-04"], now: Moment.start)
        try await cli.ok(["supplements", "take", "Vitamin D3"], now: Moment.start)
        try await cli.ok(["supplements", "take", "Zinc", "--day", "2026-01-04"], now: Moment.start)

        let json = try await cli.ok(["summary", "--json"], now: Moment.start)
        let summary = try #require(try json.json() as? [String: Any], "\(json)")
        let journal = try #require(summary["journal"] as? [String: Any], "\(json)")
        #expect(Set(journal.keys) == ["day", "tags", "notes"])
        #expect(journal["day"] as? String == Self.today)
        #expect(journal["tags"] as? [String] == ["coffee", "stress"])
        #expect(journal["notes"] as? String == "Busy")
        let supplements = try #require(summary["supplements"] as? [[String: Any]], "\(json)")
        #expect(supplements.map { $0["name"] as? String } == defaultSupplements)
        #expect(supplements.filter { $0["taken"] as? Bool == true }.map { $0["name"] as? String } == ["Vitamin D3"])
        for entry in supplements {
            #expect(Set(entry.keys) == ["id", "name", "timeOfDay", "dosage", "active", "taken"], "\(entry)")
        }

        let text = try await cli.ok(["summary"], now: Moment.start)
        #expect(text.stdout.contains("Journal: Coffee, Stress"), "\(text)")
        #expect(text.stdout.contains(
            "Supplements taken today: 1 of 6 — Omega-3 fish oil, Vitamin B12, Creatine monohydrate, Magnesium glycinate, Zinc"),
                "\(text)")
        let bare = try await cli.raw([], extraEnv: ["WELLNESS_STORE": store, "WELLNESS_DATA_DIR": cli.data.path,
                                                    "WELLNESS_NOW": Moment.start])
        #expect(bare.status == 0, "\(bare)")
        #expect(bare.stdout.contains("Journal: Coffee, Stress"), "wellness alone: \(bare)")
        #expect(bare.stdout.contains("Supplements taken today: 1 of 6"), "wellness alone: \(bare)")

        let dutch = try await cli.ok(["summary", "--locale", "nl"], now: Moment.start)
        #expect(dutch.stdout.contains("Dagboek: Koffie, Stress"), "\(dutch)")
        #expect(dutch.stdout.contains("Supplementen vandaag ingenomen: 1 van 6"), "\(dutch)")

        // Tomorrow: yesterday's taps are not today's.
        let tomorrow = try await cli.ok(["summary", "--json"], now: Moment.after(days: 1))
        let next = try #require(try tomorrow.json() as? [String: Any])
        #expect((next["journal"] as? [String: Any])?["tags"] as? [String] == [])
        #expect((next["supplements"] as? [[String: Any]])?.allSatisfy { $0["taken"] as? Bool == false } == true)
    }

    @Test("demo --data-dir then summary: today's journal and supplements, as the journal and list show them",
          arguments: persistentStores)
    func demoSummary(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["demo"], now: Moment.start)

        let json = try await cli.ok(["summary", "--json"], now: Moment.start)
        let summary = try #require(try json.json() as? [String: Any], "\(json)")
        let journal = try #require(summary["journal"] as? [String: Any], "\(json)")
        let supplements = try #require(summary["supplements"] as? [[String: Any]], "\(json)")
        #expect(journal["day"] as? String == Self.today)
        let tags = try #require(journal["tags"] as? [String])
        #expect(!tags.isEmpty, "the demo writes today's journal: \(json)")
        let shown = try await cli.journal(now: Moment.start)
        #expect(shown["tags"] as? [String] == tags)
        #expect(shown["notes"] as? String == journal["notes"] as? String)

        #expect(supplements.map { $0["name"] as? String } == defaultSupplements)
        let listed = try await cli.supplements(now: Moment.start)
        #expect(listed.map { $0["taken"] as? Bool } == supplements.map { $0["taken"] as? Bool })
        #expect(supplements.filter { $0["taken"] as? Bool == true }.map { $0["timeOfDay"] as? String }
            == ["morning", "morning", "morning", "morning"], "this morning's stack is taken: \(json)")
        #expect(try await cli.journals(days: 7, now: Moment.start).count >= 5, "a journal most days")

        let text = try await cli.ok(["summary"], now: Moment.start)
        let journalLine = text.stdout.split(separator: "\n").first { $0.hasPrefix("Journal: ") }
        #expect(journalLine != nil && journalLine != "Journal: —", "\(text)")
        #expect(text.stdout.contains("Supplements taken today: 4 of 6 — Magnesium glycinate, Zinc"), "\(text)")
    }
}
