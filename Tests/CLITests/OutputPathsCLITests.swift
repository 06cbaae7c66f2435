#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import WellnessTestSupport

/// Issue 34's output paths: a command that writes a file writes it, and never destroys what was
/// at the path: a link is followed, a FIFO or a device written through, a directory or a
/// read-only file refused, `-` is standard output everywhere. Each test says what is left on disk.
@Suite("CLI: output paths are written, never destroyed")
struct OutputPathsCLITests {
    static let now = "2026-01-10T09:00:00+01:00"

    /// A sandbox with two weigh-ins.
    static func weighed(_ store: String) async throws -> Sandbox {
        let cli = try Sandbox(store: store)
        try await cli.ok(["weight", "add", "72.4", "--at", "2026-01-05T08:30"], now: now)
        try await cli.ok(["weight", "add", "73.1", "--at", "2026-01-06T08:00"], now: now)
        return cli
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    @Test("a symlink is followed: its target gets the export, the link stays a link", arguments: persistentStores)
    func symlink(store: String) async throws {
        let cli = try await Self.weighed(store)
        let target = try cli.file("target.csv", "old\n")
        let link = cli.root.url.appendingPathComponent("link.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.csv")
        try await cli.ok(["weight", "export", link], now: Self.now)
        #expect(Self.kind(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.csv")
        #expect(try Self.text(target).hasPrefix("date,weight_kg,note\r\n"))
        #expect(try Self.text(target).contains("72.4"))
    }

    @Test("a dangling symlink is followed: the file it names is created, 0600", arguments: persistentStores)
    func danglingSymlink(store: String) async throws {
        let cli = try await Self.weighed(store)
        let link = cli.root.url.appendingPathComponent("backup-link.json").path
        let made = cli.root.url.appendingPathComponent("made.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: made)
        try await cli.ok(["backup", link], now: Self.now)
        #expect(Self.kind(link) == S_IFLNK)
        #expect(Self.kind(made) == S_IFREG)
        #expect(try Self.text(made).contains("\"wellness-backup\""))
        let attributes = try FileManager.default.attributesOfItem(atPath: made)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("a file replaced keeps its permissions", arguments: persistentStores)
    func permissionsKept(store: String) async throws {
        let cli = try await Self.weighed(store)
        let file = try cli.file("shared.csv", "old\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
        try await cli.ok(["weight", "export", file], now: Self.now)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(try Self.text(file).contains("73.1"))
    }

    @Test("a read-only file is refused, named, and left as it was", arguments: persistentStores)
    func readOnly(store: String) async throws {
        let cli = try await Self.weighed(store)
        let file = try cli.file("keep.csv", "precious\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
        let result = try await cli.run(["weight", "export", file], now: Self.now)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains(file) && result.stderr.contains("read-only"), "\(result)")
        #expect(try Self.text(file) == "precious\n")
    }

    @Test("a directory is refused, named, and left as it was", arguments: persistentStores)
    func directory(store: String) async throws {
        let cli = try await Self.weighed(store)
        let directory = cli.root.url.appendingPathComponent("a-directory").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let result = try await cli.run(["weight", "chart", "--out", directory], now: Self.now)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains(directory) && result.stderr.contains("directory"), "\(result)")
        #expect(Self.kind(directory) == S_IFDIR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("a FIFO is written through to the process reading it, and stays a FIFO")
    func fifo() async throws {
        let cli = try await Self.weighed("sqlite")
        let fifo = cli.root.url.appendingPathComponent("pipe").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // Another process reads the FIFO (cat, killed after 60 s if the export never came).
        let reader = Task.detached {
            try ChildProcess.run(URL(fileURLWithPath: "/bin/cat"), [fifo], environment: [:], timeout: 60)
        }
        try await cli.ok(["weight", "export", fifo], now: Self.now)
        let read = try #require(try await reader.value, "cat was killed: the export never reached the FIFO")
        #expect(read.standardOutput.hasPrefix("date,weight_kg,note\r\n"), "\(read)")
        #expect(read.standardOutput.contains("72.4"))
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test("/dev/stdout is written through: the export is on standard output, /dev/stdout untouched")
    func devStdout() async throws {
        let cli = try await Self.weighed("sqlite").spawning()
        let before = Self.kind("/dev/stdout")
        let result = try await cli.ok(["weight", "export", "/dev/stdout"], now: Self.now)
        #expect(result.stdout.hasPrefix("date,weight_kg,note\r\n"), "\(result)")
        #expect(Self.kind("/dev/stdout") == before)
    }

    @Test("- is standard output for every command that writes a file; no file named - is made",
          arguments: [["weight", "export", "-"], ["weight", "chart", "--out", "-"], ["backup", "-"]])
    func dash(arguments: [String]) async throws {
        let cli = try await Self.weighed("sqlite")
        let result = try await cli.ok(arguments, now: Self.now)
        #expect(!result.stdout.isEmpty)
        if arguments.contains("chart") { #expect(result.stdout.hasPrefix("<svg") || result.stdout.hasPrefix("<?xml")) }
        #expect(!FileManager.default.fileExists(atPath: cli.root.url.appendingPathComponent("-").path))
    }
}

/// Issue 34's small things: `--day` takes today, yesterday and -N as well as a date.
@Suite("CLI: relative days")
struct RelativeDayCLITests {
    static let now = "2026-03-01T09:00:00+01:00"

    @Test("--day yesterday, today and -N name the days back from --now, on every command that takes a day",
          arguments: persistentStores)
    func relativeDays(store: String) async throws {
        let cli = try Sandbox(store: store)
        try await cli.ok(["mood", "log", "4", "--day", "yesterday"], now: Self.now)
        try await cli.ok(["mood", "log", "2", "--day", "-2"], now: Self.now)
        try await cli.ok(["mood", "log", "5", "--day", "today"], now: Self.now)
        try await cli.ok(["journal", "toggle", "coffee", "--day", "-1"], now: Self.now)
        let moods = try await cli.ok(["mood", "list", "--days", "7", "--json"], now: Self.now)
        let entries = try #require(try moods.json() as? [[String: Any]], "\(moods)")
        let byDay = Dictionary(uniqueKeysWithValues: entries.compactMap { entry in
            (entry["day"] as? String).map { ($0, entry["score"] as? Int) }
        })
        #expect(byDay == ["2026-02-27": 2, "2026-02-28": 4, "2026-03-01": 5], "\(moods)")
        let journal = try await cli.ok(["journal", "show", "--day", "2026-02-28", "--json"], now: Self.now)
        #expect(journal.stdout.contains("coffee"), "\(journal)")
    }

    @Test("a day that is none is a usage error naming it and the forms a day takes",
          arguments: ["tomorrow", "-0", "-40000", "2026-02-30"])
    func badDay(text: String) async throws {
        let cli = try Sandbox()
        let result = try await cli.run(["mood", "log", "3", "--day", text], now: Self.now)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(text) && result.stderr.contains("yesterday"), "\(result)")
    }
}
