import Foundation

/// `wellness-bench`: speed checks as ratios against a baseline measured in the same run, so
/// a shared, noisy machine gives comparable answers. Run it in release mode:
///
///     swift run -c release wellness-bench [--quick] [--check]
///
/// `--quick` uses a small data set (a smoke test); `--check` exits 1 when a ratio misses its
/// target.
@main
enum WellnessBench {
    static func main() async {
        let arguments = Set(CommandLine.arguments.dropFirst())
        let unknown = arguments.subtracting(["--quick", "--check"])
        guard unknown.isEmpty else {
            FileHandle.standardError.write(Data("wellness-bench: unknown option \(unknown.sorted().joined(separator: ", ")); use --quick, --check\n".utf8))
            exit(64)
        }
        #if DEBUG
        print("note: a debug build; run `swift run -c release wellness-bench` for meaningful numbers\n")
        #endif
        let cases: [any BenchmarkCase] = [DeckBenchmark(quick: arguments.contains("--quick"))]
        var missed = false
        for benchmark in cases {
            do {
                let report = try await benchmark.run()
                print(report.rendered)
                missed = missed || !report.metTarget
            } catch {
                FileHandle.standardError.write(Data("wellness-bench: \(benchmark.name) failed: \(error)\n".utf8))
                exit(1)
            }
        }
        if arguments.contains("--check") && missed { exit(1) }
    }
}

/// One benchmark: measures a subject and its baseline in the same run.
protocol BenchmarkCase {
    var name: String { get }
    func run() async throws -> BenchmarkReport
}

/// What a benchmark found.
struct BenchmarkReport {
    let name: String
    let setup: [String]
    let subject: Measurement
    let baselines: [Measurement]
    /// The subject may take at most this many times the first baseline.
    let targetRatio: Double

    var ratio: Double { subject.median / baselines[0].median }
    var metTarget: Bool { ratio <= targetRatio }

    var rendered: String {
        var lines = ["== \(name)"] + setup.map { "   \($0)" }
        for measurement in [subject] + baselines {
            lines.append("   " + measurement.rendered)
        }
        lines.append(String(format: "   ratio: %.2f× the baseline (target ≤ %.0f×): %@", ratio, targetRatio,
                            metTarget ? "met" : "MISSED"))
        return lines.joined(separator: "\n")
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
