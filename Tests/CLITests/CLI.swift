#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import WellnessTestSupport

/// Runs the built `wellness` executable in a child process with a controlled environment.
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

    /// Runs `wellness arguments` with exactly `environment` (nothing inherited), standard
    /// input from /dev/null, and waits for it (killing it after `timeout` seconds).
    static func run(_ arguments: [String], env environment: [String: String], input: String? = nil,
                    timeout: TimeInterval = 60) async throws -> Result {
        let executable = try binary()
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result {
                    try runBlocking(executable, arguments, environment, input: input, timeout: timeout)
                })
            }
        }
    }

    private static func runBlocking(_ executable: URL, _ arguments: [String], _ environment: [String: String],
                                    input: String?, timeout: TimeInterval) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        try process.run()
        if let inputPipe, let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }

        // Drain stderr on another thread while this one drains stdout, so a child that fills
        // one pipe never blocks while we wait on the other.
        let errorData = DataBox()
        let group = DispatchGroup()
        group.enter()
        let errorHandle = errors.fileHandleForReading
        DispatchQueue.global().async {
            errorData.set(errorHandle.readDataToEndOfFile())
            group.leave()
        }
        let killed = TimeoutFlag()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if !killed.isFinished {
                killed.markTimedOut()
                kill(pid, SIGKILL)
            }
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        killed.markFinished()
        if killed.didTimeOut { throw Failure.timedOut(arguments) }
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorData.get(), as: UTF8.self))
    }
}

private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}

private final class TimeoutFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var timedOut = false
    var isFinished: Bool { lock.withLock { finished } }
    var didTimeOut: Bool { lock.withLock { timedOut } }
    func markFinished() { lock.withLock { finished = true } }
    func markTimedOut() { lock.withLock { timedOut = true } }
}

/// A fresh sandbox for the CLI: a temporary HOME, TMPDIR and data directory, a fixed time
/// zone, and no inherited `WELLNESS_*`, `XDG_*` or locale variables.
struct Sandbox {
    let root: TemporaryDirectory
    let home: URL
    let tmp: URL
    /// The data directory passed with `--data-dir` (created lazily by the binary).
    let data: URL
    let store: String

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

    /// The base environment: PATH, HOME, TMPDIR, TZ and an English, non-Dutch LANG.
    var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "TMPDIR": tmp.path,
            "TZ": "Europe/Amsterdam",
            "LANG": "C.UTF-8",
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

    /// Runs `wellness arguments` exactly as given, with `input` on stdin (else /dev/null).
    func raw(_ arguments: [String], extraEnv: [String: String] = [:], input: String? = nil) async throws -> CLI.Result {
        try await CLI.run(arguments, env: environment.merging(extraEnv) { $1 }, input: input)
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
