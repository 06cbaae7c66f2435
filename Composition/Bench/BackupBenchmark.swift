import Foundation
import WellnessComposition

/// Restores and backs up a SQLite store of 1,000,000 weigh-ins and three years of everything
/// else (daily journals, moods, check-ins and supplement logs, interventions, goals with tips,
/// health samples), through `Wellness.backups` as `wellness restore` and `wellness backup` run
/// them: time, MB/s, and peak memory at half and full size (under 150 MB), with what each step
/// takes above the memory it started with, which must stay flat from half to full. The archive is generated in the order a backup writes, so backing up the restored store
/// must give it back byte for byte. Baseline: the `sqlite3` tool's own `.dump` of the same
/// store and `.read` of that dump into a new one.
struct BackupBenchmark: BenchmarkCase {
    let size: BenchSize
    /// CI runs this case at the quick size, reported and not judged.
    var quick: Bool { size.isSmall }
    let key = "backup"
    var name: String { "Backup and restore of a whole store (SQLite)" }
    var weighIns: Int { quick ? 20_000 : 1_000_000 }
    var days: Int { quick ? 60 : 3 * 365 }

    static let memoryTargetMB = 150.0
    /// How much more the full store may take than the half one: "flat".
    static let growthToleranceMB = 40.0

    func run() async throws -> BenchmarkReport {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-backup-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        struct Run {
            var archiveBytes = 0
            var restoreSeconds = 0.0, restorePeakMB = 0.0, restoreOwnMB = 0.0
            var backupSeconds = 0.0, backupPeakMB = 0.0, backupOwnMB = 0.0
            var identical = false
            var counts = BackupCounts()
            var store: URL
        }
        func run(_ name: String, weighIns: Int) async throws -> Run {
            let archive = directory.appendingPathComponent("\(name).json")
            let archiveBytes = try ArchiveGenerator(weighIns: weighIns, days: days).write(to: archive)
            let store = directory.appendingPathComponent(name, isDirectory: true)
            var result = Run(archiveBytes: archiveBytes, store: store)
            let wellness = try Wellness.make(WellnessConfiguration(store: .sqlite, dataDirectory: store))
            try resetPeakMemory()
            var start = residentMemoryMB()
            result.restoreSeconds = try await WeightImportBenchmark.time {
                result.counts = try await wellness.backups.restore(from: try FileByteSource(path: archive.path))
            }
            result.restorePeakMB = peakMemoryMB()
            result.restoreOwnMB = result.restorePeakMB - start
            let copy = directory.appendingPathComponent("\(name)-backup.json")
            try resetPeakMemory()
            start = residentMemoryMB()
            result.backupSeconds = try await WeightImportBenchmark.time {
                let writer = try AtomicFileWriter(path: copy.path)
                try await wellness.backups.backUp(to: writer.write)
                try writer.commit()
            }
            result.backupPeakMB = peakMemoryMB()
            result.backupOwnMB = result.backupPeakMB - start
            result.identical = FileManager.default.contentsEqual(atPath: archive.path, andPath: copy.path)
            try? FileManager.default.removeItem(at: copy)
            return result
        }
        let half = try await run("half", weighIns: weighIns / 2)
        let full = try await run("full", weighIns: weighIns)
        guard full.counts[.weights] == weighIns else {
            throw BenchmarkError("restored \(full.counts[.weights]) of \(weighIns) weigh-ins")
        }
        let megabytes = Double(full.archiveBytes) / 1_000_000
        var lines = [
            String(format: "store: %d records (%d weigh-ins, %d days of everything else); archive %.1f MB",
                   full.counts.total, weighIns, days, megabytes),
            String(format: "restore: %.2f s (%.1f MB/s), peak memory %.1f MB, %.1f MB over its start (half the store: %.1f MB, %.1f MB)",
                   full.restoreSeconds, megabytes / full.restoreSeconds, full.restorePeakMB, full.restoreOwnMB,
                   half.restorePeakMB, half.restoreOwnMB),
            String(format: "backup: %.2f s (%.1f MB/s), peak memory %.1f MB, %.1f MB over its start (half the store: %.1f MB, %.1f MB)",
                   full.backupSeconds, megabytes / full.backupSeconds, full.backupPeakMB, full.backupOwnMB,
                   half.backupPeakMB, half.backupOwnMB),
        ]
        if let sqlite3 = WeightImportBenchmark.findExecutable("sqlite3") {
            let database = full.store.appendingPathComponent("wellness.sqlite").path
            let dump = directory.appendingPathComponent("dump.sql").path
            let dumpSeconds = try WeightImportBenchmark.time {
                try WeightImportBenchmark.runProcess(sqlite3, [database, ".output \(dump)", ".dump"])
            }
            let readSeconds = try WeightImportBenchmark.time {
                try WeightImportBenchmark.runProcess(sqlite3, [directory.appendingPathComponent("read.sqlite").path,
                                                               ".read \(dump)"])
            }
            lines.append(String(format: "sqlite3 .dump: %.2f s (backup %.2f× it); sqlite3 .read of the dump: %.2f s (restore %.2f× it)",
                                dumpSeconds, full.backupSeconds / dumpSeconds, readSeconds, full.restoreSeconds / readSeconds))
        } else {
            lines.append("sqlite3 not found: no baseline")
        }
        let peak = max(full.restorePeakMB, full.backupPeakMB)
        // What each step itself takes above the memory it started with (the code, and what the
        // process kept from earlier steps), half store against full.
        let growth = max(full.restoreOwnMB - half.restoreOwnMB, full.backupOwnMB - half.backupOwnMB)
        return BenchmarkReport(name: name, lines: lines, checks: [
            .init(text: String(format: "peak memory: %.1f MB (target < %.0f MB)", peak, Self.memoryTargetMB),
                  met: peak < Self.memoryTargetMB),
            .init(text: String(format: "memory a step takes, growth from half to full store: %+.1f MB (target ≤ %.0f MB)",
                               growth, Self.growthToleranceMB),
                  met: growth <= Self.growthToleranceMB),
            .init(text: "backup of the restored store byte-identical to the archive: \(full.identical && half.identical)",
                  met: full.identical && half.identical),
        ])
    }
}

