import Foundation
import Logging
import WellnessServerHost

/// What being logged in costs a command: each command the built `wellness` binary runs, timed in
/// a data directory that is logged out and in one logged in to a real server on loopback (SQLite,
/// in this process). A command that reaches the server may take at most 1.5× its logged-out time
/// (issue "The CLI tells the truth, fast"); both sides start a process, so the ratio is what the
/// round trips to the server add to a whole command as a person runs it.
struct OnlineBenchmark: BenchmarkCase {
    let size: BenchSize
    /// CI runs this case at the quick size, reported and not judged.
    var quick: Bool { size.isSmall }
    let key = "online"
    let name = "Logged in: each command within 1.5× its logged-out time, server on loopback"

    static let targetRatio = 1.5
    static let email = "online@example.org"
    static let password = "correct horse battery staple"

    /// The commands timed: the summary, reads that ask the server when logged in, and a check-in
    /// that is sent to it (replacing the day's, so every run does the same work).
    static let commands: [[String]] = [
        ["summary"], ["checkin", "list"], ["tier"], ["features"],
        ["checkin", "--energy", "3", "--stress", "2", "--social", "4", "--replace"],
    ]

    func run() async throws -> BenchmarkReport {
        guard let binary = LoadBenchmark.serverBinary() else {
            return BenchmarkReport(name: name, lines: ["skipped: no `wellness` binary beside this one (build it: swift build -c release --product wellness)"],
                                   checks: [])
        }
        let runs = quick ? 3 : 7
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-online-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var quiet = Logger(label: "wellness.bench.server")
        quiet.logLevel = .critical
        let host = try ServerHost(store: .sqlite, directory: root.appendingPathComponent("server"), bcryptCost: 10, logger: quiet)
        try await host.addAccount(email: Self.email, password: Self.password)
        let port = LoadBenchmark.PortBox()
        let serverTask = Task {
            try await host.serve(ServerConfiguration(port: 0), onRunning: { await port.set($0) })
        }
        defer { serverTask.cancel() }
        let server = "http://127.0.0.1:\(try await port.wait())"

        let loggedOut = Client(binary: binary, directory: root.appendingPathComponent("logged-out"))
        let loggedIn = Client(binary: binary, directory: root.appendingPathComponent("logged-in"))
        try await loggedIn.run(["login", "--server", server, "--email", Self.email], input: Self.password + "\n")

        var lines = ["\(runs) runs of each command after one warm-up, the `wellness` binary beside this one, SQLite on both sides"]
        var checks: [BenchmarkReport.Check] = []
        for command in Self.commands {
            let label = "wellness " + command.joined(separator: " ")
            let offline = try await Measurement.measure("logged out", runs: runs) { try await loggedOut.run(command) }
            let online = try await Measurement.measure("logged in", runs: runs) { try await loggedIn.run(command) }
            let ratio = online.median / offline.median
            lines += [label + ":", "  " + offline.rendered, "  " + online.rendered]
            checks.append(BenchmarkReport.Check(
                text: String(format: "%@: %.2f× logged out (target ≤ %.1f×)", label, ratio, Self.targetRatio),
                met: ratio <= Self.targetRatio))
        }
        serverTask.cancel()
        _ = try? await serverTask.value
        return BenchmarkReport(name: name, lines: lines, checks: checks)
    }

    /// The `wellness` binary run on one data directory.
    struct Client {
        let binary: URL
        let directory: URL

        /// Runs `wellness ARGUMENTS` with `input` on its standard input, waiting off Swift's
        /// cooperative pool (the server in this process needs it); throws when it does not exit 0
        /// within 60 s.
        func run(_ arguments: [String], input: String = "") async throws {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["WELLNESS_DATA_DIR"] = directory.path
            environment["WELLNESS_STORE"] = "sqlite"
            environment["WELLNESS_LOG_LEVEL"] = "error"
            process.environment = environment
            let stdin = Pipe()
            let stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = FileHandle.nullDevice
            process.standardError = stderr
            let ended = AsyncStream<Int32> { continuation in
                process.terminationHandler = { continuation.yield($0.terminationStatus); continuation.finish() }
            }
            try process.run()
            let watchdog = Task {
                try await Task.sleep(for: .seconds(60))
                process.terminate()
            }
            defer { watchdog.cancel() }
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
            var status: Int32?
            for await code in ended { status = code }
            let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            guard process.terminationReason == .exit else { throw OnlineError.timedOut(arguments) }
            guard status == 0 else { throw OnlineError.failed(arguments, status: status ?? -1, message: message) }
        }
    }

    enum OnlineError: Error, CustomStringConvertible {
        case timedOut([String])
        case failed([String], status: Int32, message: String)

        var description: String {
            switch self {
            case .timedOut(let arguments): "wellness \(arguments.joined(separator: " ")) did not finish within 60 s"
            case let .failed(arguments, status, message):
                "wellness \(arguments.joined(separator: " ")) exited \(status): \(message)"
            }
        }
    }
}
