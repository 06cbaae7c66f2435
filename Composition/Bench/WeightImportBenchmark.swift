import Foundation
import WellnessComposition

/// Imports a large weight CSV into a fresh SQLite store. Baseline: the `sqlite3` command-line
/// tool's own `.import` of the same file into a plain three-column table, timed in the same run.
///
/// Also times re-importing the same file (every row a duplicate), exporting, and parsing alone
/// (MB/s), and reports the peak memory of the import, re-import and export.
struct WeightImportBenchmark: BenchmarkCase {
    let size: BenchSize
    let key = "weight"
    var name: String { "weight CSV import of \(rowCount.formatted()) rows into SQLite" }
    var rowCount: Int { size.pick(quick: 20_000, ci: 200_000, full: 1_000_000) }

    /// The goals are 1.1× and 0.5×; CI's thresholds sit where this machine's noise cannot trip them.
    var importTarget: Double { size.pick(quick: 1.6, ci: 1.6, full: 1.25) }
    var reimportTarget: Double { size.pick(quick: 1.3, ci: 1.3, full: 0.87) }
    static let parseTargetMBps = 100.0
    static let memoryTargetMB = 100.0

    func run() async throws -> BenchmarkReport {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sqlite3 = try Self.sqlite3()
        let calendar = Self.calendar
        let now = Self.now(in: calendar)
        let csv = directory.appendingPathComponent("weights.csv")
        let fileSize = try Self.writeFile(csv, rows: rowCount, calendar: calendar)
        let megabytes = Double(fileSize) / 1_000_000
        let runs = size.pick(quick: 1, ci: 3, full: 3)

        // Import into a fresh store, alternating with the baseline so both see the same machine.
        var ours: [Double] = [], baseline: [Double] = [], reimport: [Double] = []
        var lastStore: URL?
        try resetPeakMemory()
        for run in 0..<runs {
            let database = directory.appendingPathComponent("baseline-\(run).sqlite")
            baseline.append(try Self.time {
                try Self.runProcess(sqlite3, [database.path, "-cmd", "CREATE TABLE w(date TEXT, weight_kg REAL, note TEXT)",
                                              ".import --csv --skip 1 \(csv.path) w"])
            })
            try? FileManager.default.removeItem(at: database)
            let store = directory.appendingPathComponent("store-\(run)", isDirectory: true)
            let wellness = try Wellness(repositories: .sqlite(in: store), clock: FixedWallClock(now), calendar: calendar)
            var report: WeightImportReport?
            ours.append(try await Self.time {
                report = try await wellness.weight.importCSV(try FileByteSource(path: csv.path))
            })
            guard report?.imported == rowCount else {
                throw BenchmarkError("imported \(report?.imported ?? 0) of \(rowCount) rows")
            }
            if let lastStore { try? FileManager.default.removeItem(at: lastStore) }
            lastStore = store
        }
        let wellness = try Wellness(repositories: .sqlite(in: lastStore!), clock: FixedWallClock(now), calendar: calendar)
        for _ in 0..<runs {
            var report: WeightImportReport?
            reimport.append(try await Self.time {
                report = try await wellness.weight.importCSV(try FileByteSource(path: csv.path))
            })
            guard report?.imported == 0, report?.duplicates == rowCount else {
                throw BenchmarkError("re-import saw \(report?.duplicates ?? 0) duplicates of \(rowCount) rows")
            }
        }
        let exported = directory.appendingPathComponent("export.csv")
        _ = FileManager.default.createFile(atPath: exported.path, contents: nil)
        let output = try FileHandle(forWritingTo: exported)
        var exportedRows = 0
        let export = try await Self.time {
            exportedRows = try await wellness.weight.exportCSV { try output.write(contentsOf: $0) }
        }
        try output.close()
        guard exportedRows == rowCount else { throw BenchmarkError("exported \(exportedRows) of \(rowCount) rows") }
        let peakMB = peakMemoryMB()

        // Parsing alone, from memory.
        let bytes = try [UInt8](Data(contentsOf: csv))
        var parse: [Double] = []
        for _ in 0..<runs {
            var rows = 0
            parse.append(try Self.time { rows = try Self.parse(bytes, calendar: calendar) })
            guard rows == rowCount else { throw BenchmarkError("parsed \(rows) of \(rowCount) rows") }
        }

        let importRatio = median(ours) / median(baseline)
        let reimportRatio = median(reimport) / median(baseline)
        let throughput = megabytes / median(parse)
        func ms(_ seconds: [Double]) -> String {
            String(format: "median %.0f ms (%@)", median(seconds) * 1000,
                   seconds.map { String(format: "%.0f", $0 * 1000) }.joined(separator: ", "))
        }
        return BenchmarkReport(
            name: name,
            lines: [String(format: "file: %.1f MB, %d rows (date,weight_kg,note; offsets; some quoted notes)", megabytes, rowCount),
                    "baseline: sqlite3 .import into a plain table: \(ms(baseline))",
                    "import into a fresh store: \(ms(ours))",
                    "re-import of the same file (all duplicates): \(ms(reimport))",
                    String(format: "export: %.0f ms", export * 1000),
                    String(format: "parse only: %.0f MB/s (%@)", throughput, ms(parse)),
                    String(format: "peak memory (import, re-import, export): %.1f MB", peakMB)],
            checks: [
                .init(text: String(format: "import: %.2f× the baseline (target ≤ %.2f×)", importRatio, importTarget),
                      met: importRatio <= importTarget, gates: size == .ci),
                .init(text: String(format: "re-import: %.2f× the baseline (target ≤ %.2f×)", reimportRatio, reimportTarget),
                      met: reimportRatio <= reimportTarget, gates: size == .ci),
                .init(text: String(format: "parsing: %.0f MB/s (target ≥ %.0f MB/s)", throughput, Self.parseTargetMBps),
                      met: throughput >= Self.parseTargetMBps),
                .init(text: String(format: "peak memory: %.1f MB (target < %.0f MB)", peakMB, Self.memoryTargetMB),
                      met: peakMB < Self.memoryTargetMB),
            ])
    }