/// Writes a synthetic archive in the order and form a backup writes, record by record.
struct ArchiveGenerator {
    let weighIns: Int
    let days: Int
    /// Active-energy samples a day beside the twelve step counts (the sync benchmark's 400,000).
    var energySamplesPerDay = 0

    /// Ids that sort as they are made, as their text does.
    static func id(_ kind: Int, _ number: Int) -> UUID {
        UUID(uuidString: String(format: "%08X-0000-4000-8000-%012X", kind, number))!
    }

    func write(to url: URL) throws -> Int {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkError("cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var bytes = 0
        var writer = BackupArchiveWriter { chunk in
            try handle.write(contentsOf: chunk)
            bytes += chunk.count
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!
        let first = LocalDay(year: 2023, month: 1, day: 1)!
        let dayList = (0..<days).map { first.adding(days: $0) }
        func at(_ day: LocalDay, _ hour: Int, _ minute: Int = 0) -> Date { day.at(hour: hour, minute: minute, in: calendar) }

        let supplements = (0..<5).map { index in
            Supplement(id: .init(Self.id(1, index)), name: "Supplement \(index)", timeOfDay: index % 2 == 0 ? .morning : .evening,
                       dosage: "\(index + 1) mg", sortOrder: index)
        }
        try writer.begin(settings: BackupSettings()
            .with(TierSetting.self, .pro)
            .with(SupplementStackSetting.self, SupplementStack(supplements: supplements, isSeeded: true))
            .with(ExerciseLibrarySetting.self, ExerciseLibrary(exercises: [], isSeeded: false)))
        for day in dayList {
            for supplement in supplements {
                try writer.append(SupplementLogRecords.record(SupplementLog(day: day, supplementID: supplement.id, taken: day.day % 3 != 0,
                                                               timestamp: at(day, 8))))
            }
        }
        let goals = (0..<5).map { index in
            Goal(storedID: .init(Self.id(2, index)), title: "Goal \(index)", description: nil, createdAt: at(first, 9, index))
        }
        for goal in goals { try writer.append(GoalRecords.record(goal)) }
        for (index, goal) in goals.enumerated() {
            let tips = (0..<3).map { GoalTip(id: .init(Self.id(3, index * 3 + $0)), tip: "Tip \($0)", category: .sleep,
                                             priority: .medium) }
            try writer.append(GoalTipsRecords.record(GoalTips(goalID: goal.id, generatedAt: at(first, 10), tips: tips)))
        }
        for day in dayList {
            try writer.append(JournalRecords.record(DailyJournal(day: day, notes: "Notes of \(day) ✓", tags: ["coffee", "exercise"])))
        }
        for day in dayList { try writer.append(MoodRecords.record(MoodEntry(storedDay: day, score: day.day % 5 + 1, note: nil))) }
        for day in dayList {
            try writer.append(CheckinRecords.record(try Checkin(day: day, energy: day.day % 5 + 1, stress: 3, social: 4)))
        }
        var completion = 0
        for day in dayList {
            for hour in [7, 9, 13, 21] {
                try writer.append(CompletionRecords.record(InterventionCompletion(
                    id: .init(Self.id(4, completion)), interventionID: .init("hydration_target"), day: day,
                    timestamp: at(day, hour), count: 1, source: .tracked)))
                completion += 1
            }
        }
        for day in dayList {
            for intervention in ["morning_light", "screens_off"] {
                try writer.append(DecisionRecords.record(InterventionDecision(interventionID: .init(intervention), day: day, status: .done,
                                                                 count: 1, updatedAt: at(day, 22))))
            }
        }
        let start = at(first, 0)
        for number in 0..<weighIns {
            // One every five minutes: a million span nine and a half years.
            let date = start.addingTimeInterval(Double(number) * 300 + 7.25)
            try writer.append(WeightRecords.record(WeightEntry(unchecked: .init(Self.id(5, number)), date: date,
                                                  kilograms: 60 + Double(number % 4000) / 100,
                                                  note: number % 10 == 0 ? "after a run" : nil,
                                                  source: number % 2 == 0 ? .manual : .imported)))
        }
        for day in dayList {
            for hour in stride(from: 0, to: 24, by: 2) {
                try writer.append(HealthRecords.record(HealthSample(kind: .steps, source: "iPhone", start: at(day, hour),
                                                       end: at(day, hour, 59), value: Double(hour * 37 + day.day))))
            }
            for index in 0..<energySamplesPerDay {
                let start = at(day, 0).addingTimeInterval(30 + Double(index) * 86_000 / Double(energySamplesPerDay))
                try writer.append(HealthRecords.record(HealthSample(kind: .activeEnergy, source: "Watch", start: start,
                                                                    end: start.addingTimeInterval(30),
                                                                    value: Double(60 + (index * 7 + day.day) % 60))))
            }
        }
        try writer.finish()
        return bytes
    }
}
