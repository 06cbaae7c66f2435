import Foundation
import Testing
import WellnessTestSupport

/// `wellness weight …` end to end, against the built binary, on each persistent store: every
/// step is a separate process.
@Suite("CLI: weight")
struct WeightCLITests {
    /// `weight list --json` as an array of objects.
    func list(_ cli: Sandbox, _ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [[String: Any]] {
        let result = try await cli.ok(["weight", "list", "--json"] + extra, now: Moment.start, sourceLocation: sourceLocation)
        return try #require(try result.json() as? [[String: Any]], "\(result)", sourceLocation: sourceLocation)
    }

    @Test("add, list --json {id, date, weightKg, note}, --days, remove by id prefix", arguments: persistentStores)
    func addListRemove(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["weight", "add", "72.4", "--at", "2026-01-05T08:30", "--note", "after a run"], now: Moment.start)
        try await cli.ok(["weight", "add", "73.1", "--at", "2025-12-20T08:00"], now: Moment.start)
        let entries = try await list(cli)
        #expect(entries.count == 2)
        #expect(entries.map { Set($0.keys) } == [["id", "date", "weightKg", "note"], ["id", "date", "weightKg", "note"]])
        #expect(entries.map { $0["date"] as? String } == ["2025-12-20T07:00:00.000Z", "2026-01-05T07:30:00.000Z"])
        #expect(entries.map { $0["weightKg"] as? Double } == [73.1, 72.4])
        #expect(entries[0]["note"] is NSNull)
        #expect(entries[1]["note"] as? String == "after a run")
        #expect(try await list(cli, ["--days", "7"]).count == 1)

        let id = try #require(entries[1]["id"] as? String)
        let removed = try await cli.ok(["weight", "remove", String(id.prefix(8))], now: Moment.start)
        #expect(removed.stdout.contains("72.4 kg"), "\(removed)")
        #expect(try await list(cli).map { $0["weightKg"] as? Double } == [73.1])
        let missing = try await cli.run(["weight", "remove", String(id.prefix(8))], now: Moment.start)
        #expect(missing.status == 1 && missing.stderr.contains("no weigh-in"), "\(missing)")
    }

