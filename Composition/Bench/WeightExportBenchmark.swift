import Foundation
import WellnessComposition

/// Exports 1,000,000 weigh-ins from a SQLite store to a CSV file the way `wellness weight
/// export FILE` does (``Wellness/Weight/exportCSV(chunkSize:write:)`` into an
/// ``AtomicFileWriter``, committed). Baseline: the `sqlite3` command-line tool writing the same
/// rows of the same table in the same order with `-csv` to a file (the local date-time as text,
/// the weight, the note), timed in the same run.
struct WeightExportBenchmark: BenchmarkCase {
    let size: BenchSize
    let key = "export"
    var name: String { "weight CSV export of \(rowCount.formatted()) rows from SQLite" }
    var rowCount: Int { size.pick(quick: 20_000, ci: 200_000, full: 1_000_000) }
    var quick: Bool { size == .quick }

    var target: Double { size.pick(quick: 1.5, ci: 1.0, full: 1.5) }

    /// The baseline's query: our export's columns and order, the instant as local time text.
    static let baselineQuery = """
        SELECT strftime('%Y-%m-%dT%H:%M:%f', atMs / 1000.0, 'unixepoch', 'localtime'), kilograms, note
        FROM weightEntry ORDER BY minute, atMs, id
        """

    func run() async throws -> BenchmarkReport {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sqlite3 = try WeightImportBenchmark.sqlite3()
        let calendar = WeightImportBenchmark.calendar
        let now = WeightImportBenchmark.now(in: calendar)

        // The store: the weight import case's file, imported.
        let csv = directory.appendingPathComponent("weights.csv")
        _ = try WeightImportBenchmark.writeFile(csv, rows: rowCount, calendar: calendar)
        let store = directory.appendingPathComponent("store", isDirectory: true)
        let wellness = try Wellness(repositories: .sqlite(in: store), clock: FixedWallClock(now), calendar: calendar)
        let report = try await wellness.weight.importCSV(try FileByteSource(path: csv.path))
        guard report.imported == rowCount else { throw BenchmarkError("imported \(report.imported) of \(rowCount) rows") }
        let database = store.appendingPathComponent("wellness.sqlite")

        // Alternating, so both see the same machine.
        let runs = quick ? 1 : 3
        var ours: [Double] = [], baseline: [Double] = []
        var oursCPU: [Double] = [], baselineCPU: [Double] = []
        var exportedBytes = 0, baselineBytes = 0
        for run in 0..<runs {
            let theirs = directory.appendingPathComponent("baseline-\(run).csv")
            let childrenCPU = cpuSeconds(children: true)
            baseline.append(try WeightImportBenchmark.time {
                try Self.runSQLite(sqlite3, database: database, output: theirs)
            })
            baselineCPU.append(cpuSeconds(children: true) - childrenCPU)
            baselineBytes = try Self.checkLines(theirs, expected: rowCount, what: "sqlite3 -csv")
            try FileManager.default.removeItem(at: theirs)

            let file = directory.appendingPathComponent("export-\(run).csv")
            var exported = 0
            let ownCPU = cpuSeconds()
            ours.append(try await WeightImportBenchmark.time {
                let writer = try AtomicFileWriter(path: file.path)
                exported = try await wellness.weight.exportCSV { try writer.write($0) }
                try writer.commit()
            })
            oursCPU.append(cpuSeconds() - ownCPU)
            guard exported == rowCount else { throw BenchmarkError("exported \(exported) of \(rowCount) rows") }
            exportedBytes = try Self.checkLines(file, expected: rowCount + 1, what: "the export")
            try FileManager.default.removeItem(at: file)
        }

        let ratio = median(ours) / median(baseline)
        func ms(_ seconds: [Double]) -> String {
            String(format: "median %.0f ms (%@)", median(seconds) * 1000,
                   seconds.map { String(format: "%.0f", $0 * 1000) }.joined(separator: ", "))
        }
        return BenchmarkReport(
            name: name,
            lines: [String(format: "export: %.1f MB (date,weight_kg,note in %@, as `wellness weight export FILE` writes it)",
                           Double(exportedBytes) / 1_000_000, calendar.timeZone.identifier),
                    String(format: "baseline: sqlite3 -csv of the same rows and order (local time, weight, note) to a file, %.1f MB: %@",
                           Double(baselineBytes) / 1_000_000, ms(baseline)),
                    "export: \(ms(ours))",
                    String(format: "CPU time: sqlite3 median %.0f ms, the export (all of this process) median %.0f ms",
                           median(baselineCPU) * 1000, median(oursCPU) * 1000)],
            checks: [.init(text: String(format: "export: %.2f× the baseline (target ≤ %.1f×)", ratio, target),
                           met: ratio <= target, gates: size == .ci)])
    }

    /// `sqlite3 -csv DATABASE QUERY > output`, in the time zone of the export.
    static func runSQLite(_ sqlite3: String, database: URL, output: URL) throws {
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        try WeightImportBenchmark.runProcess(sqlite3, ["-csv", "-readonly", database.path, baselineQuery],
                                             environment: ["TZ": WeightImportBenchmark.calendar.timeZone.identifier],
                                             output: handle)
    }

    /// The size of `file` after checking that it holds `expected` lines (no note in the
    /// benchmark's data has a line break).
    static func checkLines(_ file: URL, expected: Int, what: String) throws -> Int {
        let data = try Data(contentsOf: file)
        let lines = data.withUnsafeBytes { bytes in bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
        guard lines == expected else { throw BenchmarkError("\(what) wrote \(lines) lines, not \(expected)") }
        return data.count
    }
}

private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// CPU seconds (user and system) used so far by this process, or by its children that have ended.
func cpuSeconds(children: Bool = false) -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue, &usage)
    #else
    getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
