#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import WellnessTestSupport

/// Fixed moments and the bundled catalog, for the intervention and catch-up deck CLI tests.
/// Times without an offset are local wall-clock times in the sandbox's zone (Europe/Amsterdam,
/// UTC+1 in January).
enum DeckFixture {
    static let yesterday = "2026-01-05"
    static let today = "2026-01-06"
    /// Tuesday 6 January 2026, 10:00 in Amsterdam: yesterday's sections (morning ended 22 h
    /// ago, pre-bed 11 h ago) are due, none of today's has ended yet.
    static let tenAM = "2026-01-06T10:00"
    /// 23:30 in Amsterdam: no section is active.
    static let lateNight = "2026-01-06T23:30"
    /// The deck tests' stores were first run on 1 January 2026 (``Sandbox/started(at:)``).
    static let firstRun = "2026-01-01T08:00"

    /// The bundled catalog's ids, in catalog order.
    static let bundledIDs = [
        "charge_biofeedback", "hydration_morning", "morning_light", "protein_breakfast", "caffeine_delay",
        "exercise_timing", "hydration_target", "walk_after_lunch", "stress_reduction", "standing_breaks",
        "vegetables_dinner", "early_dinner", "social_connection", "screens_off", "mindfulness_prebed",
        "gratitude_journal", "bedroom_cool", "supplements_taken", "sleep_tracking", "checkup_appointment",
    ]

    /// The cards of one day of the bundled catalog, with the section each is carded in: oldest
    /// section first, then catalog order. Multi-section items sit in their latest section;
    /// anytime items and checklist/appointment/automatic types have no card.
    static let dayCards: [(id: String, section: String)] = [
        ("charge_biofeedback", "morning"), ("hydration_morning", "morning"), ("morning_light", "morning"),
        ("protein_breakfast", "morning"), ("caffeine_delay", "morning"),
        ("hydration_target", "afternoon"), ("walk_after_lunch", "afternoon"), ("stress_reduction", "afternoon"),
        ("standing_breaks", "afternoon"),
        ("exercise_timing", "evening"), ("vegetables_dinner", "evening"), ("early_dinner", "evening"),
        ("social_connection", "evening"),
        ("screens_off", "preBed"), ("mindfulness_prebed", "preBed"), ("gratitude_journal", "preBed"),
    ]

    /// `id@day` for each card of `dayCards` in `sections` (all by default), on `day`.
    static func keys(on day: String, sections: Set<String> = ["morning", "afternoon", "evening", "preBed"]) -> [String] {
        dayCards.filter { sections.contains($0.section) }.map { "\($0.id)@\(day)" }
    }

    /// Items of the bundled catalog with a morning section, in catalog order: the pending list
    /// during the morning.
    static let morningItems = ["charge_biofeedback", "hydration_morning", "morning_light", "protein_breakfast",
                               "caffeine_delay", "exercise_timing", "hydration_target", "standing_breaks"]

    static let cardKeys: Set<String> = ["interventionId", "day", "section", "label", "title", "description", "roi",
                                        "trackingType", "defaultCount", "healthHint"]
    static let summaryKeys: Set<String> = ["currentSection", "minutesRemaining", "pending", "allCaughtUp"]

    /// A small catalog: at `tenAM` its deck is exactly `smallDeck`, all from yesterday.
    static let smallCatalog = """
        [
          {"id": "stretch", "title": "Morning stretch", "description": "Five minutes of stretching.",
           "sections": ["morning"], "trackingType": "binary", "roi": "medium"},
          {"id": "water_glasses", "title": "Glasses of water", "sections": ["morning", "afternoon"],
           "trackingType": "counter", "roi": "high", "healthHint": "water"},
          {"id": "walk", "title": "Afternoon walk", "sections": ["afternoon"], "trackingType": "timer"},
          {"id": "call_friend", "title": "Call a friend", "sections": ["evening"], "trackingType": "binary", "roi": "high"},
          {"id": "read", "title": "Read a book", "sections": ["preBed"], "trackingType": "binary"},
          {"id": "vitamins", "title": "Vitamins", "sections": ["anytime"], "trackingType": "binary"},
          {"id": "dentist", "title": "Dentist", "sections": ["afternoon"], "trackingType": "appointment"}
        ]
        """
    static let smallIDs = ["stretch", "water_glasses", "walk", "call_friend", "read", "vitamins", "dentist"]
    static let smallDeck = ["stretch", "water_glasses", "walk", "call_friend", "read"].map { "\($0)@\(yesterday)" }

    /// Two morning items: the deck at `tenAM` is these two cards of yesterday.
    static let twoCardCatalog = """
        [
          {"id": "stretch", "title": "Morning stretch", "sections": ["morning"], "trackingType": "binary"},
          {"id": "water_glasses", "title": "Glasses of water", "sections": ["morning"], "trackingType": "counter"}
        ]
        """
}