    @Test("a corrupt row in wellness.sqlite (text in atMs, blob in note): exit 1 naming the file, the table and the column; the row is untouched",
          .enabled(if: SQLiteShell.isAvailable, "needs /usr/bin/sqlite3"),
          arguments: ["atMs = 'soon'", "note = X'ff'"])
    func corruptSQLiteRow(corruption: String) async throws {
        let cli = try Sandbox(store: "sqlite")
        try await cli.ok(["weight", "add", "72.4", "--at", "2026-01-05T08:30"], now: Moment.start)
        // As another tool could: the table itself (STRICT) refuses it.
        try SQLiteShell.run(cli.sqliteFile, "PRAGMA ignore_check_constraints = ON; \(LooseTables.weightEntry) UPDATE weightEntry SET \(corruption);")
        let before = try SQLiteShell.run(cli.sqliteFile, "SELECT quote(atMs), quote(note) FROM weightEntry")
        let column = String(corruption.prefix { $0 != " " })
        for arguments in [["weight", "list"], ["weight", "trend"], ["weight", "export", "-"]] {
            let result = try await cli.run(arguments, now: Moment.start)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("wellness: "), "\(arguments): \(result)")
            for part in [cli.sqliteFile.path, "weightEntry", column, "left untouched"] {
                #expect(result.stderr.contains(part), "\(arguments) names \(part): \(result)")
            }
        }
        #expect(try SQLiteShell.run(cli.sqliteFile, "SELECT quote(atMs), quote(note) FROM weightEntry") == before)
    }

    @Test("a duplicate weigh-in and an impossible weight are refused with exit 1", arguments: persistentStores)
    func refusals(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["weight", "add", "72.4", "--at", "2026-01-05T08:30:10"], now: Moment.start)
        let duplicate = try await cli.run(["weight", "add", "72.404", "--at", "2026-01-05T08:30:50"], now: Moment.start)
        #expect(duplicate.status == 1 && duplicate.stderr.contains("already recorded"), "\(duplicate)")
        let heavy = try await cli.run(["weight", "add", "701"], now: Moment.start)
        #expect(heavy.status == 1 && heavy.stderr.contains("700"), "\(heavy)")
        #expect(try await list(cli).count == 1)
    }

    @Test("add: a mistyped option is named as unknown, a missing weight is asked for, and help shows one weight; nothing is saved")
    func addUsage() async throws {
        let cli = try Sandbox()
        let mistyped = try await cli.run(["weight", "add", "70", "--nte", "x"], now: Moment.start)
        #expect(mistyped.status == 64 && mistyped.stderr.contains("Unknown option '--nte'"), "\(mistyped)")
        let missing = try await cli.run(["weight", "add"], now: Moment.start)
        #expect(missing.status == 64 && missing.stderr.contains("Missing expected argument '<kilograms>'"), "\(missing)")
        let negative = try await cli.run(["weight", "add", "-71"], now: Moment.start)
        #expect(negative.status == 1 && !negative.stderr.contains("Unknown option"), "the weight rule answers: \(negative)")
        let help = try await cli.run(["weight", "add", "--help"])
        #expect(help.stdout.contains("wellness weight add <kilograms> [--at <at>]"), "\(help)")
        #expect(!help.stdout.contains("[<kilograms> ...]"), "\(help)")
        #expect(try await list(cli).isEmpty)
    }

    @Test("import: a bad row names its line and column on stderr, exits 1, and saves nothing", arguments: persistentStores)
    func badRowSavesNothing(store: String) async throws {
        let cli = try Sandbox(store: store)
        let path = try cli.file("bad.csv", "date,weight_kg,note\n2026-01-01T08:00:00Z,72.0,\n2026-01-02T08:00:00Z,heavy,\n")
        let result = try await cli.run(["weight", "import", path], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("bad.csv: line 3, column 2: weight 'heavy' is not a number"), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try await list(cli).isEmpty)
    }

    @Test("import --skip-invalid --json saves the good rows and lists the bad ones; --dry-run saves nothing",
          arguments: persistentStores)
    func skipInvalidAndDryRun(store: String) async throws {
        let cli = try Sandbox(store: store)
        let csv = "\u{FEFF}Date;Weight (lb);Comment\r\n05.01.2026 08:30;160,5;first\r\n06.01.2026;abc;\r\n"
            + "06.01.2026;161;date only\r\n05.01.2026 08:30;160,5;again\r\n"
        let path = try cli.file("eu.csv", csv)
        let dry = try await cli.ok(["weight", "import", path, "--skip-invalid", "--dry-run", "--json"], now: Moment.after(days: 2))
        let dryReport = try #require(try dry.json() as? [String: Any])
        #expect(dryReport["dryRun"] as? Bool == true)
        #expect(dryReport["imported"] as? Int == 2)
        #expect(try await list(cli).isEmpty)

        let result = try await cli.ok(["weight", "import", path, "--skip-invalid", "--json"], now: Moment.after(days: 2))
        let report = try #require(try result.json() as? [String: Any])
        #expect(report["imported"] as? Int == 2)
        #expect(report["duplicates"] as? Int == 1)
        #expect(report["dateOnly"] as? Int == 1)
        #expect(report["format"] as? String == "generic")
        let skipped = try #require(report["skipped"] as? [[String: Any]])
        #expect(skipped.count == 1)
        #expect(skipped.first?["line"] as? Int == 3)
        #expect(skipped.first?["column"] as? Int == 2)
        #expect((skipped.first?["reason"] as? String)?.contains("abc") == true)

        let entries = try await list(cli)
        #expect(entries.map { $0["weightKg"] as? Double } == [160.5 * 0.45359237, 161 * 0.45359237])
        // 05.01.2026 08:30 in Amsterdam; the date-only row at local noon.
        #expect(entries.map { $0["date"] as? String } == ["2026-01-05T07:30:00.000Z", "2026-01-06T11:00:00.000Z"])
    }

    @Test("export then import into another store gives the same weigh-ins; into the same store adds nothing",
          arguments: persistentStores)
    func roundTrip(store: String) async throws {
        let cli = try Sandbox(store: store)
        let notes = ["=SUM(A1:A9)", "+31 6 1234", "-2 kg", "@home", "\tindent", "'quoted", "a,b", "say \"hi\"",
                     "two\nlines", "crlf\r\nline"]
        for (index, note) in notes.enumerated() {
            try await cli.ok(["weight", "add", String(70 + Double(index) / 10), "--at", "2026-01-0\(index % 5 + 1)T0\(index):15:30",
                              "--note=\(note)"], now: Moment.start)
        }
        let before = try await list(cli)
        let exported = cli.root.url.appendingPathComponent("export.csv").path
        try await cli.ok(["weight", "export", exported], now: Moment.start)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.hasPrefix("date,weight_kg,note\r\n"))
        #expect(text.contains("'=SUM(A1:A9)") && text.contains("'+31 6 1234") && text.contains("'-2 kg")
                && text.contains("'@home") && text.contains("''quoted") && text.contains("\"'\tindent\"") == false)
        for line in text.split(separator: "\r\n").dropFirst() where !line.hasPrefix(" ") {
            // No record starts a note with a formula character unguarded.
            let fields = line.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
            if fields.count == 3, let first = fields[2].first { #expect(!"=+-@\t".contains(first), "\(line)") }
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: exported)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let again = try await cli.ok(["weight", "import", exported, "--json"], now: Moment.start)
        let report = try #require(try again.json() as? [String: Any])
        #expect(report["imported"] as? Int == 0)
        #expect(report["duplicates"] as? Int == notes.count)

        let other = try Sandbox(store: store)
        try await other.ok(["weight", "import", exported], now: Moment.start)
        let after = try await list(other)
        #expect(after.map { $0["note"] as? String } == before.map { $0["note"] as? String })
        #expect(after.map { $0["date"] as? String } == before.map { $0["date"] as? String })
        #expect(after.map { $0["weightKg"] as? Double } == before.map { $0["weightKg"] as? Double })
        // `weight add` trims the note it is given ("\tindent" is stored as "indent").
        #expect(Set(after.compactMap { $0["note"] as? String })
                == Set(notes.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }))
    }

    @Test("export - writes the CSV to stdout")
    func exportToStdout() async throws {
        let cli = try Sandbox()
        try await cli.ok(["weight", "add", "72.5", "--at", "2026-01-05T08:30"], now: Moment.start)
        let result = try await cli.ok(["weight", "export", "-"], now: Moment.start)
        #expect(result.stdout == "date,weight_kg,note\r\n2026-01-05T08:30:00+01:00,72.5,\r\n")
    }

    @Test("trend --json: latest, 7- and 30-day change, 7-day average")
    func trend() async throws {
        let cli = try Sandbox()
        for (at, kg) in [("2025-12-01T08:00", "75"), ("2025-12-29T08:00", "74"), ("2026-01-04T08:00", "73.5"),
                         ("2026-01-05T08:00", "73")] {
            try await cli.ok(["weight", "add", kg, "--at", at], now: Moment.start)
        }
        let result = try await cli.ok(["weight", "trend", "--json"], now: Moment.start)
        let trend = try #require(try result.json() as? [String: Any])
        #expect((trend["latest"] as? [String: Any])?["weightKg"] as? Double == 73)
        #expect(trend["change7Days"] as? Double == -1)   // against 29 December
        #expect(trend["change30Days"] as? Double == -2)  // against 1 December
        #expect(trend["average7Days"] as? Double == 73.25)
        let empty = try await Sandbox().ok(["weight", "trend", "--json"], now: Moment.start)
        let none = try #require(try empty.json() as? [String: Any])
        #expect(none["latest"] is NSNull && none["change7Days"] is NSNull && none["average7Days"] is NSNull)
    }

    @Test("chart --out writes an SVG with one dot per weigh-in in range; nothing to chart is an error")
    func chart() async throws {
        let cli = try Sandbox()
        let out = cli.root.url.appendingPathComponent("weight.svg").path
        let empty = try await cli.run(["weight", "chart", "--out", out], now: Moment.start)
        #expect(empty.status == 1 && !FileManager.default.fileExists(atPath: out), "\(empty)")
        for (at, kg) in [("2025-09-01T08:00", "76"), ("2026-01-01T08:00", "74"), ("2026-01-05T08:00", "73")] {
            try await cli.ok(["weight", "add", kg, "--at", at], now: Moment.start)
        }
        try await cli.ok(["weight", "chart", "--out", out, "--days", "30"], now: Moment.start)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.components(separatedBy: "<circle class=\"entry\"").count - 1 == 2)
        #expect(svg.contains("<polyline class=\"average\""))
        #expect(svg.contains("2026-01-05") && svg.contains(" kg</text>"))
    }

    @Test("a file that does not exist, and an unrecognised header, are errors that name the file")
    func fileErrors() async throws {
        let cli = try Sandbox()
        let missing = try await cli.run(["weight", "import", "/nonexistent/w.csv"], now: Moment.start)
        #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/w.csv"), "\(missing)")
        let path = try cli.file("odd.csv", "when,how much\n2026-01-01,72\n")
        let odd = try await cli.run(["weight", "import", path], now: Moment.start)
        #expect(odd.status == 1, "\(odd)")
        #expect(odd.stderr.contains("odd.csv: line 1") && odd.stderr.contains("date,weight_kg,note")
                && odd.stderr.contains("openScale"), "\(odd)")
    }
}
