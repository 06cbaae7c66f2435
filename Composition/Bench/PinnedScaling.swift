import Foundation

/// The load case's per-core scaling run: each `wellness serve` process held to a core of its own
/// with `taskset` (Linux), one process on one core against two processes on two cores, on
/// PostgreSQL. Unpinned, one process already keeps a 2-core machine busy, so "two processes
/// against one" says nothing about scale-out there; pinned, it compares one core's worth of
/// server with two. The goal (two ≥ 1.6× one) is judged only with at least 4 cores, where the
/// servers' two cores are kept free of the load generator (this process) and, by the scheduler's
/// choice alone, of PostgreSQL, which the benchmark does not start; with fewer it is reported.
/// The choices and the wording are pure, so the tests check them without a server.
struct PinnedScaling: Equatable, Sendable {
    /// The core of the one-process run's server.
    let one: Int
    /// The cores of the two-process run's servers, one each.
    let two: [Int]
    /// The cores left for the load generator (empty: no core to spare, everything shares them).
    let others: [Int]
    /// The cores the machine has.
    let coreCount: Int

    static let goal = 1.6
    /// Two cores for the servers and two for PostgreSQL and the load generator.
    static let coresForGoal = 4

    /// Whether the goal judges this machine's figure.
    var judged: Bool { coreCount >= Self.coresForGoal }

    /// What the run does on a machine, or why it is skipped (never a failure).
    enum Plan: Equatable, Sendable {
        case run(PinnedScaling)
        case skipped(String)
    }

    /// The plan for `coreCount` cores (numbered from 0, as `activeProcessorCount` counts them),
    /// on Linux or not, with or without `taskset`: the servers take the last two cores, the load
    /// generator the rest; with 2 cores the servers take both and everything shares them.
    static func plan(coreCount: Int, linux: Bool, hasTaskset: Bool) -> Plan {
        guard linux else { return .skipped("\(label): skipped, taskset is Linux only") }
        guard hasTaskset else {
            return .skipped("\(label): skipped, taskset is not installed (util-linux); not a failure")
        }
        guard coreCount >= 2 else {
            return .skipped("\(label): skipped, it needs 2 cores (this machine has \(coreCount))")
        }
        let first = coreCount >= 3 ? coreCount - 2 : 0
        return .run(PinnedScaling(one: first, two: [first, first + 1], others: Array(0..<first), coreCount: coreCount))
    }

    static let label = "PostgreSQL pinned with taskset (a core per process)"

    /// Where everything runs, for the report.
    var setup: String {
        let servers = "\(Self.label): 1 process on core \(one) against 2 on cores \(two[0]) and \(two[1])"
        guard !others.isEmpty else {
            return servers + "; the load generator and PostgreSQL share them (no core to spare)"
        }
        return servers + "; the load generator on \(Self.cores(others)), PostgreSQL not pinned (the benchmark does not start it)"
    }

    /// The per-core scaling figure: a line when it is reported only, a check when the goal judges it.
    func scaling(_ ratios: PairedRatios) -> (line: String?, check: BenchmarkReport.Check?) {
        let figure = "per-core scaling, pinned: 2 processes on 2 cores, throughput of 1 on 1: "
            + ratios.text { String(format: "%.2f×", $0) }
        guard judged else {
            return (figure + "; pinned, \(coreCount) cores: reported, not judged (needs \(Self.coresForGoal) cores for "
                        + String(format: "the goal of ≥ %.1f×)", Self.goal), nil)
        }
        return (nil, BenchmarkReport.Check(text: figure + String(format: " (pinned, %d cores: target ≥ %.1f×)", coreCount, Self.goal),
                                           met: ratios.median >= Self.goal))
    }

    /// `core 0`, `cores 0 and 1`, `cores 0–5`.
    static func cores(_ cores: [Int]) -> String {
        switch cores.count {
        case 0: "no core"
        case 1: "core \(cores[0])"
        case 2: "cores \(cores[0]) and \(cores[1])"
        default: "cores \(cores[0])–\(cores[cores.count - 1])"
        }
    }

    /// `taskset`'s list syntax: `0,1,2`.
    static func list(_ cores: [Int]) -> String { cores.map(String.init).joined(separator: ",") }

    /// `taskset` on the PATH (`nil` when missing).
    static func taskset(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("taskset")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The cores this process may run on now (`/proc/self/status`'s list), to restore after the run.
    static func currentAffinity() -> String? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed_list:") {
            return line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// Sets the affinity of every thread of this process (`taskset -a -p -c LIST PID`); false
    /// when taskset refused.
    @discardableResult
    static func pinThisProcess(to list: String, taskset: URL) -> Bool {
        let process = Process()
        process.executableURL = taskset
        process.arguments = ["-a", "-p", "-c", list, String(ProcessInfo.processInfo.processIdentifier)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
