import Foundation
import Testing
import WellnessTestSupport

/// `wellness backup|restore|migrate`, in-process against temporary data directories.
@Suite("CLI: backup, restore and migrate")
struct BackupCLITests {
    /// A store used through the CLI: supplements, a journal with a unicode note, a goal, a mood,
    /// a check-in and two weigh-ins.
    static func filled(_ store: String) async throws -> Sandbox {
        let cli = try await Sandbox(store: store).started(at: Moment.start)
        for arguments in [["supplements", "take", "Vitamin D3"], ["journal", "toggle", "coffee"],
                          ["journal", "note", "Zoë said \"hi\" ☃ \\ 日本語"], ["goals", "add", "Run 5 km"],
                          ["mood", "log", "4"], ["checkin", "--energy", "4", "--stress", "2", "--social", "5"],
                          ["weight", "add", "72.4", "--note", "after a run"]] {
            try await cli.ok(arguments, now: Moment.start)
        }
        try await cli.ok(["weight", "add", "71.9"], now: Moment.after(days: 1))
        return cli
    }

    /// `backup -`: the store's archive on standard output.
    static func archive(_ cli: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await cli.ok(["backup", "-"], now: Moment.start, sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
        return result.stdout
    }

    /// An archive's counts as `--json` prints them.
    static func counts(_ result: CLI.Result, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Int] {
        try #require(try result.json() as? [String: Int], "\(result)", sourceLocation: sourceLocation)
    }

    static let collections: Set = ["supplementLogs", "goals", "goalTips", "journals", "moods", "checkins", "queuedCheckins",
                                   "completions", "decisions", "nudgeSnoozes", "weights", "health", "walks", "walkPlan", "meals", "mealPlan",
                                   "training", "socialization", "milestones", "medications", "medicationDoses", "documents", "documentChunks"]

    @Test("backup FILE, then restore FILE into an empty store of either kind: the same archive",
          arguments: persistentStores, persistentStores)
    func backupThenRestore(from: String, to: String) async throws {
        let source = try await Self.filled(from)
        let file = source.root.file("backup.json")
        let written = try await source.ok(["backup", file.path], now: Moment.start)
        #expect(written.stdout.hasPrefix("Backed up 7 records to \(file.path).\n"), "\(written)")
        #expect(written.stdout.contains("  journals        1\n"), "\(written)")
        #expect(written.stdout.contains("  weights         2\n"), "\(written)")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let archive = try String(contentsOf: file, encoding: .utf8)
        #expect(archive.hasPrefix(#"{"format":"wellness-backup","version":2,"#))
        #expect(try await Self.archive(source) == archive, "backup - writes what backup FILE wrote")

        let target = try Sandbox(store: to)
        let restored = try await target.ok(["restore", file.path], now: Moment.start)
        #expect(restored.stdout.hasPrefix("Restored 7 records from \(file.path).\n"), "\(restored)")
        #expect(try await Self.archive(target) == archive)
        let weights = try await target.ok(["weight", "list", "--json"], now: Moment.start)
        #expect((try weights.json() as? [[String: Any]])?.map { $0["weightKg"] as? Double } == [72.4, 71.9])
        let journal = try await target.ok(["journal", "show", "--json"], now: Moment.start)
        #expect(journal.stdout.contains(#"Zoë said \"hi\" ☃ \\ 日本語"#), "\(journal)")
    }

    @Test("backup - and restore - stream through standard output and input")
    func standardStreams() async throws {
        let source = try await Self.filled("sqlite")
        let archive = try await Self.archive(source)
        let target = try Sandbox(store: "json")
        let restored = try await target.raw(["restore", "-", "--store", "json", "--data-dir", target.data.path, "--json"],
                                            input: archive)
        #expect(restored.status == 0, "\(restored)")
        #expect(try Self.counts(restored)["weights"] == 2)
        #expect(try await Self.archive(target) == archive)
    }

    @Test("--json prints every collection's count, for backup and for restore")
    func jsonCounts() async throws {
        let source = try await Self.filled("json")
        let file = source.root.file("backup.json")
        let written = try Self.counts(try await source.ok(["backup", file.path, "--json"], now: Moment.start))
        #expect(Set(written.keys) == Self.collections)
        #expect(written.filter { $0.value > 0 } == ["supplementLogs": 1, "goals": 1, "journals": 1, "moods": 1,
                                                     "checkins": 1, "weights": 2], "\(written)")
        let target = try Sandbox(store: "sqlite")
        let restored = try Self.counts(try await target.ok(["restore", file.path, "--json"], now: Moment.start))
        #expect(restored == written)
    }

    @Test("a bad archive: exit 1, the file, the line and the record on standard error; nothing restored",
          arguments: persistentStores)
    func badArchive(store: String) async throws {
        let source = try await Self.filled(store)
        let archive = try await Self.archive(source)
        let lines = archive.split(separator: "\n", omittingEmptySubsequences: false)
        let moodLine = try #require(lines.firstIndex { $0.hasPrefix(#"{"day":"2026-01-05","score":4"#) })
        let bad = source.root.file("bad.json")
        try Data(archive.replacingOccurrences(of: #""score":4"#, with: #""score":9"#).utf8).write(to: bad)

        let target = try Sandbox(store: store)
        let empty = try await Self.archive(target)
        let result = try await target.run(["restore", bad.path], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "wellness: \(bad.path): line \(moodLine + 1), moods record 1: score 9 is not one of 1...5; "
            + "nothing was restored\n", "\(result)")
        #expect(try await Self.archive(target) == empty)

        let cut = source.root.file("cut.json")
        let prefix = Array(archive.utf8.dropLast(40))
        try Data(prefix).write(to: cut)
        let truncated = try await source.run(["restore", cut.path, "--replace"], now: Moment.start)
        #expect(truncated.status == 1, "\(truncated)")
        #expect(truncated.stderr.contains("\(cut.path): line \(prefix.filter { $0 == 0x0A }.count + 1): the file ends before the backup does"),
                "\(truncated)")
        #expect(truncated.stderr.hasSuffix("; nothing was restored\n"), "\(truncated)")
        #expect(try await Self.archive(source) == archive, "--replace with a bad archive changes nothing")

        let missing = try await target.run(["restore", source.root.file("nowhere.json").path], now: Moment.start)
        #expect(missing.status == 1 && missing.stderr.contains("nowhere.json"), "\(missing)")
    }

    @Test("a store with data without --replace: exit 1 naming the store and what it holds; with --replace, replaced",
          arguments: persistentStores)
    func notEmpty(store: String) async throws {
        let source = try await Self.filled(store)
        let file = source.root.file("backup.json")
        try await source.ok(["backup", file.path], now: Moment.start)
        let archive = try String(contentsOf: file, encoding: .utf8)

        let target = try Sandbox(store: store)
        try await target.ok(["weight", "add", "90"], now: Moment.start)
        let location = store == "sqlite" ? target.sqliteFile.path : target.data.path
        let refused = try await target.run(["restore", file.path], now: Moment.start)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("\(location) already holds data (1 weights"), "\(refused)")
        #expect(refused.stderr.hasSuffix("; a restore or migration needs an empty store; pass --replace to replace everything in it\n"),
                "\(refused)")
        #expect(try await Self.archive(target) != archive)

        let replaced = try await target.ok(["restore", file.path, "--replace"], now: Moment.start)
        #expect(replaced.stdout.hasPrefix("Restored 7 records from"), "\(replaced)")
        #expect(try await Self.archive(target) == archive)
        let weights = try await target.ok(["weight", "list", "--json"], now: Moment.start)
        #expect((try weights.json() as? [[String: Any]])?.count == 2, "the weigh-in of 90 kg is gone")
    }

    @Test("migrate --to json: done, checked, and --store json sees the data; again: refused")
    func migrate() async throws {
        let cli = try await Self.filled("sqlite")
        let archive = try await Self.archive(cli)
        let moved = try await cli.ok(["migrate", "--to", "json"], now: Moment.start)
        #expect(moved.stdout.hasPrefix("Moved 7 records to the json store in \(cli.data.path), and checked they read back "
                                       + "the same. The old files stay until you delete them"), "\(moved)")
        #expect(moved.stdout.contains("  weights         2\n"), "\(moved)")
        #expect(FileManager.default.fileExists(atPath: cli.sqliteFile.path))

        let json = cli.using(store: "json")
        #expect(try await Self.archive(json) == archive)
        let weights = try await json.ok(["weight", "list", "--json"], now: Moment.start)
        #expect((try weights.json() as? [[String: Any]])?.count == 2)
        #expect(try await Self.archive(cli) == archive, "the SQLite store is unchanged")

        let again = try await cli.run(["migrate", "--to", "json"], now: Moment.start)
        #expect(again.status == 1 && again.stderr.contains("\(cli.data.path) already holds data")
                && again.stderr.contains("migration needs an empty store"), "\(again)")
        #expect(!again.stderr.contains("--replace"), "migrate has no --replace: \(again)")
        let same = try await cli.run(["migrate", "--to", "sqlite"], now: Moment.start)
        #expect(same.status == 1 && same.stderr.contains("the store is sqlite already"), "\(same)")

        let other = try await Self.filled("json")
        let counts = try Self.counts(try await other.ok(["backup", other.root.file("b.json").path, "--json"],
                                                                  now: Moment.start))
        let migrated = try Self.counts(try await other.ok(["migrate", "--to", "sqlite", "--json"], now: Moment.start))
        #expect(migrated == counts)
        #expect(try await Self.archive(other.using(store: "sqlite")) == Self.archive(other))
    }
}
