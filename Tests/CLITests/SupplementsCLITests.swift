import Foundation
import Testing
import WellnessTestSupport

/// `wellness supplements …` end to end, against the built binary, on each persistent store.
@Suite("CLI: supplements")
struct SupplementsCLITests {
    static let supplementKeys: Set<String> = ["id", "name", "timeOfDay", "dosage", "active", "taken"]

    /// The names of `supplements list --json` output, in order.
    static func names(_ list: [[String: Any]]) -> [String] {
        list.map { $0["name"] as? String ?? "?" }
    }

    static func isLowercaseUUID(_ text: String) -> Bool {
        UUID(uuidString: text) != nil && text == text.lowercased()
    }

    // MARK: - list and seeding

    @Test("the first supplements list --json seeds the default stack: morning first, by sort order",
          arguments: persistentStores)
    func freshList(store: String) async throws {
        let cli = try Sandbox(store: store)
        let list = try await cli.supplements(now: Moment.start)
        #expect(Self.names(list) == defaultSupplements)
        #expect(list.map { $0["timeOfDay"] as? String }
            == ["morning", "morning", "morning", "morning", "evening", "evening"])
        for entry in list {
            #expect(Set(entry.keys) == Self.supplementKeys, "\(entry)")
            #expect(entry["active"] as? Bool == true, "\(entry)")
            #expect(entry["taken"] as? Bool == false, "\(entry)")
            #expect((entry["dosage"] as? String)?.isEmpty == false, "\(entry)")
            #expect(Self.isLowercaseUUID(entry["id"] as? String ?? ""), "\(entry)")
        }
        let ids = list.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == 6)
        #expect(Set(ids.map { $0.prefix(8) }).count == 6, "short ids are unambiguous")
        #expect(list.first?["dosage"] as? String == "2000 IU")

        // Seeded once: a later process sees the very same stack, not a second copy.
        let again = try await cli.supplements(now: Moment.after(days: 3))
        #expect(again.compactMap { $0["id"] as? String } == ids)
        let text = try await cli.ok(["supplements"], now: Moment.after(days: 3))
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7, "\(text)")
        #expect(lines.first?.hasPrefix("TAKEN") == true, "\(text)")
        #expect(lines.dropFirst().first?.hasPrefix("[ ]    Vitamin D3") == true, "\(text)")
        #expect(lines.last?.contains("Evening") == true, "\(text)")
        #expect(lines.last?.hasSuffix(String(ids[5].prefix(8))) == true, "\(text)")
    }

    @Test("both stores seed the same default stack (same ids, names, dosages)")
    func sameStackOnEveryStore() async throws {
        let sqlite = try await Sandbox(store: "sqlite").ok(["supplements", "list", "--json"], now: Moment.start)
        let json = try await Sandbox(store: "json").ok(["supplements", "list", "--json"], now: Moment.start)
        #expect(sqlite.stdout == json.stdout)
    }

    // MARK: - take and untake

    @Test("take and untake by name or id; every day's state restores exactly in a later process",
          arguments: persistentStores)
    func takeUntake(store: String) async throws {
        let cli = try Sandbox(store: store)
        let ids = try await cli.supplements(now: Moment.start).compactMap { $0["id"] as? String }
        let (dayA, dayB, today) = ("2026-01-02", "2026-01-03", "2026-01-05")

        let took = try await cli.ok(["supplements", "take", "vitamin d3", "--day", dayA, "--json"], now: Moment.start)
        let listed = try #require(try took.json() as? [[String: Any]], "take prints the day's stack: \(took)")
        #expect(Self.names(listed) == defaultSupplements)
        #expect(listed.map { $0["taken"] as? Bool } == [true, false, false, false, false, false])

        try await cli.ok(["supplements", "take", String(ids[5].prefix(8)), "--day", dayA], now: Moment.start)
        try await cli.ok(["supplements", "take", "Magnesium glycinate", "--day", dayA], now: Moment.start)
        let untook = try await cli.ok(["supplements", "untake", ids[4], "--day", dayA, "--json"], now: Moment.start)
        #expect((try untook.json() as? [[String: Any]])?.filter { $0["taken"] as? Bool == true }
            .map { $0["name"] as? String } == ["Vitamin D3", "Zinc"], "\(untook)")
        try await cli.ok(["supplements", "take", "Vitamin D3", "--day", dayA], now: Moment.start)  // again: still taken
        try await cli.ok(["supplements", "take", "Omega-3 fish oil", "--day", dayB], now: Moment.start)
        try await cli.ok(["supplements", "take", "Creatine monohydrate"], now: Moment.start)
        try await cli.ok(["supplements", "take", "Zinc"], now: Moment.start)
        try await cli.ok(["supplements", "untake", "ZINC"], now: Moment.start)

        for now in [Moment.after(days: 1), Moment.after(days: 45)] {
            #expect(try await cli.taken(day: dayA, now: now) == ["Vitamin D3", "Zinc"], "\(now)")
            #expect(try await cli.taken(day: dayB, now: now) == ["Omega-3 fish oil"], "\(now)")
            #expect(try await cli.taken(day: "2026-01-04", now: now) == [], "\(now)")
            #expect(try await cli.taken(day: today, now: now) == ["Creatine monohydrate"], "\(now)")
        }
        #expect(try await cli.taken(now: Moment.start) == ["Creatine monohydrate"], "the day defaults to today")
        #expect(try await cli.taken(now: Moment.after(days: 1)) == [], "and tomorrow starts empty")

        let text = try await cli.ok(["supplements", "list", "--day", dayA], now: Moment.after(days: 45))
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("[x]") }.count == 2, "\(text)")
        #expect(lines.contains { $0.hasPrefix("[x]    Vitamin D3") }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("[x]    Zinc") }, "\(text)")
    }

    // MARK: - add, edit, move, remove

    @Test("supplements add NAME --time --dosage adds at the end of its time of day", arguments: persistentStores)
    func add(store: String) async throws {
        let cli = try Sandbox(store: store)
        // The first use is an add: the defaults are seeded too.
        let added = try await cli.ok(["supplements", "add", "Ashwagandha", "--time", "evening", "--dosage", "600 mg",
                                      "--json"], now: Moment.start)
        let supplement = try #require(try added.json() as? [String: Any], "\(added)")
        #expect(Set(supplement.keys) == ["id", "name", "timeOfDay", "dosage", "active"], "\(added)")
        #expect(supplement["name"] as? String == "Ashwagandha")
        #expect(supplement["timeOfDay"] as? String == "evening")
        #expect(supplement["dosage"] as? String == "600 mg")
        #expect(supplement["active"] as? Bool == true)
        let id = try #require(supplement["id"] as? String)
        #expect(Self.isLowercaseUUID(id), "\(id)")

        let text = try await cli.ok(["supplements", "add", "Vitamin C", "--time", "MORNING", "--dosage", "500 mg"],
                                    now: Moment.start)
        #expect(text.stdout.contains("Added Vitamin C."), "\(text)")

        let list = try await cli.supplements(now: Moment.after(days: 1))
        #expect(Self.names(list) == ["Vitamin D3", "Omega-3 fish oil", "Vitamin B12", "Creatine monohydrate",
                                     "Vitamin C", "Magnesium glycinate", "Zinc", "Ashwagandha"])
        #expect(list.first { $0["name"] as? String == "Ashwagandha" }?["id"] as? String == id)

        // A new supplement is taken like any other, by its name or id.
        try await cli.ok(["supplements", "take", String(id.prefix(8))], now: Moment.start)
        #expect(try await cli.taken(now: Moment.start) == ["Ashwagandha"])

        for name in ["ashwagandha", "VITAMIN D3"] {
            let duplicate = try await cli.run(["supplements", "add", name, "--time", "morning", "--dosage", "1"],
                                              now: Moment.start)
            #expect(duplicate.status == 1, "\(duplicate)")
            #expect(duplicate.stderr.hasPrefix("wellness: "), "\(duplicate)")
            #expect(duplicate.stderr.contains("already"), "\(duplicate)")
        }
        let blank = try await cli.run(["supplements", "add", "  ", "--time", "morning", "--dosage", "1"],
                                      now: Moment.start)
        #expect(blank.status == 1, "\(blank)")
        #expect(Self.names(try await cli.supplements(now: Moment.start)).count == 8, "refused adds change nothing")
    }

    @Test("supplements edit renames, re-doses, moves to another time of day and deactivates",
          arguments: persistentStores)
    func edit(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["supplements", "take", "Zinc", "--day", "2026-01-04"], now: Moment.start)
        let zincID = try #require(try await cli.supplements(now: Moment.start).last?["id"] as? String)

        let edited = try await cli.ok(["supplements", "edit", "zinc", "--name", "Zinc picolinate", "--dosage", "25 mg",
                                       "--time", "morning", "--active", "false", "--json"], now: Moment.start)
        let zinc = try #require(try edited.json() as? [String: Any], "\(edited)")
        #expect(zinc["id"] as? String == zincID, "the id stays")
        #expect(zinc["name"] as? String == "Zinc picolinate")
        #expect(zinc["dosage"] as? String == "25 mg")
        #expect(zinc["timeOfDay"] as? String == "morning")
        #expect(zinc["active"] as? Bool == false)

        let list = try await cli.supplements(now: Moment.after(days: 1))
        #expect(Self.names(list) == ["Vitamin D3", "Omega-3 fish oil", "Vitamin B12", "Creatine monohydrate",
                                     "Zinc picolinate", "Magnesium glycinate"], "moved to the end of the morning")
        #expect(list.map { $0["active"] as? Bool } == [true, true, true, true, false, true])
        #expect(try await cli.taken(day: "2026-01-04", now: Moment.after(days: 1)) == ["Zinc picolinate"],
                "its history follows it")
        let text = try await cli.ok(["supplements"], now: Moment.after(days: 1))
        #expect(text.stdout.contains("Zinc picolinate (inactive)"), "\(text)")

        // By id prefix; only what is given changes.
        let back = try await cli.ok(["supplements", "edit", String(zincID.prefix(8)), "--active", "true"],
                                    now: Moment.start)
        #expect(back.stdout.contains("Updated Zinc picolinate."), "\(back)")
        let reactivated = try await cli.supplements(now: Moment.start)
        let entry = try #require(reactivated.first { $0["id"] as? String == zincID })
        #expect(entry["active"] as? Bool == true)
        #expect(entry["dosage"] as? String == "25 mg")
        #expect(entry["timeOfDay"] as? String == "morning")

        try await cli.ok(["supplements", "edit", "Zinc picolinate", "--time", "evening"], now: Moment.start)
        #expect(Self.names(try await cli.supplements(now: Moment.start)).last == "Zinc picolinate",
                "back to the end of the evening")

        let duplicate = try await cli.run(["supplements", "edit", "Zinc picolinate", "--name", "vitamin d3"],
                                          now: Moment.start)
        #expect(duplicate.status == 1, "\(duplicate)")
        #expect(duplicate.stderr.contains("already"), "\(duplicate)")
        let badActive = try await cli.run(["supplements", "edit", "Vitamin D3", "--active", "maybe"], now: Moment.start)
        #expect(badActive.status == 64, "\(badActive)")
        #expect(badActive.stderr.contains("'maybe'"), "\(badActive)")
    }

    @Test("supplements move NAME --to N reorders within the time of day, across processes",
          arguments: persistentStores)
    func move(store: String) async throws {
        let cli = try Sandbox(store: store)
        let moved = try await cli.ok(["supplements", "move", "Creatine monohydrate", "--to", "1", "--json"],
                                     now: Moment.start)
        let list = try #require(try moved.json() as? [[String: Any]], "move prints the stack: \(moved)")
        #expect(Self.names(list) == ["Creatine monohydrate", "Vitamin D3", "Omega-3 fish oil", "Vitamin B12",
                                     "Magnesium glycinate", "Zinc"])

        try await cli.ok(["supplements", "move", "Zinc", "--to", "1"], now: Moment.start)
        try await cli.ok(["supplements", "move", "vitamin d3", "--to", "4"], now: Moment.start)
        #expect(Self.names(try await cli.supplements(now: Moment.after(days: 1)))
            == ["Creatine monohydrate", "Omega-3 fish oil", "Vitamin B12", "Vitamin D3", "Zinc",
                "Magnesium glycinate"])
        try await cli.ok(["supplements", "move", "Vitamin B12", "--to", "2"], now: Moment.start)
        #expect(Self.names(try await cli.supplements(now: Moment.after(days: 2)))
            == ["Creatine monohydrate", "Vitamin B12", "Omega-3 fish oil", "Vitamin D3", "Zinc",
                "Magnesium glycinate"])
    }

    @Test("move to a position outside the list: exit 1, the error speaks in the 1-based positions typed, nothing moves",
          arguments: persistentStores)
    func moveOutOfRange(store: String) async throws {
        let cli = try Sandbox(store: store)
        let before = Self.names(try await cli.supplements(now: Moment.start))
        for position in ["5", "0"] {
            let result = try await cli.run(["supplements", "move", "Vitamin D3", "--to", position], now: Moment.start)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.hasPrefix("wellness: "), "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            // The morning has 4 supplements: valid positions are 1...4, as `--to` counts "from 1".
            #expect(result.stderr.contains("position \(position)"), "names the position as typed: \(result)")
            #expect(result.stderr.contains("1...4") || result.stderr.contains("1 to 4") || result.stderr.contains("1-4"),
                    "names the valid 1-based range: \(result)")
        }
        #expect(Self.names(try await cli.supplements(now: Moment.start)) == before)
    }

    @Test("supplements remove by name or id; removing every one stays empty in a later process",
          arguments: persistentStores)
    func remove(store: String) async throws {
        let cli = try Sandbox(store: store)
        let list = try await cli.supplements(now: Moment.start)
        let ids = list.compactMap { $0["id"] as? String }
        try await cli.ok(["supplements", "take", "Zinc", "--day", "2026-01-04"], now: Moment.start)

        let text = try await cli.ok(["supplements", "remove", "Zinc"], now: Moment.start)
        #expect(text.stdout.contains("Removed Zinc (its history is kept)."), "\(text)")
        let json = try await cli.ok(["supplements", "remove", String(ids[0].prefix(8)), "--json"], now: Moment.start)
        #expect((try json.json() as? [String: Any])?["name"] as? String == "Vitamin D3", "\(json)")
        #expect(Self.names(try await cli.supplements(now: Moment.start))
            == ["Omega-3 fish oil", "Vitamin B12", "Creatine monohydrate", "Magnesium glycinate"])

        let gone = try await cli.run(["supplements", "take", "Zinc"], now: Moment.start)
        #expect(gone.status == 1, "a removed supplement is unknown: \(gone)")

        for name in ["Omega-3 fish oil", "Vitamin B12", "Creatine monohydrate", "Magnesium glycinate"] {
            try await cli.ok(["supplements", "remove", name], now: Moment.start)
        }
        // A new process, days later: the defaults do not come back.
        #expect(try await cli.supplements(now: Moment.after(days: 1)).isEmpty)
        #expect(try await cli.supplements(day: "2026-01-04", now: Moment.after(days: 40)).isEmpty)
        let empty = try await cli.ok(["supplements", "list"], now: Moment.after(days: 40))
        #expect(empty.stdout.contains("No supplements."), "\(empty)")
        let adherence = try await cli.ok(["supplements", "adherence", "--json"], now: Moment.after(days: 40))
        let report = try #require(try adherence.json() as? [String: Any], "\(adherence)")
        #expect((report["supplements"] as? [Any])?.isEmpty == true, "\(adherence)")
        #expect(same(report["overall"] as? Double, 0), "\(adherence)")
        let summary = try await cli.ok(["summary", "--json"], now: Moment.after(days: 40))
        #expect(((try summary.json() as? [String: Any])?["supplements"] as? [Any])?.isEmpty == true, "\(summary)")

        // Adding one afterwards adds only that one.
        try await cli.ok(["supplements", "add", "Zinc", "--time", "evening", "--dosage", "15 mg"], now: Moment.start)
        let after = try await cli.supplements(now: Moment.after(days: 41))
        #expect(Self.names(after) == ["Zinc"])
        #expect(after.first?["id"] as? String != ids[5], "a new supplement, not the default one back")
    }

    // MARK: - adherence

    @Test("supplements adherence --days 7|30: per active supplement and overall, from known takes",
          arguments: persistentStores)
    func adherence(store: String) async throws {
        let cli = try Sandbox(store: store)
        let now = Moment.after(days: 30)
        let today = "2026-02-04"
        func on(_ offset: Int) -> String { localDay(today, plus: offset) }

        var takes: [[String]] = []
        for offset in [0, -1, -2, -3, -4, -5, -6, -7, -29, -30] {
            takes.append(["supplements", "take", "Vitamin D3", "--day", on(offset)])
        }
        for offset in [-1, -3, -5] { takes.append(["supplements", "take", "Magnesium glycinate", "--day", on(offset)]) }
        takes.append(["supplements", "take", "Zinc", "--day", on(-10)])
        takes.append(["supplements", "take", "Vitamin B12", "--day", on(0)])
        try await cli.ok(["supplements", "list"], now: now)  // seed first, so the takes only add logs
        for result in try await cli.runAll(takes, now: now) {
            #expect(result.status == 0, "\(result)")
        }
        let tomorrow = try await cli.run(["supplements", "take", "Zinc", "--day", on(1)], now: now)
        #expect(tomorrow.status == 1 && tomorrow.stderr.contains("\(on(1)) is in the future"), "\(tomorrow)")
        try await cli.ok(["supplements", "untake", "Magnesium glycinate", "--day", on(-5)], now: now)
        try await cli.ok(["supplements", "edit", "Vitamin B12", "--active", "false"], now: now)

        // Active: D3, Omega-3, Creatine (morning), Magnesium, Zinc (evening); B12 is inactive.
        let expectations: [(days: Int, from: String, taken: [Int], overall: Double)] = [
            (7, "2026-01-29", [7, 0, 0, 2, 0], 9.0 / 35.0),
            (30, "2026-01-06", [9, 0, 0, 2, 1], 12.0 / 150.0),
        ]
        for expected in expectations {
            let result = try await cli.ok(["supplements", "adherence", "--days", "\(expected.days)", "--json"], now: now)
            let report = try #require(try result.json() as? [String: Any], "\(result)")
            #expect(Set(report.keys) == ["days", "from", "through", "overall", "supplements"], "\(result)")
            #expect(report["days"] as? Int == expected.days)
            #expect(report["from"] as? String == expected.from)
            #expect(report["through"] as? String == today)
            #expect(same(report["overall"] as? Double, expected.overall), "\(expected.days): \(result)")
            let entries = try #require(report["supplements"] as? [[String: Any]])
            #expect(Self.names(entries) == ["Vitamin D3", "Omega-3 fish oil", "Creatine monohydrate",
                                            "Magnesium glycinate", "Zinc"], "\(result)")
            #expect(entries.map { $0["takenDays"] as? Int ?? -1 } == expected.taken, "\(expected.days): \(result)")
            for (entry, taken) in zip(entries, expected.taken) {
                #expect(Set(entry.keys) == ["id", "name", "takenDays", "rate"], "\(entry)")
                #expect(same(entry["rate"] as? Double, Double(taken) / Double(expected.days)), "\(entry)")
            }
        }

        let defaultWindow = try await cli.ok(["supplements", "adherence", "--json"], now: now)
        #expect((try defaultWindow.json() as? [String: Any])?["days"] as? Int == 7, "\(defaultWindow)")

        let text = try await cli.ok(["supplements", "adherence"], now: now)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Adherence over 7 days (2026-01-29 to 2026-02-04): 26% overall", "\(text)")
        let d3 = lines.first { $0.hasPrefix("Vitamin D3") } ?? ""
        #expect(d3.contains("7/7") && d3.hasSuffix("100"), "\(text)")
        let magnesium = lines.first { $0.hasPrefix("Magnesium glycinate") } ?? ""
        #expect(magnesium.contains("2/7") && magnesium.hasSuffix("29"), "\(text)")
        #expect(!text.stdout.contains("Vitamin B12"), "inactive supplements are left out: \(text)")
    }

    @Test("supplements adherence refuses any window but 7 or 30, listing both")
    func adherenceWindow() async throws {
        let cli = try Sandbox()
        for days in ["14", "0", "31", "-7"] {
            let result = try await cli.run(["supplements", "adherence", "--days=\(days)"], now: Moment.start)
            #expect([1, 64].contains(result.status), "\(days): \(result)")
            #expect(result.stdout.isEmpty, "\(days): \(result)")
            #expect(result.stderr.contains("'\(days)'"), "\(days): \(result)")
            #expect(result.stderr.contains("7") && result.stderr.contains("30"), "\(days): \(result)")
        }
    }

    // MARK: - Errors

    @Test("an unknown supplement: exit 1 naming it and listing every supplement, nothing changed",
          arguments: persistentStores)
    func unknownSupplement(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["supplements", "take", "Zinc", "--day", "2026-01-04"], now: Moment.start)
        let before = try await cli.ok(["supplements", "list", "--json", "--day", "2026-01-04"], now: Moment.start)
        for arguments in [["take", "Melatonin"], ["untake", "Melatonin"], ["remove", "Melatonin"],
                          ["edit", "Melatonin", "--dosage", "1 mg"], ["move", "Melatonin", "--to", "1"],
                          ["take", "Vitamin"], ["take", "0000"]] {
            let result = try await cli.run(["supplements"] + arguments, now: Moment.start)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("wellness: "), "\(arguments): \(result)")
            #expect(result.stderr.contains("'\(arguments[1])'"), "\(arguments): \(result)")
            for name in defaultSupplements {
                #expect(result.stderr.contains(name), "\(arguments) lists \(name): \(result)")
            }
        }
        let after = try await cli.ok(["supplements", "list", "--json", "--day", "2026-01-04"], now: Moment.start)
        #expect(after.stdout == before.stdout)
    }

    @Test("a bad --time: exit 64 naming it and listing morning, evening; nothing written")
    func badTime() async throws {
        let cli = try Sandbox()
        for arguments in [["add", "Melatonin", "--time", "noon", "--dosage", "1 mg"],
                          ["add", "Melatonin", "--time", "", "--dosage", "1 mg"],
                          ["edit", "Zinc", "--time", "night"]] {
            let result = try await cli.run(["supplements"] + arguments, now: Moment.start)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
            #expect(result.stderr.contains("'\(arguments[3])'"), "\(arguments): \(result)")
            #expect(result.stderr.contains("morning") && result.stderr.contains("evening"), "\(arguments): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
    }

    // MARK: - Concurrency

    @Test("first uses at once on a fresh store: one default stack, every take and add kept",
          arguments: persistentStores)
    func concurrentFirstUses(store: String) async throws {
        let cli = try Sandbox(store: store).spawning()
        var runs = defaultSupplements.map { ["supplements", "take", $0] }
        runs += ["Ashwagandha", "Melatonin", "Vitamin C"].map {
            ["supplements", "add", $0, "--time", "evening", "--dosage", "1 unit"]
        }
        runs.append(["supplements", "list", "--json"])
        let results = try await cli.runAll(runs, now: Moment.start, limit: runs.count)
        for (arguments, result) in zip(runs, results) {
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        let list = try await cli.supplements(now: Moment.start)
        let names = Self.names(list)
        #expect(names.count == 9, "\(names)")
        #expect(Array(names.prefix(4)) == Array(defaultSupplements.prefix(4)))
        #expect(Set(names) == Set(defaultSupplements + ["Ashwagandha", "Melatonin", "Vitamin C"]))
        #expect(Set(names.suffix(3)) == ["Ashwagandha", "Melatonin", "Vitamin C"], "added after the defaults")
        #expect(Set(try await cli.taken(now: Moment.start)) == Set(defaultSupplements))
    }
}
