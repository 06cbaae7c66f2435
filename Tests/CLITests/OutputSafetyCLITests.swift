#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import WellnessTestSupport

/// Issue 14 at the command line: short ids that `remove` accepts, text that cannot drive a
/// terminal or a spreadsheet, and messages that say what went wrong.
@Suite("CLI: safe output, short ids, messages")
struct OutputSafetyCLITests {
    /// The rows of `weight list` as printed: when, kg, id, note.
    func listedRows(_ cli: Sandbox, _ extra: [String] = []) async throws -> [[String]] {
        let listed = try await cli.ok(["weight", "list"] + extra, now: Moment.start)
        return listed.stdout.split(separator: "\n").dropFirst().map { line in
            line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    // MARK: - Ids a person can type

    @Test("weight list shows short ids that tell imported rows apart, and remove takes exactly them",
          arguments: persistentStores)
    func shortIDs(store: String) async throws {
        let cli = try Sandbox(store: store)
        let rows = (1...40).map { String(format: "2025-12-%02dT08:00:00+01:00,%.1f,", ($0 - 1) % 28 + 1, 60 + Double($0) / 10) }
        let path = try cli.file("many.csv", "date,weight_kg,note\n" + rows.joined(separator: "\n") + "\n")
        try await cli.ok(["weight", "import", path], now: Moment.start)
        let listed = try await listedRows(cli)
        #expect(listed.count == 40)
        let shown = listed.map { $0[2] }
        #expect(Set(shown).count == 40, "every row has its own short id: \(shown.prefix(3))")
        #expect(shown.allSatisfy { $0.count >= 8 && $0.count < 36 })
        // The same short ids when only some rows are listed: they are unique among all stored.
        let recent = try await listedRows(cli, ["--days", "10"])
        #expect(!recent.isEmpty && recent.allSatisfy { shown.contains($0[2]) })

        let removed = try await cli.ok(["weight", "remove", shown[7]], now: Moment.start)
        #expect(removed.stdout.contains("\(listed[7][1]) kg"), "\(removed)")
        let left = try await listedRows(cli)
        #expect(left.count == 39 && !left.map { $0[0] + $0[1] }.contains(listed[7][0] + listed[7][1]))
    }

    // MARK: - Control characters

    @Test("a note, title or name with a control character is refused at input, naming the field",
          arguments: persistentStores)
    func controlCharactersRefused(store: String) async throws {
        let cli = try Sandbox(store: store)
        let note = try await cli.run(["weight", "add", "70", "--note", "red \u{1B}[31malert\u{7}"], now: Moment.start)
        #expect(note.status == 1 && note.stderr.contains("the note contains a control character (U+001B)"), "\(note)")
        #expect(!note.stderr.contains("\u{1B}"))
        let goal = try await cli.run(["goals", "add", "Run\u{7}"], now: Moment.start)
        #expect(goal.status == 1 && goal.stderr.contains("the title contains a control character (U+0007)"), "\(goal)")
        let path = try cli.file("escape.csv", "date,weight_kg,note\n2026-01-01T08:00:00Z,70,ok\n2026-01-02T08:00:00Z,71,\u{1B}]0;title\u{7}\n")
        let imported = try await cli.run(["weight", "import", path], now: Moment.start)
        #expect(imported.status == 1, "\(imported)")
        #expect(imported.stderr.contains("line 3, column 3: the note contains a control character (U+001B)"), "\(imported)")
        let listed = try await cli.ok(["weight", "list", "--json"], now: Moment.start)
        #expect((try listed.json() as? [Any])?.isEmpty == true, "\(listed)")
        // Tab and line feed stay text.
        try await cli.ok(["weight", "add", "70", "--note", "tab\there\nand a new line"], now: Moment.start)
    }

    @Test("a stored note with terminal escapes is printed with them made visible, never raw")
    func escapesMadeVisible() async throws {
        let cli = try Sandbox(store: "json")
        try await cli.ok(["weight", "add", "70", "--at", "2026-01-04T08:00", "--note", "PLACEHOLDER"], now: Moment.start)
        // A note stored before input refused control characters (or by another program).
        let stored = cli.data.appendingPathComponent("weights.json")
        let json = try String(contentsOf: stored, encoding: .utf8)
        #expect(json.contains("PLACEHOLDER"))
        try json.replacingOccurrences(of: "PLACEHOLDER", with: "\\u001b[31mred\\u0007 \\u009b2J\\rover")
            .write(to: stored, atomically: true, encoding: .utf8)
        let listed = try await cli.ok(["weight", "list"], now: Moment.start)
        #expect(!listed.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{9B}" || $0 == "\r" },
                "\(listed.stdout.debugDescription)")
        #expect(listed.stdout.contains("\u{241B}[31mred\u{2407} \u{FFFD}2J\u{240D}over"), "\(listed.stdout.debugDescription)")
        // --json stays data: JSON escapes the characters itself.
        let json2 = try await cli.ok(["weight", "list", "--json"], now: Moment.start)
        #expect(json2.stdout.lowercased().contains(#"\u001b[31mred\u0007 \u009b2j\r"#), "\(json2.stdout)")
        #expect(!json2.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
        // An error that repeats what was typed is made safe too.
        let missing = try await cli.run(["weight", "remove", "abcd\u{1B}[2J"], now: Moment.start)
        #expect(missing.status == 64 && missing.stderr.contains("abcd\u{241B}[2J") && !missing.stderr.contains("\u{1B}"),
                "\(missing)")
    }