extension Sandbox {
    /// Writes `contents` to `name` in the sandbox (outside the data directory).
    func write(_ name: String, _ contents: String) throws -> URL {
        let url = root.file(name)
        try Data(contents.utf8).write(to: url)
        return url
    }

    /// `deck --json [extra]` as an object.
    func deck(now: String, _ extra: [String] = [], extraEnv: [String: String] = [:],
              sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let result = try await ok(["deck", "--json"] + extra, now: now, extraEnv: extraEnv, sourceLocation: sourceLocation)
        return try #require(try result.json() as? [String: Any], "\(result)", sourceLocation: sourceLocation)
    }

    /// The cards of `deck --json`.
    func cards(now: String, _ extra: [String] = [], extraEnv: [String: String] = [:],
               sourceLocation: SourceLocation = #_sourceLocation) async throws -> [[String: Any]] {
        let deck = try await deck(now: now, extra, extraEnv: extraEnv, sourceLocation: sourceLocation)
        return try #require(deck["cards"] as? [[String: Any]], "\(deck)", sourceLocation: sourceLocation)
    }

    /// The cards of `deck --json` as `id@day`, in order.
    func cardKeys(now: String, _ extra: [String] = [], extraEnv: [String: String] = [:],
                  sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        try await cards(now: now, extra, extraEnv: extraEnv, sourceLocation: sourceLocation).map(cardKey)
    }

    /// The summary of `deck --json`.
    func deckSummary(now: String, _ extra: [String] = [],
                     sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let deck = try await deck(now: now, extra, sourceLocation: sourceLocation)
        return try #require(deck["summary"] as? [String: Any], "\(deck)", sourceLocation: sourceLocation)
    }

    /// `interventions history <id> --json`, split into its two lists.
    func history(_ id: String, now: String, _ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> (completions: [[String: Any]], decisions: [[String: Any]])
    {
        let result = try await ok(["interventions", "history", id, "--json"] + extra, now: now,
                                  sourceLocation: sourceLocation)
        let object = try #require(try result.json() as? [String: Any], "\(result)", sourceLocation: sourceLocation)
        #expect(Set(object.keys) == ["completions", "decisions"], "\(result)", sourceLocation: sourceLocation)
        let completions = try #require(object["completions"] as? [[String: Any]], "\(result)",
                                       sourceLocation: sourceLocation)
        let decisions = try #require(object["decisions"] as? [[String: Any]], "\(result)",
                                     sourceLocation: sourceLocation)
        for completion in completions {
            #expect(Set(completion.keys) == ["day", "timestamp", "count"], "\(completion)", sourceLocation: sourceLocation)
        }
        for decision in decisions {
            #expect(Set(decision.keys) == ["day", "status", "count"], "\(decision)", sourceLocation: sourceLocation)
        }
        return (completions, decisions)
    }
}

/// `interventionId@day` of a card object.
func cardKey(_ card: [String: Any]) -> String {
    "\(card["interventionId"] as? String ?? "?")@\(card["day"] as? String ?? "?")"
}

/// A JSON value re-serialised with sorted keys, to compare two documents whatever their layout.
func canonicalJSON(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
           as: UTF8.self)
}

