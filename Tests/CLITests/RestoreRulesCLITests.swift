import Foundation
import Testing
import WellnessTestSupport

/// Issue 37, findings 5 and 6: a restore checks each record by its kind's one validation, the
/// same the CLI runs: a NUL or another control character in text, a completion count outside
/// 1…1000, are refused with the collection and the reason, and nothing is restored; tab and
/// line breaks stay text and come back whole, on SQLite as on JSON.
@Suite("CLI: restore checks what the CLI checks")
struct RestoreRulesCLITests {
    /// A JSON store with a mood note, a completion of 4, a goal, supplements and a weigh-in note.
    static func source() async throws -> String {
        let cli = try await Sandbox(store: "json").started(at: Moment.start)
        for arguments in [["supplements", "take", "Vitamin D3"], ["goals", "add", "Run 5 km"],
                          ["mood", "log", "4", "--note", "fine"],
                          ["interventions", "complete", "hydration_target", "--count", "4"],
                          ["weight", "add", "72.4", "--note", "after a run"]] {
            try await cli.ok(arguments, now: Moment.start)
        }
        return try await BackupCLITests.archive(cli)
    }

    /// `archive` with `old` (which must be there) replaced by `new`.
    static func replacing(_ old: String, with new: String, in archive: String) throws -> String {
        let changed = archive.replacingOccurrences(of: old, with: new)
        try #require(changed != archive, "no \(old) in the archive")
        return changed
    }

    @Test("a record breaking its kind's rules: restore refuses it naming the collection and why; nothing restored",
          arguments: persistentStores, [
            (#""note":"fine""#, #""note":"a\u0000b""#, "moods", "U+0000"),
            (#""note":"fine""#, #""note":"bell\u0007""#, "moods", "U+0007"),
            (#""hydration_target""#, #""hydration\u0000target""#, "completions", "U+0000"),
            (#""count":4"#, #""count":-5"#, "completions", "count -5 is not within 1…1000"),
            (#""count":4"#, #""count":0"#, "completions", "count 0 is not within 1…1000"),
            (#""count":4"#, #""count":4611686018427387904"#, "completions", "count 4611686018427387904 is not within 1…1000"),
            (#""Run 5 km""#, #""Run\u001b5 km""#, "goals", "the title contains a control character (U+001B)"),
            (#""after a run""#, #""after\u001ba run""#, "weights", "U+001B"),
            (#""Vitamin D3""#, #""Vitamin\u0007D3""#, "settings", "the name contains a control character (U+0007)"),
          ])
    func refused(store: String, change: (old: String, new: String, collection: String, reason: String)) async throws {
        let archive = try Self.replacing(change.old, with: change.new, in: try await Self.source())
        let target = try Sandbox(store: store)
        let result = try await target.raw(["restore", "-", "--store", store, "--data-dir", target.data.path,
                                           "--now", Moment.start], input: archive)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(change.collection), "\(result)")
        #expect(result.stderr.contains(change.reason), "\(result)")
        #expect(!result.stderr.contains("Restored"), "\(result)")
        let moods = try await target.ok(["mood", "list", "--json"], now: Moment.start)
        #expect((try moods.json() as? [Any])?.isEmpty == true, "\(moods)")
    }

    @Test("tab, LF and CRLF in a note are text: restored whole into SQLite and JSON", arguments: persistentStores)
    func lineBreaksKept(store: String) async throws {
        let archive = try Self.replacing(#""note":"fine""#, with: #""note":"a\tb\r\nc\nd""#, in: try await Self.source())
        let target = try Sandbox(store: store)
        let restored = try await target.raw(["restore", "-", "--store", store, "--data-dir", target.data.path,
                                             "--now", Moment.start], input: archive)
        #expect(restored.status == 0, "\(restored)")
        let moods = try await target.ok(["mood", "list", "--json"], now: Moment.start)
        let notes = (try moods.json() as? [[String: Any]])?.compactMap { $0["note"] as? String }
        #expect(notes == ["a\tb\r\nc\nd"], "\(moods)")
    }
}
