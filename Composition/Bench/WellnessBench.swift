import Foundation
import WellnessComposition

/// `wellness-bench`: speed checks as ratios against a baseline measured in the same run, so
/// a shared, noisy machine gives comparable answers. Run it in release mode:
///
///     swift run -c release wellness-bench [--quick] [--check]
///
/// `--quick` uses a small data set (a smoke test); `--ci` the size CI runs (200,000 weigh-ins, a
/// 20 MB Health export), where only the gated targets (import, re-import, export, Health, deck)
/// are judged, at thresholds this machine's noise cannot trip; `--check` exits 1 when a target
/// (with `--ci`, a gated one) is missed;
/// `--only=KEY` runs one case (weight, export, health, backup, deck, hostile, load, login, online, sync: each
/// case's `key`).
@main
enum WellnessBench {
    static func main() async {
        ProcessMemory.limitArenas() // as `wellness` does
        let arguments = Set(CommandLine.arguments.dropFirst())
        let only = arguments.filter { $0.hasPrefix("--only=") }.map { String($0.dropFirst("--only=".count)) }
        let size: BenchSize = arguments.contains("--ci") ? .ci : arguments.contains("--quick") ? .quick : .full
        let all: [any BenchmarkCase] = [WeightImportBenchmark(size: size), WeightExportBenchmark(size: size),
                                        HealthImportBenchmark(size: size), BackupBenchmark(size: size),
                                        DeckBenchmark(size: size), HostileInputBenchmark(size: size),
                                        LoadBenchmark(size: size), LoginBenchmark(size: size), OnlineBenchmark(size: size),
                                        SyncBenchmark(size: size)]
        let keys = all.map(\.key)
        let unknown = arguments.subtracting(["--quick", "--ci", "--check"]).filter { !$0.hasPrefix("--only=") }
        guard unknown.isEmpty, only.allSatisfy(keys.contains), !(arguments.contains("--quick") && arguments.contains("--ci")) else {
            let wrong = unknown.union(only.filter { !keys.contains($0) }).sorted().joined(separator: ", ")
            FileHandle.standardError.write(Data("wellness-bench: unknown option \(wrong.isEmpty ? "--quick with --ci" : wrong); use --quick or --ci, --check, --only=\(keys.joined(separator: "|"))\n".utf8))
            exit(64)
        }
        #if DEBUG
        print("note: a debug build; run `swift run -c release wellness-bench` for meaningful numbers\n")
        #endif
        if size == .ci {
            print("CI size: the import, re-import, export, Health and deck targets gate (CI thresholds); the rest is reported\n")
        }
        let cases = all.filter { only.isEmpty || only.contains($0.key) }
        var missed = false
        for benchmark in cases {
            do {
                let report = try await benchmark.run()
                print(report.rendered)
                missed = missed || !report.metTarget(gatedOnly: size == .ci)
            } catch {
                FileHandle.standardError.write(Data("wellness-bench: \(benchmark.name) failed: \(error)\n".utf8))
                exit(1)
            }
        }
        if arguments.contains("--check") && missed { exit(1) }
    }
}

/// How much a run measures: `--quick`'s smoke test, `--ci`'s gate, or the full size the
/// README's figures are.
enum BenchSize: Sendable, Equatable {
    case quick, ci, full

    /// The value for this size.
    func pick<Value>(quick: Value, ci: Value, full: Value) -> Value {
        switch self {
        case .quick: quick
        case .ci: ci
        case .full: full
        }
    }

    /// Whether a case that has no size of its own for CI runs small (`--quick` and `--ci`).
    var isSmall: Bool { self != .full }
}

/// One benchmark: measures a subject and its baseline in the same run.
protocol BenchmarkCase: Sendable {
    /// A short name for `--only=KEY`.
    var key: String { get }
    var name: String { get }
    func run() async throws -> BenchmarkReport
}

/// What a benchmark found: its set-up, its measurements, and the targets it checks.
struct BenchmarkReport {
    /// A target and whether it was met; `gates` when CI's `--ci --check` judges it.
    struct Check {
        let text: String
        let met: Bool
        var gates = false
    }

    let name: String
    let lines: [String]
    let checks: [Check]

    init(name: String, lines: [String], checks: [Check]) {
        self.name = name
        self.lines = lines
        self.checks = checks
    }

    /// A subject timed against a baseline: the subject may take at most `targetRatio` times the
    /// first baseline.
    init(name: String, setup: [String], subject: Measurement, baselines: [Measurement], targetRatio: Double,
         gates: Bool = false) {
        let ratio = subject.median / baselines[0].median
        self.init(name: name, lines: setup + ([subject] + baselines).map(\.rendered),
                  checks: [Check(text: String(format: "ratio: %.2f× the baseline (target ≤ %.1f×)", ratio, targetRatio),
                                 met: ratio <= targetRatio, gates: gates)])
    }

    var metTarget: Bool { metTarget(gatedOnly: false) }

    /// Whether every target (every gated one, with `gatedOnly`) was met.
    func metTarget(gatedOnly: Bool) -> Bool { checks.allSatisfy { $0.met || (gatedOnly && !$0.gates) } }

    var rendered: String {
        (["== \(name)"] + lines.map { "   \($0)" }
            + checks.map { "   \($0.text): \($0.met ? "met" : "MISSED")\($0.gates ? " (gates CI)" : "")" })
            .joined(separator: "\n")
    }
}

/// Timings of one operation over several runs.
struct Measurement {
    let label: String
    let seconds: [Double]

    var median: Double { seconds.sorted()[seconds.count / 2] }

    var rendered: String {
        let sorted = seconds.sorted()
        return String(format: "%@: median %.3f ms (min %.3f, max %.3f, %d runs)", label, median * 1000,
                      sorted.first! * 1000, sorted.last! * 1000, seconds.count)
    }

    /// Runs `body` `runs` times after one warm-up run.
    static func measure(_ label: String, runs: Int, _ body: () async throws -> Void) async rethrows -> Measurement {
        try await body()
        var seconds: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let elapsed = try await clock.measure(body)
            seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return Measurement(label: label, seconds: seconds)
    }
}