/// A command running in a pseudo-terminal: a detached tmux session on a server of its own (a
/// socket in the sandbox), 120×40. The command's exit status and the terminal settings after
/// it (`stty -a`) are written to files in the sandbox; the pane then stays open until `close()`.
/// Each `tmux` call waits for its process on a Dispatch thread, never a cooperative one.
struct TerminalSession: Sendable {
    static let tmux = "/usr/bin/tmux"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: tmux) }

    enum Failure: Error, CustomStringConvertible {
        case tmux([String], String)
        case timedOut(String, screen: String)

        var description: String {
            switch self {
            case let .tmux(arguments, output): "tmux \(arguments.joined(separator: " ")) failed: \(output)"
            case let .timedOut(what, screen): "timed out waiting for \(what); the screen:\n\(screen)"
            }
        }
    }

    let socket: String
    let directory: URL
    let environment: [String: String]

    /// Starts `wellness arguments --store S --data-dir D --now now` in a new session. With
    /// `redirectOutput`, standard output and error go to files (`stdout.txt`, `stderr.txt`).
    init(_ sandbox: Sandbox, _ arguments: [String], now: String, redirectOutput: Bool = false) async throws {
        directory = sandbox.root.file("terminal")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = sandbox.root.file("tmux.sock").path
        environment = [
            "PATH": "/usr/bin:/bin",
            "HOME": sandbox.home.path,
            "TMPDIR": sandbox.tmp.path,
            "TERM": "xterm-256color",
            "SHELL": "/bin/sh",
            "LANG": "C.UTF-8",
        ]
        let binary = try CLI.binary().path
        let childEnvironment = sandbox.environment.merging(["TERM": "xterm-256color"]) { $1 }
        let full = arguments + ["--store", sandbox.store, "--data-dir", sandbox.data.path, "--now", now]
        var command = (["env", "-i"] + childEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + [binary] + full).map(Self.quoted).joined(separator: " ")
        if redirectOutput {
            command += " >" + Self.quoted(file("stdout.txt").path) + " 2>" + Self.quoted(file("stderr.txt").path)
        }
        let exitTemp = Self.quoted(file("exit.tmp").path)
        command += "; status=$?; stty -a >" + Self.quoted(file("stty.txt").path) + " 2>&1"
            + "; echo $status >" + exitTemp + "; mv " + exitTemp + " " + Self.quoted(file("exit.txt").path)
            + "; exec sleep 600"
        try await tmux(["new-session", "-d", "-s", "deck", "-x", "120", "-y", "40", command])
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// What the pane shows now.
    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p", "-t", "deck"])
    }

    /// Sends tmux key names (`d`, `+`, `Right`, `C-c`), one key per argument.
    func send(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", "deck"] + keys)
    }

    /// Sends `text` literally, in one write to the terminal (as fast typing or a paste does).
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", "deck", "-l", text])
    }

    /// Whether the terminal's cursor is visible.
    func cursorVisible() async throws -> Bool {
        try await tmux(["display-message", "-p", "-t", "deck", "#{cursor_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Polls the screen until `condition` holds; throws with the last screen after `timeout`
    /// (generous: the whole test run shares two cores, and a starved process draws late).
    @discardableResult
    func waitForScreen(_ what: String, timeout: TimeInterval = 90, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try await screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        // Once more: this task itself may have been starved past the deadline.
        last = try await screen()
        if condition(last) { return last }
        throw Failure.timedOut(what, screen: last)
    }

    /// Waits for the command to end and returns its exit status.
    func waitForExit(timeout: TimeInterval = 90) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: file("exit.txt"), encoding: .utf8),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure.timedOut("the command to exit", screen: (try? await screen()) ?? "")
    }

    /// The `stty -a` flags after the command ended (e.g. `icanon`, `-icanon`).
    func terminalFlags() throws -> Set<String> {
        let text = try String(contentsOf: file("stty.txt"), encoding: .utf8)
        return Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    }

    /// Ends the session and its server (and so the command, if it still runs). Synchronous, for
    /// a `defer`: one short wait at the end of a test.
    func close() {
        _ = try? Self.runTmux(["kill-server"], socket: socket, environment: environment, output: file("tmux-close.out"))
    }

    /// Runs `tmux -S socket -f /dev/null arguments` and returns its output. Spawned directly
    /// (posix_spawn, every other descriptor closed, output to a file) and reaped with waitpid:
    /// the server it may start must not inherit a pipe another test is reading, and no run
    /// loop is needed to notice the exit.
    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        let (socket, environment, output) = (socket, environment, file("tmux-\(UUID().uuidString).out"))
        return try await offTheCooperativePool {
            try Self.runTmux(arguments, socket: socket, environment: environment, output: output)
        }
    }

    /// `tmux(_:)` on the calling thread.
    private static func runTmux(_ arguments: [String], socket: String, environment: [String: String],
                                output: URL) throws -> String {
        defer { try? FileManager.default.removeItem(at: output) }
        let argv = [tmux, "-S", socket, "-f", "/dev/null"] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        let status = try spawnAndWait(argv, environment: envp, output: output.path, timeout: 60)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw Failure.tmux(arguments, "exit \(status): \(text)") }
        return text
    }

    /// Runs `argv` with `environment`, stdin from /dev/null and stdout and stderr to `output`;
    /// returns its exit status (killing it after `timeout` seconds).
    private static func spawnAndWait(_ argv: [String], environment: [String], output: String,
                                     timeout: TimeInterval) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        ChildProcess.closeOtherDescriptors(&actions)
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        // The calling thread blocks most signals; the child (and the tmux server it forks)
        // must start with none blocked and default handlers, or it never sees SIGCHLD/SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else {
            throw Failure.tmux(argv, "cannot start: \(String(cString: strerror(spawned)))")
        }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped == -1 && errno != EINTR { throw Failure.tmux(argv, "waitpid failed: errno \(errno)") }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw Failure.tmux(argv, "timed out")
            }
            usleep(5_000)
        }
        // WIFEXITED / WEXITSTATUS by hand (macros are not imported).
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// `text` quoted for `sh`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// The parts of a `deck swipe` screen, independent of the box's exact width and padding.
struct SwipeScreen {
    let text: String

    init(_ text: String) { self.text = text }

    private static func flattened(_ line: Substring) -> String {
        line.replacingOccurrences(of: "│", with: " ").split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")
    }

    /// The top card: the lines inside the box, whitespace collapsed, joined with newlines.
    var top: String {
        text.split(separator: "\n").filter { $0.hasPrefix("│") }.map(Self.flattened).joined(separator: "\n")
    }

    /// The cards stacked behind the top one, as `label — title`, front to back.
    var behind: [String] {
        text.split(separator: "\n")
            .filter { $0.drop { $0 == " " }.hasPrefix("└ ") }
            .map { String(Self.flattened($0).dropFirst(2)) }
    }
}
