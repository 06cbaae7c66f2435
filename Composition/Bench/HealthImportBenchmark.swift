import Foundation
import WellnessComposition
import ZIPFoundation

/// Imports a generated Apple Health `export.zip` of dense data (steps every 10 minutes from a
/// phone and a watch, heart rate every 5 minutes, sleep stages, water, a daily weigh-in and a
/// workout) into a fresh SQLite store: MB of XML per second, and peak memory for the export
/// and for one half its size (memory must stay flat as the file grows). Baseline, when it is
/// installed (`pip install healthkit-to-sqlite`): that tool's time on the same zip.
struct HealthImportBenchmark: BenchmarkCase {
    let size: BenchSize
    let key = "health"
    var name: String { "Apple Health export.zip import into SQLite" }
    /// The XML's size: at least 100 MB (a year and a half of this data), 20 MB for --ci, 2 MB for --quick.
    var targetBytes: Int { size.pick(quick: 2_000_000, ci: 20_000_000, full: 100_000_000) }

    static let timeTarget = 0.25
    static let memoryTargetMB = 100.0
    /// How much more the full export may take than the half one: "flat".
    static let growthToleranceMB = 15.0

    func run() async throws -> BenchmarkReport {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-health-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!
        let now = LocalDay(year: 2026, month: 11, day: 21)!.at(hour: 10, minute: 30, in: calendar)

        let half = try Self.export(in: directory, name: "half", bytes: targetBytes / 2)
        let full = try Self.export(in: directory, name: "full", bytes: targetBytes)
        let megabytes = Double(full.bytes) / 1_000_000

        func importing(_ zip: URL, into store: String) async throws -> (seconds: Double, peakMB: Double, report: HealthImportReport) {
            let wellness = try Wellness(repositories: .sqlite(in: directory.appendingPathComponent(store, isDirectory: true)),
                                        clock: FixedWallClock(now), calendar: calendar)
            try resetPeakMemory()
            var report = HealthImportReport()
            let seconds = try await WeightImportBenchmark.time {
                report = try await wellness.health.importExport(try wellness.health.export(at: zip))
            }
            return (seconds, peakMemoryMB(), report)
        }
        let small = try await importing(half.zip, into: "half")
        let ours = try await importing(full.zip, into: "full")
        guard ours.report.samples > 0, ours.report.weightsImported == full.days else {
            throw BenchmarkError("imported \(ours.report.samples) samples and \(ours.report.weightsImported) of \(full.days) weigh-ins")
        }
        var lines = [
            String(format: "export: %.1f MB of XML (%.1f MB zipped), %d days, %d records", megabytes,
                   Double(full.zipBytes) / 1_000_000, full.days, full.records),
            String(format: "import: %.2f s, %.1f MB/s; %d samples, %d weigh-ins, %d skipped", ours.seconds,
                   megabytes / ours.seconds, ours.report.samples, ours.report.weightsImported, ours.report.skipped),
            String(format: "peak memory: %.1f MB (half the export: %.1f MB)", ours.peakMB, small.peakMB),
        ]
        var checks: [BenchmarkReport.Check] = [
            .init(text: String(format: "peak memory: %.1f MB (target < %.0f MB)", ours.peakMB, Self.memoryTargetMB),
                  met: ours.peakMB < Self.memoryTargetMB),
            .init(text: String(format: "memory growth from half to full export: %+.1f MB (target ≤ %.0f MB)",
                               ours.peakMB - small.peakMB, Self.growthToleranceMB),
                  met: ours.peakMB - small.peakMB <= Self.growthToleranceMB),
        ]
        if let tool = Self.healthkitToSQLite() {
            let database = directory.appendingPathComponent("healthkit.db")
            let theirs = try WeightImportBenchmark.time {
                try WeightImportBenchmark.runProcess(tool, [full.zip.path, database.path, "--silent"])
            }
            let ratio = ours.seconds / theirs
            lines.append(String(format: "baseline: healthkit-to-sqlite on the same zip: %.2f s", theirs))
            checks.append(.init(text: String(format: "time: %.3f× healthkit-to-sqlite's (target ≤ %.2f×)", ratio, Self.timeTarget),
                                met: ratio <= Self.timeTarget, gates: size == .ci))
        } else {
            lines.append("baseline: healthkit-to-sqlite is not installed (pip install healthkit-to-sqlite); not compared")
        }
        return BenchmarkReport(name: name, lines: lines, checks: checks)
    }

    /// `healthkit-to-sqlite` on the PATH, or in the virtual environment `.ci/run` makes.
    static func healthkitToSQLite() -> String? {
        if let found = WeightImportBenchmark.findExecutable("healthkit-to-sqlite") { return found }
        let venv = FileManager.default.currentDirectoryPath + "/.build/ci-venv/healthkit/bin/healthkit-to-sqlite"
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : nil
    }

