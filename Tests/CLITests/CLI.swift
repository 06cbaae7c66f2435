#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import WellnessCLI
import WellnessTestSupport

/// Runs the command line: in-process through ``WellnessCLI/run(arguments:environment:standardInput:standardOutput:standardError:workingDirectory:)``
/// (most tests), or the built `wellness` executable in a child process (the end-to-end tests:
/// several processes on one store, a real server, the terminal).
enum CLI {
    /// What one run of the binary produced.
    struct Result: Sendable, CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String

        var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }

        /// The standard output parsed as JSON (objects, arrays, `NSNull` for null).
        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
        }
    }

    enum Failure: Error, CustomStringConvertible {
        case binaryNotFound(searched: [String])
        case timedOut([String])

        var description: String {
            switch self {
            case .binaryNotFound(let searched):
                "cannot find the built `wellness` executable (set WELLNESS_BIN); searched: \(searched.joined(separator: ", "))"
            case .timedOut(let arguments):
                "wellness \(arguments.joined(separator: " ")) did not finish in time"
            }
        }
    }

    /// The `wellness` executable: `$WELLNESS_BIN`, else the first `wellness` found in the
    /// directory of the running test bundle or one of its parents (the build products directory).
    static func binary() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["WELLNESS_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var starts = [Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()]
        if let first = CommandLine.arguments.first {
            starts.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        var searched: [String] = []
        for start in starts.compactMap({ $0 }) {
            var directory = start.standardizedFileURL
            for _ in 0..<5 {
                let candidate = directory.appendingPathComponent("wellness")
                searched.append(candidate.path)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                   !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        throw Failure.binaryNotFound(searched: searched)
    }

    /// `WELLNESS_CLI_TESTS_SPAWN=1` runs every CLI test against the built binary, end to end.
    static let spawnEverything = ProcessInfo.processInfo.environment["WELLNESS_CLI_TESTS_SPAWN"] == "1"

    /// Runs `wellness arguments` in this process with exactly `environment` (nothing
    /// inherited) and `input` on standard input (else nothing, like /dev/null).
    static func run(_ arguments: [String], env environment: [String: String], input: String? = nil) async -> Result {
        let output = CLIOutput.memory(), errors = CLIOutput.memory()
        let status = await WellnessCLI.run(arguments: arguments, environment: environment,
                                           standardInput: .text(input ?? ""), standardOutput: output,
                                           standardError: errors)
        return Result(status: status, stdout: output.text, stderr: errors.text)
    }

    /// Runs the built `wellness arguments` in a child process with exactly `environment`
    /// (nothing inherited), standard input from `input` or /dev/null, and waits for it
    /// (killing it after `timeout` seconds).
    static func spawn(_ arguments: [String], env environment: [String: String], input: String? = nil,
                      timeout: TimeInterval = 60) async throws -> Result {
        let executable = try binary()
        return try await offTheCooperativePool {
            try runBlocking(executable, arguments, environment, input: input, timeout: timeout)
        }
    }

    /// Runs `executable` and waits for it, on the calling thread.
    static func runBlocking(_ executable: URL, _ arguments: [String], _ environment: [String: String],
                            input: String?, timeout: TimeInterval) throws -> Result {
        guard let finished = try ChildProcess.run(executable, arguments, environment: environment,
                                                  input: input, timeout: timeout) else {
            throw Failure.timedOut(arguments)
        }
        return Result(status: finished.status, stdout: finished.standardOutput, stderr: finished.standardError)
    }
}

/// A fresh sandbox for the CLI: a temporary HOME, TMPDIR and data directory, a fixed time
/// zone, and no inherited `WELLNESS_*`, `XDG_*` or locale variables.
struct Sandbox {
    let root: TemporaryDirectory
    let home: URL
    let tmp: URL
    /// The data directory passed with `--data-dir` (created lazily by the binary).
    let data: URL
    /// The store kind passed with `--store`.
    private(set) var store: String
    /// Whether commands run as child processes of the built binary instead of in-process.
    private(set) var spawns = false

    init(store: String = "sqlite") throws {
        root = try TemporaryDirectory(prefix: "wellness-cli")
        home = root.url.appendingPathComponent("home", isDirectory: true)
        tmp = root.url.appendingPathComponent("tmp", isDirectory: true)
        data = root.url.appendingPathComponent("data", isDirectory: true)
        self.store = store
        for directory in [home, tmp] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
    }

    /// The base environment: PATH, HOME, TMPDIR, TZ, an English, non-Dutch LANG, and a server
    /// answer waited for a minute (`WELLNESS_SERVER_TIMEOUT`): a test server on a starved 2-core
    /// machine running the suite in parallel can take longer than the default 5 s; the tests of
    /// the timeouts set their own.
    var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "TMPDIR": tmp.path,
            "TZ": "Europe/Amsterdam",
            "LANG": "C.UTF-8",
            "WELLNESS_SERVER_TIMEOUT": "60",
        ]
    }

    /// Runs `wellness arguments --store S --data-dir D [--now now]` (options after the
    /// subcommand, as the CLI expects them).
    func run(_ arguments: [String], now: String? = nil, extraEnv: [String: String] = [:]) async throws
        -> CLI.Result
    {
        var full = arguments + ["--store", store, "--data-dir", data.path]
        if let now { full += ["--now", now] }
        return try await raw(full, extraEnv: extraEnv)
    }

    /// This sandbox after its store's first run at `now` (a `modules list`): the deck cards
    /// nothing from before a store's first run, so deck tests start their store earlier.
    func started(at now: String = DeckFixture.firstRun) async throws -> Sandbox {
        let result = try await run(["modules", "list"], now: now)
        try #require(result.status == 0, "\(result)")
        return self
    }

    /// The same sandbox, running every command as a child process of the built binary: for
    /// the tests of several processes on one store.
    func spawning() -> Sandbox {
        var copy = self
        copy.spawns = true
        return copy
    }

    /// The same sandbox (home, data directory) with `--store store`: another kind of store in
    /// the same data directory.
    func using(store: String) -> Sandbox {
        var copy = self
        copy.store = store
        return copy
    }

    /// Runs `wellness arguments` exactly as given, with `input` on stdin (else nothing).
    func raw(_ arguments: [String], extraEnv: [String: String] = [:], input: String? = nil) async throws -> CLI.Result {
        let environment = self.environment.merging(extraEnv) { $1 }
        if spawns || CLI.spawnEverything { return try await CLI.spawn(arguments, env: environment, input: input) }
        return await CLI.run(arguments, env: environment, input: input)
    }

    /// Writes `bytes` to a file named `name` in the sandbox (beside, not in, the data
    /// directory) and returns its path.
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = root.url.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// ``file(_:_:)`` for UTF-8 text.
    func file(_ name: String, _ text: String) throws -> String {
        try file(name, Array(text.utf8))
    }

    /// Runs and requires exit status 0; returns the result.
    @discardableResult
    func ok(_ arguments: [String], now: String? = nil, extraEnv: [String: String] = [:],
            sourceLocation: SourceLocation = #_sourceLocation) async throws -> CLI.Result {
        let result = try await run(arguments, now: now, extraEnv: extraEnv)
        try #require(result.status == 0, "\(arguments.joined(separator: " ")): \(result)",
                     sourceLocation: sourceLocation)
        return result
    }

    /// `modules list --json` as an array of objects.
    func modules(now: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [[String: Any]] {
        let result = try await ok(["modules", "list", "--json"], now: now, sourceLocation: sourceLocation)
        return try #require(try result.json() as? [[String: Any]], "\(result)", sourceLocation: sourceLocation)
    }

    /// `nudges --json` as an array of objects.
    func nudges(now: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [[String: Any]] {
        let result = try await ok(["nudges", "--json"], now: now, sourceLocation: sourceLocation)
        return try #require(try result.json() as? [[String: Any]], "\(result)", sourceLocation: sourceLocation)
    }

    /// The ids of `nudges --json`, in order.
    func nudgeIDs(now: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        try await nudges(now: now, sourceLocation: sourceLocation).map { $0["id"] as? String ?? "?" }
    }

    /// The names of the enabled modules in `modules list --json`, in order.
    func enabledModules(now: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        try await modules(now: now, sourceLocation: sourceLocation)
            .filter { $0["enabled"] as? Bool == true }
            .map { $0["module"] as? String ?? "?" }
    }
}

/// Fixed instants (UTC) used across the CLI tests, and day arithmetic on them.
enum Moment {
    /// The first run: Monday 5 January 2026, 10:00 in Amsterdam.
    static let start = "2026-01-05T09:00:00Z"
    /// The same instant as `start`, as the stores write it.
    static let startStored = "2026-01-05T09:00:00.000Z"

    /// `start` plus `days` days (whole UTC days; Amsterdam has no DST change in this range
    /// for the offsets used here, and the CLI counts local calendar days anyway).
    static func after(days: Int, hour: Int = 9) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let base = calendar.date(from: DateComponents(year: 2026, month: 1, day: 5, hour: hour))!
        let date = calendar.date(byAdding: .day, value: days, to: base)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour], from: date)
        return String(format: "%04d-%02d-%02dT%02d:00:00Z", parts.year!, parts.month!, parts.day!, parts.hour!)
    }

    /// `after(days:)` as the stores write it (milliseconds).
    static func stored(days: Int, hour: Int = 9) -> String {
        after(days: days, hour: hour).replacingOccurrences(of: ":00Z", with: ":00.000Z")
    }
}

/// The seven modules in declaration order, and the defaults.
let allModules = ["medications", "walks", "socialization", "training", "feeding", "documents", "milestones"]
let defaultModules = ["medications", "walks", "feeding", "documents"]

/// The persistent stores every scenario runs against.
let persistentStores = ["sqlite", "json"]
