import Foundation
import Testing
import WellnessTestSupport

/// Dates that write but do not read, exports that do not re-import, numbers that trap: what
/// the CLI refuses so that a store can always be read back (issue 14).
@Suite("CLI: one calendar, one range, bounded numbers")
struct DataRangeCLITests {
    static let allStores = persistentStores + ["memory"]

    @Test("a weigh-in at 9999-12-31T23:30 in New York (year 10000 in UTC) is refused naming the value; the store still reads",
          arguments: allStores)
    func yearTenThousand(store: String) async throws {
        let cli = try Sandbox(store: store)
        let newYork = ["TZ": "America/New_York"]
        let result = try await cli.run(["weight", "add", "71", "--at", "9999-12-31T23:30"], extraEnv: newYork)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("9999-12-31T23:30"), "\(result)")
        #expect(result.stderr.contains("--at") && result.stderr.contains("1 to 9999"), "\(result)")
        let list = try await cli.ok(["weight", "list", "--json"], extraEnv: newYork)
        #expect(try list.json() as? [Any] != nil, "\(list)")
    }

    @Test("WELLNESS_NOW at the end of year 9999 is refused naming it; a clock that works leaves every store readable",
          arguments: persistentStores)
    func clockAtTheEnd(store: String) async throws {
        let cli = try Sandbox(store: store)
        let late = try await cli.run(["summary"], extraEnv: ["WELLNESS_NOW": "9999-12-31T23:59:59Z"])
        #expect(late.status != 0, "\(late)")
        #expect(late.stderr.contains("WELLNESS_NOW") && late.stderr.contains("9999-12-31T23:59:59Z"), "\(late)")
        // A year before the end: ordinary commands write what the next run reads back.
        let now = "9998-12-30T12:00:00Z"
        for command in [["weight", "add", "70"], ["checkin", "--energy", "3", "--stress", "2", "--social", "4"],
                        ["journal", "note", "end of days"], ["supplements", "take", "Zinc"], ["mood", "log", "4"],
                        ["nudges", "list"], ["summary"]] {
            let result = try await cli.run(command, now: now)
            #expect(result.status == 0 || !result.stderr.contains("corrupt"), "\(command): \(result)")
        }
        for command in [["weight", "list"], ["checkin", "list"], ["journal", "list"], ["supplements", "list"], ["summary"]] {
            let result = try await cli.run(command, now: now)
            #expect(result.status == 0, "\(command): \(result)")
        }
    }

    @Test("a CSV row that is year 10000 in UTC is refused with its line; nothing is saved", arguments: persistentStores)
    func csvRowOutOfRange(store: String) async throws {
        let cli = try Sandbox(store: store)
        let path = try cli.file("late.csv", "date,weight_kg\n2026-01-01T08:00Z,70\n9999-12-31T23:59-14:00,71\n")
        let result = try await cli.run(["weight", "import", path], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("line 3"), "\(result)")
        #expect(result.stderr.contains("9999-12-31T23:59-14:00"), "\(result)")
        let list = try await cli.ok(["weight", "list", "--json"], now: Moment.start)
        #expect((try list.json() as? [Any])?.isEmpty == true, "\(list)")
    }

    @Test("0001-01-01 and 1500-06-01T08:00 list and export as themselves, and the export imports into a fresh store",
          arguments: persistentStores)
    func earlyDatesRoundTrip(store: String) async throws {
        let cli = try Sandbox(store: store)
        let utc = ["TZ": "UTC"]
        let path = try cli.file("old.csv", "date,weight_kg\n0001-01-01,70\n1500-06-01T08:00,71\n")
        try await cli.ok(["weight", "import", path], now: Moment.start, extraEnv: utc)
        let list = try await cli.ok(["weight", "list"], now: Moment.start, extraEnv: utc)
        #expect(list.stdout.contains("0001-01-01 12:00"), "\(list)")
        #expect(list.stdout.contains("1500-06-01 08:00"), "\(list)")
        let exported = cli.root.url.appendingPathComponent("export.csv").path
        try await cli.ok(["weight", "export", exported], now: Moment.start, extraEnv: utc)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.contains("0001-01-01T12:00:00Z,70"), "\(text)")
        #expect(text.contains("1500-06-01T08:00:00Z,71"), "\(text)")
        let fresh = try Sandbox(store: store)
        let again = try await fresh.ok(["weight", "import", exported, "--json"], now: Moment.start)
        #expect((try again.json() as? [String: Any])?["imported"] as? Int == 2, "\(again)")
    }

    @Test("a future weigh-in, check-in, mood, journal or supplement log is refused with one message", arguments: allStores)
    func future(store: String) async throws {
        let cli = try Sandbox(store: store)
        let tomorrow = "2026-01-06"
        for command in [["weight", "add", "70", "--at", "2026-01-05T10:30"],
                        ["checkin", "--energy", "3", "--stress", "2", "--social", "4", "--day", tomorrow],
                        ["mood", "log", "4", "--day", tomorrow], ["journal", "note", "later", "--day", tomorrow],
                        ["supplements", "take", "Zinc", "--day", tomorrow]] {
            let result = try await cli.run(command, now: Moment.start)
            #expect(result.status == 1, "\(command): \(result)")
            #expect(result.stderr.contains("is in the future"), "\(command): \(result)")
        }
    }

    @Test("--days past 36500 (or below 1) is a usage error naming the limit, never a crash or an empty answer",
          arguments: [["weight", "list"], ["weight", "chart"], ["checkin", "list"], ["journal", "list"], ["mood", "list"]],
          ["3000000", "9223372036854775807", "0"])
    func hugeDays(command: [String], days: String) async throws {
        let cli = try Sandbox(store: "sqlite")
        let out = command == ["weight", "chart"] ? ["--out", cli.root.url.appendingPathComponent("chart.svg").path] : []
        let result = try await cli.run(command + ["--days", days] + out, now: Moment.start)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("36500"), "\(result)")
        #expect(result.stderr.contains(days), "\(result)")
    }
}
