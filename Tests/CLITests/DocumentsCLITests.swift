import Foundation
import Testing
import WellnessTestSupport

/// `wellness documents add|list|get|remove` in process, on SQLite and JSON, in English and
/// Dutch; bad input is refused naming it, and a switched-off documents module changes nothing.
@Suite("CLI: documents")
struct DocumentsCLITests {
    static let dutch = ["LANG": "nl_NL.UTF-8"]

    /// `count` bytes with every byte value.
    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) } }

    static func list(_ cli: Sandbox, now: String = Moment.start) async throws -> [[String: Any]] {
        let result = try await cli.ok(["documents", "list", "--json"], now: now)
        return try #require(try result.json() as? [[String: Any]], "\(result)")
    }

    /// Adds `file` with `--json` and returns the document's id.
    static func add(_ cli: Sandbox, _ file: String, _ extra: [String], now: String = Moment.start) async throws -> String {
        let result = try await cli.ok(["documents", "add", file] + extra + ["--json"], now: now)
        let added = try #require(try result.json() as? [String: Any], "\(result)")
        return try #require(added["id"] as? String)
    }

    @Test("add, list, get to a file and remove, in text and JSON; a file of 2 chunks comes back byte for byte",
          arguments: persistentStores)
    func roundTrip(store: String) async throws {
        let cli = try Sandbox(store: store)
        let bytes = Self.bytes((1 << 20) + 5)
        let file = try cli.file("rabies scan.pdf", bytes)
        let added = try await cli.ok(["documents", "add", file, "--title", "Rabies", "--kind", "vaccination",
                                      "--expires", "2026-01-20"], now: Moment.start)
        #expect(added.stdout.hasPrefix("Kept document \"Rabies\" (id "), "\(added)")

        let documents = try await Self.list(cli)
        #expect(documents.count == 1)
        let document = try #require(documents.first)
        #expect(Set(document.keys) == ["id", "title", "kind", "expires", "file", "bytes", "added"], "\(document)")
        #expect(document["title"] as? String == "Rabies" && document["kind"] as? String == "vaccination")
        #expect(document["expires"] as? String == "2026-01-20" && document["file"] as? String == "rabies scan.pdf")
        #expect(document["bytes"] as? Int == bytes.count)
        let id = try #require(document["id"] as? String)

        let text = try await cli.ok(["documents"], now: Moment.start)
        for shown in ["ID", "TITLE", "EXPIRES", "Rabies", "vaccination", "2026-01-20 (expires soon)", "rabies scan.pdf", "1.0 MB"] {
            #expect(text.stdout.contains(shown), "\(shown): \(text)")
        }
        let due = try await cli.ok(["due"], now: Moment.start)
        #expect(due.stdout.contains("Document expiring or expired: Rabies"), "\(due)")

        let out = cli.root.url.appendingPathComponent("copy.pdf").path
        let got = try await cli.ok(["documents", "get", String(id.prefix(8)), out], now: Moment.start)
        #expect(got.stdout.contains("Wrote \"Rabies\" (1.0 MB) to \(out)."), "\(got)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out))) == bytes)

        let removed = try await cli.ok(["documents", "remove", id], now: Moment.start)
        #expect(removed.stdout.contains("Removed document \"Rabies\""), "\(removed)")
        #expect(try await Self.list(cli).isEmpty)
        let none = try await cli.ok(["documents", "list"], now: Moment.start)
        #expect(none.stdout.contains("No documents kept."), "\(none)")
        let gone = try await cli.run(["documents", "get", id, "-"], now: Moment.start)
        #expect(gone.status == 1 && gone.stderr.contains("document '\(id)' was not found"), "\(gone)")
    }

    @Test("get to - writes the exact bytes to standard output and nothing else", arguments: persistentStores)
    func toStandardOutput(store: String) async throws {
        let cli = try Sandbox(store: store)
        let content = "line one\r\nzwei ☃\ttabs\n\nno newline at the end"
        let id = try await Self.add(cli, try cli.file("notes.txt", content), ["--title", "Notes"])
        let got = try await cli.ok(["documents", "get", id, "-"], now: Moment.start)
        #expect(got.stdout == content)
        let empty = try await Self.add(cli, try cli.file("empty.txt", ""), ["--title", "Empty"])
        #expect(try await cli.ok(["documents", "get", empty, "-"], now: Moment.start).stdout == "")
    }

    @Test("in Dutch", arguments: persistentStores)
    func dutch(store: String) async throws {
        let cli = try Sandbox(store: store)
        let file = try cli.file("polis.pdf", Self.bytes(10))
        let added = try await cli.ok(["documents", "add", file, "--title", "Polis", "--kind", "insurance",
                                      "--expires", "2025-12-01"], now: Moment.start, extraEnv: Self.dutch)
        #expect(added.stdout.hasPrefix("Document \"Polis\" bewaard (id "), "\(added)")
        let listed = try await cli.ok(["documents"], now: Moment.start, extraEnv: Self.dutch)
        for shown in ["VERLOOPT", "BESTAND", "GROOTTE", "verzekering", "2025-12-01 (verlopen)", "10 B"] {
            #expect(listed.stdout.contains(shown), "\(shown): \(listed)")
        }
        let due = try await cli.ok(["due"], now: Moment.start, extraEnv: Self.dutch)
        #expect(due.stdout.contains("Document verloopt of is verlopen: Polis"), "\(due)")
        let unknown = try await cli.run(["documents", "remove", "abcdef"], now: Moment.start, extraEnv: Self.dutch)
        #expect(unknown.status == 1 && unknown.stderr.contains("document 'abcdef' is niet gevonden"), "\(unknown)")
        let id = try #require(try await Self.list(cli).first?["id"] as? String)
        let removed = try await cli.ok(["documents", "remove", id], now: Moment.start, extraEnv: Self.dutch)
        #expect(removed.stdout.contains("Document \"Polis\" en de kopie van het bestand zijn verwijderd."), "\(removed)")
        let none = try await cli.ok(["documents"], now: Moment.start, extraEnv: Self.dutch)
        #expect(none.stdout.contains("Geen documenten bewaard."), "\(none)")
    }

    @Test("usage errors name the value: exit 64, nothing written", arguments: [
        (["--title", ""], ["--title", "a document needs a title"]),
        (["--title", "   "], ["--title"]),
        (["--title", "a\u{1B}[2J"], ["--title", "U+001B"]),
        (["--title", "Scan", "--kind", "passport"], ["'passport'", "vaccination"]),
        (["--title", "Scan", "--expires", "2026-02-30"], ["'2026-02-30'"]),
        (["--title", "Scan", "--expires", "soon"], ["'soon'"]),
    ])
    func refused(extra: [String], named: [String]) async throws {
        let cli = try Sandbox()
        let file = try cli.file("scan.pdf", Self.bytes(10))
        let result = try await cli.run(["documents", "add", file] + extra, now: Moment.start)
        #expect(result.status == 64, "\(result)")
        for name in named { #expect(result.stderr.contains(name), "\(name): \(result)") }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
    }

    @Test("a malformed id is a usage error; an unknown one names itself")
    func ids() async throws {
        let cli = try Sandbox()
        let malformed = try await cli.run(["documents", "get", "xyz!", "-"], now: Moment.start)
        #expect(malformed.status == 64 && malformed.stderr.contains("'xyz!'"), "\(malformed)")
        let unknown = try await cli.run(["documents", "remove", "abcd"], now: Moment.start)
        #expect(unknown.status == 1 && unknown.stderr.contains("document 'abcd' was not found"), "\(unknown)")
    }

    @Test("a missing file, a directory, or a file over 20 MB is refused naming the file; nothing saved",
          arguments: persistentStores)
    func badFiles(store: String) async throws {
        let cli = try Sandbox(store: store)
        let missing = cli.root.url.appendingPathComponent("missing.pdf").path
        let absent = try await cli.run(["documents", "add", missing, "--title", "Missing"], now: Moment.start)
        #expect(absent.status != 0 && absent.stderr.contains("missing.pdf"), "\(absent)")
        let directory = try await cli.run(["documents", "add", cli.root.url.path, "--title", "Directory"], now: Moment.start)
        #expect(directory.status != 0, "\(directory)")
        let big = cli.root.url.appendingPathComponent("big.pdf")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(20 << 20) + 1) // sparse: 20 MB + 1 without writing them
        try handle.close()
        let over = try await cli.run(["documents", "add", big.path, "--title", "Big"], now: Moment.start)
        #expect(over.status == 1, "\(over)")
        #expect(over.stderr.contains("big.pdf is 20971521 bytes; a document may be at most 20 MB"), "\(over)")
        #expect(try await Self.list(cli).isEmpty)
    }

    @Test("documents switched off: every documents command exits 1 saying so; nothing saved; on again, they are back",
          arguments: persistentStores)
    func switchedOff(store: String) async throws {
        let cli = try Sandbox(store: store)
        let file = try cli.file("a.pdf", Self.bytes(3))
        let id = try await Self.add(cli, file, ["--title", "Kept"])
        try await cli.ok(["modules", "disable", "documents"], now: Moment.start)
        let out = cli.root.url.appendingPathComponent("out.pdf").path
        for arguments in [["documents", "add", file, "--title", "B"], ["documents", "list"], ["documents", "get", id, out],
                          ["documents", "remove", id]] {
            let result = try await cli.run(arguments, now: Moment.after(days: 1))
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.contains("Documents is switched off"), "\(arguments): \(result)")
            #expect(result.stderr.contains("wellness modules enable documents"), "\(arguments): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        try await cli.ok(["modules", "enable", "documents"], now: Moment.after(days: 1))
        #expect(try await Self.list(cli, now: Moment.after(days: 1)).map { $0["id"] as? String } == [id])
    }

    @Test("a documents add is the documents module's use", arguments: persistentStores)
    func lastUsed(store: String) async throws {
        let cli = try Sandbox(store: store)
        _ = try await Self.add(cli, try cli.file("a.pdf", Self.bytes(3)), ["--title", "A"], now: Moment.after(days: 1))
        let entry = try await cli.modules(now: Moment.after(days: 1)).first { $0["module"] as? String == "documents" }
        #expect(entry?["lastUsed"] as? String == Moment.stored(days: 1), "\(String(describing: entry))")
    }

    @Test("documents is in wellness --help; documents --help names add, list, get and remove")
    func help() async throws {
        let cli = try Sandbox()
        let root = try await cli.raw(["--help"])
        #expect(root.stdout.contains("  documents "), "\(root)")
        let help = try await cli.raw(["documents", "--help"])
        for sub in ["add", "list", "get", "remove"] { #expect(help.stdout.contains(sub), "\(sub): \(help)") }
    }
}
