import Foundation
import Testing
import WellnessTestSupport

/// Helpers shared by the journal, supplements and exercises CLI tests.

/// The 19 journal tags, in declaration order (as `journal tags` lists them).
let allJournalTags = [
    "coffee", "alcohol", "caffeine", "lateEating", "stress", "exercise", "meditation", "goodSleep", "poorSleep",
    "illness", "travel", "work", "social", "supplements", "hydration", "mood", "energy", "focus", "recovery",
]

/// The legacy booleans of a journal and the tag each mirrors.
let legacyFlags = [
    ("consumedAlcohol", "alcohol"), ("caffeineAfter2PM", "caffeine"), ("ateLate", "lateEating"),
    ("highStress", "stress"), ("exercised", "exercise"),
]

/// The default supplement stack, in display order (morning first, by sort order).
let defaultSupplements = ["Vitamin D3", "Omega-3 fish oil", "Vitamin B12", "Creatine monohydrate",
                          "Magnesium glycinate", "Zinc"]

/// The 13 muscle groups, in declaration order.
let allMuscleGroups = ["chest", "back", "shoulders", "biceps", "triceps", "forearms", "core", "quads", "hamstrings",
                       "glutes", "calves", "fullBody", "cardio"]

/// `YYYY-MM-DD` plus `days` calendar days.
func localDay(_ text: String, plus days: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = text.split(separator: "-").compactMap { Int($0) }
    let base = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))!
    let date = calendar.date(byAdding: .day, value: days, to: base)!
    let out = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", out.year!, out.month!, out.day!)
}

/// Whether two rates agree to well within rounding.
func same(_ a: Double?, _ b: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) < 1e-9
}

extension Sandbox {
    /// Runs every argument list in its own process, at most `limit` at a time (all at once
    /// when `limit` is at least the count), and returns the results in the order given.
    func runAll(_ runs: [[String]], now: String, limit: Int = 8) async throws -> [CLI.Result] {
        try await withThrowingTaskGroup(of: (Int, CLI.Result).self) { group in
            var results = [CLI.Result?](repeating: nil, count: runs.count)
            var next = 0
            while next < min(max(limit, 1), runs.count) {
                let index = next
                group.addTask { (index, try await self.run(runs[index], now: now)) }
                next += 1
            }
            while let (index, result) = try await group.next() {
                results[index] = result
                if next < runs.count {
                    let index = next
                    group.addTask { (index, try await self.run(runs[index], now: now)) }
                    next += 1
                }
            }
            return results.compactMap { $0 }
        }
    }

    /// `journal show [--day D] --json` as an object.
    func journal(day: String? = nil, now: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [String: Any]
    {
        let result = try await ok(["journal", "show", "--json"] + (day.map { ["--day", $0] } ?? []), now: now,
                                  sourceLocation: sourceLocation)
        return try #require(try result.json() as? [String: Any], "\(result)", sourceLocation: sourceLocation)
    }

    /// `journal list [--days N] --json` as an array of objects.
    func journals(days: Int? = nil, now: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [[String: Any]]
    {
        let result = try await ok(["journal", "list", "--json"] + (days.map { ["--days", "\($0)"] } ?? []), now: now,
                                  sourceLocation: sourceLocation)
        return try #require(try result.json() as? [[String: Any]], "\(result)", sourceLocation: sourceLocation)
    }

    /// `supplements list [--day D] --json` as an array of objects.
    func supplements(day: String? = nil, now: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [[String: Any]]
    {
        let result = try await ok(["supplements", "list", "--json"] + (day.map { ["--day", $0] } ?? []), now: now,
                                  sourceLocation: sourceLocation)
        return try #require(try result.json() as? [[String: Any]], "\(result)", sourceLocation: sourceLocation)
    }

    /// The names of the supplements taken on a day, in display order.
    func taken(day: String? = nil, now: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [String]
    {
        try await supplements(day: day, now: now, sourceLocation: sourceLocation)
            .filter { $0["taken"] as? Bool == true }
            .map { $0["name"] as? String ?? "?" }
    }

    /// `exercises <arguments> --json` as an array of objects.
    func exercises(_ arguments: [String], now: String = Moment.start,
                   sourceLocation: SourceLocation = #_sourceLocation) async throws -> [[String: Any]] {
        let result = try await ok(["exercises"] + arguments + ["--json"], now: now, sourceLocation: sourceLocation)
        return try #require(try result.json() as? [[String: Any]], "\(result)", sourceLocation: sourceLocation)
    }

    /// The SQLite store's file.
    var sqliteFile: URL { data.appendingPathComponent("wellness.sqlite") }
}

/// The `sqlite3` shell, when installed, to look inside (or plant legacy rows in) a SQLite store
/// after every `wellness` process has exited.
enum SQLiteShell {
    static let path = "/usr/bin/sqlite3"

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `sql` on `database` and returns its trimmed standard output.
    @discardableResult
    static func run(_ database: URL, _ sql: String) throws -> String {
        let result = try CLI.runBlocking(URL(fileURLWithPath: path), ["-batch", "-bail", database.path, sql],
                                         ProcessInfo.processInfo.environment, input: nil, timeout: 60)
        guard result.status == 0 else {
            throw Failure(description: "sqlite3 \(sql): exit \(result.status): \(result.stderr)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
