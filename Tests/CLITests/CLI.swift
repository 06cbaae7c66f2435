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
        let child = try ChildProcess(executable, arguments, environment: environment, input: input)
        // Drain stderr on another thread while this one drains stdout, so a child that fills
        // one pipe never blocks while we wait on the other.
        let errorData = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.set(child.readAll(child.standardError))
            group.leave()
        }
        let killed = TimeoutFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if !killed.isFinished {
                killed.markTimedOut()
                child.signal(SIGKILL)
            }
        }
        let outputData = child.readAll(child.standardOutput)
        group.wait()
        let status = child.wait()
        killed.markFinished()
        if killed.didTimeOut { throw Failure.timedOut(arguments) }
        return Result(status: status,
                      stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorData.get(), as: UTF8.self))
    }
}

/// A child process started with `posix_spawn`, its stdout and stderr on pipes and its stdin
/// from `input` (or /dev/null).
///
/// Not Foundation's `Process`: on Linux its `run()` crashes (a bad memcpy) once the test
/// process holds more than about a thousand file descriptors, which the parallel store and
/// server suites reach. Every descriptor made here is close-on-exec, so children inherit only
/// their three standard streams.
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    /// Read ends of the child's stdout and stderr (closed by `readAll`).
    let standardOutput: Int32
    let standardError: Int32

    enum SpawnError: Error, CustomStringConvertible {
        case failed(String, Int32)
        var description: String {
            switch self {
            case let .failed(what, code): "\(what) failed: \(String(cString: strerror(code)))"
            }
        }
    }

    init(_ executable: URL, _ arguments: [String], environment: [String: String], input: String?) throws {
        func pipePair() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw SpawnError.failed("pipe", errno) }
            // Close-on-exec (the window before it is set only matters to a concurrent fork,
            // and every spawn here dup2s what the child needs).
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            return (fds[0], fds[1])
        }
        let output = try pipePair(), errors = try pipePair()
        let inputPipe = try input.map { _ in try pipePair() }
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { if null >= 0 { close(null) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe?.read ?? null, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        close(output.write)
        close(errors.write)
        if let inputPipe { close(inputPipe.read) }
        guard code == 0 else {
            close(output.read)
            close(errors.read)
            if let inputPipe { close(inputPipe.write) }
            throw SpawnError.failed("posix_spawn \(executable.path)", code)
        }
        self.pid = pid
        standardOutput = output.read
        standardError = errors.read
        if let inputPipe, let input {
            // Small inputs (a password line) fit in the pipe's buffer: write, then close for EOF.
            let bytes = Array(input.utf8)
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(inputPipe.write, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                written += count
            }
            close(inputPipe.write)
        }
    }

    /// Everything until end of file on `fd`, which is then closed.
    func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        close(fd)
        return data
    }

    /// Reads from `fd` until `done` says the text so far is enough, end of file, or the
    /// deadline; the descriptor stays open.
    func collect(_ fd: Int32, until done: (String) -> Bool, deadline: Date) -> String {
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(text), Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return text
    }

    func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Waits for the child; its exit status, or 128 + the signal that ended it.
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
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