    /// Reads and decodes every row (what an import does before the store).
    static func parse(_ bytes: [UInt8], calendar: Calendar) throws -> Int {
        var reader = CSVReader()
        var layout: WeightCSVLayout?
        var dates = WeightDateReader(calendar: calendar)
        var rows = 0
        func handle(_ record: borrowing CSVRecord) throws {
            guard let layout else {
                layout = try WeightCSVLayout(header: record, delimiter: record.delimiter)
                return
            }
            _ = try layout.decode(record, dates: &dates)
            rows += 1
        }
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + (1 << 18))
            try reader.consume(bytes[offset..<end], handle)
            offset = end
        }
        try reader.finish(handle)
        return rows
    }

    /// Our own format as `weight export` writes it: a weigh-in every 13 to 47 minutes from
    /// 1970 on, weights wandering between 55 and 110 kg, a note on every seventh row (some
    /// with commas and quotes, so quoted).
    static func writeFile(_ url: URL, rows: Int, calendar: Calendar) throws -> Int {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var random = SplitMix64(seed: 42) // the same file every run
        var buffer = Array((ExportWeightCSV.header + "\r\n").utf8)
        var millis: Int64 = 0
        var hundredths = 8000
        var size = 0
        let id = WeightEntry.ID() // Foundation's UUID() reads /dev/urandom each time: one will do here
        let notes = ["after a run", "before breakfast", "after dinner, \"big\" one", "=1+1", "travelling; hotel scale"]
        for row in 0..<rows {
            millis += Int64(13 + random.next() % 35) * 60_000 + Int64(random.next() % 60) * 1000
            hundredths = min(11_000, max(5_500, hundredths + Int(random.next() % 61) - 30))
            let note = row % 7 == 0 ? notes[row / 7 % notes.count] : nil
            let entry = WeightEntry(unchecked: id, date: Timestamp.fromMilliseconds(millis),
                                    kilograms: Double(hundredths) / 100, note: note, source: .manual)
            buffer.append(contentsOf: ExportWeightCSV.line(entry, timeZone: calendar.timeZone).utf8)
            if buffer.count > 1 << 20 {
                try handle.write(contentsOf: buffer)
                size += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        return size + buffer.count
    }

    static func time(_ body: () throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        return seconds(try clock.measure(body))
    }

    static func time(_ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        return seconds(try await clock.measure(body))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The `sqlite3` command-line tool, which the weight cases' baselines run.
    static func sqlite3() throws -> String {
        guard let path = findExecutable("sqlite3") else {
            throw BenchmarkError("the sqlite3 command-line tool is needed for the baseline (apt-get install sqlite3)")
        }
        return path
    }

    /// The calendar of the weight cases' weigh-ins: Gregorian, in Amsterdam.
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!
        return calendar
    }

    /// "Now" for the weight cases: after the last weigh-in of the file (a million rows about
    /// half an hour apart from 1970 reach December 2027), which would otherwise lie in the future.
    static func now(in calendar: Calendar) -> Date { LocalDay(year: 2030, month: 1, day: 1)!.at(hour: 12, in: calendar) }

    static func findExecutable(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` to its end, with `environment` added to ours and its standard output
    /// to `output` (when given); throws when it fails or writes anything to standard error.
    static func runProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           output: FileHandle? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let output { process.standardOutput = output }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0, message.isEmpty else {
            throw BenchmarkError("\(executable) \(arguments.joined(separator: " ")) failed: \(message)")
        }
    }
}

private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Resets the process's peak resident memory (Linux: `/proc/self/clear_refs`), so the next
/// reading covers only what follows. Memory an earlier step freed is handed back to the system
/// first (`malloc_trim`): the allocator keeps it otherwise, and it would count as the next
/// step's, more after a bigger earlier step.
func resetPeakMemory() throws {
    #if os(Linux)
    // glibc's malloc_trim, which Swift's Glibc module does not declare.
    if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
    }
    try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    #endif
}

/// The process's resident memory in MB now (Linux; 0 elsewhere).
func residentMemoryMB() -> Double {
    statusMegabytes("VmRSS") ?? 0
}

/// The value of a memory line of `/proc/self/status` (`VmRSS`, `VmHWM`) in MB, or `nil` where
/// there is none (not Linux).
private func statusMegabytes(_ key: String) -> Double? {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
       let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]) {
        return kilobytes / 1024
    }
    #endif
    return nil
}

/// The process's peak resident memory in MB since the last reset (Linux), or since it started.
func peakMemoryMB() -> Double {
    if let peak = statusMegabytes("VmHWM") { return peak }
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #endif
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