    // MARK: - Export guard

    @Test("a note that is a formula after a `;`, a space or in full width is exported guarded and imported back exactly",
          arguments: persistentStores)
    func formulaGuardRoundTrip(store: String) async throws {
        let cli = try Sandbox(store: store)
        // (`weight add` trims a note, so the leading space comes after a separator.)
        let notes = ["ok;=cmd|' /C calc'!A0", "x; =1+2", "\u{FF1D}HYPERLINK(\"x\")", "a, @SUM(A1)", "x;'y"]
        for (index, note) in notes.enumerated() {
            try await cli.ok(["weight", "add", String(70 + index), "--at", "2026-01-0\(index + 1)T08:00", "--note=\(note)"],
                             now: Moment.start)
        }
        let exported = cli.root.url.appendingPathComponent("export.csv").path
        try await cli.ok(["weight", "export", exported], now: Moment.start)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.contains("\"ok;'=cmd|' /C calc'!A0\"") && text.contains("\"x;' =1+2\"")
                && text.contains("\"'\u{FF1D}HYPERLINK(\"\"x\"\")\"") && text.contains("\"a,' @SUM(A1)\"")
                && text.contains("\"x;''y\""), "\(text)")
        let fresh = try Sandbox(store: store)
        try await fresh.ok(["weight", "import", exported], now: Moment.start)
        let copied = try await fresh.ok(["weight", "list", "--json"], now: Moment.start)
        let entries = try #require(try copied.json() as? [[String: Any]])
        #expect(entries.compactMap { $0["note"] as? String } == notes)
    }

    // MARK: - Linear reading

    // The limit only stops a reader that never refuses (it used to read /dev/zero forever);
    // the answer comes after about a megabyte.
    @Test("weight import /dev/zero ends with an error naming the line", .timeLimit(.minutes(1)))
    func importDevZero() async throws {
        let cli = try Sandbox(store: "memory")
        let result = try await cli.run(["weight", "import", "/dev/zero"], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("line 1, column 1: a record longer than 1024 KB"), "\(result)")
    }

    @Test("a file with CR-only line endings (classic Mac) is refused on its first line")
    func carriageReturnOnly() async throws {
        let cli = try Sandbox(store: "memory")
        let path = try cli.file("mac.csv", "date,weight_kg\r2026-01-01T08:00:00Z,70\r2026-01-02T08:00:00Z,71\r")
        let result = try await cli.run(["weight", "import", path], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("line 1, column 2: carriage return without a line feed"), "\(result)")
    }

    // MARK: - Messages

    @Test("weight add -71 reaches the weight rule: it must be above 0", arguments: ["-71", "-0.5", "0"])
    func negativeWeight(value: String) async throws {
        let cli = try Sandbox(store: "memory")
        let result = try await cli.run(["weight", "add", value], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("kg must be above 0"), "\(result)")
        let nonsense = try await cli.run(["weight", "add", "heavy"], now: Moment.start)
        #expect(nonsense.status == 64 && nonsense.stderr.contains("'heavy'"), "\(nonsense)")
        let missing = try await cli.run(["weight", "add"], now: Moment.start)
        #expect(missing.status == 64 && missing.stderr.contains("<kilograms>"), "\(missing)")
    }

    @Test("serve on a port in use names the port")
    func portInUse() async throws {
        let listener = try Listener()
        defer { listener.close() }
        let cli = try Sandbox(store: "memory")
        let result = try await cli.raw(["serve", "--port", "\(listener.port)", "--data-dir", cli.data.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("127.0.0.1:\(listener.port)") && result.stderr.contains("already in use"), "\(result)")
    }
}

/// A TCP socket listening on a free loopback port, holding it.
struct Listener {
    let descriptor: Int32
    let port: Int

    struct Failure: Error {}

    init() throws {
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 1) == 0 else {
            closeDescriptor(fd)
            throw Failure()
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { closeDescriptor(descriptor) }
}

private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