    struct Export {
        let zip: URL
        let bytes: Int
        let zipBytes: Int
        let days: Int
        let records: Int
    }

    /// Writes an `export.xml` of at least `bytes` bytes, day by day from 2024-01-01, and zips it
    /// as the Health app does.
    static func export(in directory: URL, name: String, bytes target: Int) throws -> Export {
        let xml = directory.appendingPathComponent("\(name).xml")
        _ = FileManager.default.createFile(atPath: xml.path, contents: nil)
        let handle = try FileHandle(forWritingTo: xml)
        var buffer = ""
        var size = 0, days = 0, records = 0
        func flush() throws {
            let data = Data(buffer.utf8)
            try handle.write(contentsOf: data)
            size += data.count
            buffer = ""
        }
        buffer += """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
            <!ATTLIST HealthData locale CDATA #REQUIRED>
            ]>
            <HealthData locale="en_US">
             <ExportDate value="2026-11-21 10:00:00 +0100"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-01-01"/>

            """
        let first = LocalDay(year: 2024, month: 1, day: 1)!
        while size + buffer.utf8.count < target {
            let day = first.adding(days: days)
            func at(_ minute: Int) -> String {
                let dayOffset = minute / 1440, inDay = minute % 1440
                return String(format: "%@ %02d:%02d:00 +0100", day.adding(days: dayOffset).description, inDay / 60, inDay % 60)
            }
            func record(_ type: String, _ source: String, _ unit: String?, _ start: Int, _ end: Int, _ value: String) {
                buffer += " <Record type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"17.3\""
                    + (unit.map { " unit=\"\($0)\"" } ?? "")
                    + " creationDate=\"\(at(end))\" startDate=\"\(at(start))\" endDate=\"\(at(end))\" value=\"\(value)\"/>\n"
                records += 1
            }
            for slot in stride(from: 0, to: 1440, by: 10) {
                record("HKQuantityTypeIdentifierStepCount", "Ann&#8217;s iPhone", "count", slot, slot + 10, "\(slot % 97)")
                record("HKQuantityTypeIdentifierStepCount", "Ann&#8217;s Apple Watch", "count", slot, slot + 10, "\(slot % 89 + 3)")
            }
            for slot in stride(from: 0, to: 1440, by: 5) {
                record("HKQuantityTypeIdentifierHeartRate", "Ann&#8217;s Apple Watch", "count/min", slot, slot, "\(55 + slot % 40)")
            }
            for (start, end, stage) in [(-60, 30, "AsleepCore"), (30, 90, "AsleepDeep"), (90, 150, "AsleepREM"),
                                        (150, 160, "Awake"), (160, 390, "AsleepCore")] {
                record("HKCategoryTypeIdentifierSleepAnalysis", "Ann&#8217;s Apple Watch", nil, start + 60,
                       end + 60, "HKCategoryValueSleepAnalysis\(stage)")
            }
            for hour in [8, 10, 12, 15, 18] {
                record("HKQuantityTypeIdentifierDietaryWater", "WaterMinder", "mL", hour * 60, hour * 60, "250")
            }
            record("HKQuantityTypeIdentifierRestingHeartRate", "Ann&#8217;s Apple Watch", "count/min", 0, 1439, "54")
            record("HKQuantityTypeIdentifierBodyMass", "Withings", "kg", 7 * 60, 7 * 60, String(format: "%.2f", 70 + Double(days % 50) / 10))
            buffer += """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="42" durationUnit="min" sourceName="Ann&#8217;s Apple Watch" creationDate="\(at(18 * 60 + 42))" startDate="\(at(18 * 60))" endDate="\(at(18 * 60 + 42))">
                  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="\(at(18 * 60))" duration="10" durationUnit="min"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="\(at(18 * 60))" endDate="\(at(18 * 60 + 42))" sum="402" unit="kcal"/>
                 </Workout>

                """
            records += 1
            days += 1
            if buffer.utf8.count > 1 << 20 { try flush() }
        }
        buffer += "</HealthData>\n"
        try flush()
        try handle.close()
        let zip = directory.appendingPathComponent("\(name).zip")
        let archive = try Archive(url: zip, accessMode: .create)
        try archive.addEntry(with: "apple_health_export/export.xml", fileURL: xml, compressionMethod: .deflate)
        try FileManager.default.removeItem(at: xml)
        let zipBytes = (try FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int) ?? 0
        return Export(zip: zip, bytes: size, zipBytes: zipBytes, days: days, records: records)
    }
}
