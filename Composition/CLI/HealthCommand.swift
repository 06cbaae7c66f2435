import ArgumentParser
import Foundation
import WellnessComposition

struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Health data from an Apple Health export: import it, then see each day.",
        discussion: """
        On the iPhone: Health app → your picture → Export All Health Data. Import the export.zip it \
        makes (or the export.xml inside it); importing a newer export later adds only what is new.
        """,
        subcommands: [Import.self, Summary.self, Remove.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import an Apple Health export.zip (or its export.xml).",
            discussion: """
            Steps, water, resting heart rate, active energy, sleep, mindful minutes and workouts are \
            kept; weigh-ins from a smart scale become weight entries (a weigh-in already recorded is \
            not added again). The file is read in one transaction: a broken file stops the import \
            with its line, and nothing is saved.
            """)
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The export.zip or export.xml.") var file: String

        func run() async throws {
            try await Console.run(options) { console in
                let health = console.wellness.health
                var progress: ProgressBar?
                let report: HealthImportReport
                do {
                    let source = try health.export(at: URL(fileURLWithPath: console.context.path(file)))
                    progress = ProgressBar(total: source.totalBytes, on: console.context.errors)
                    var update: (@Sendable (Int) -> Void)?
                    if let progress { update = { progress.update($0) } }
                    report = try await health.importExport(source, progress: update)
                    progress?.finish()
                } catch let error as HealthExportError {
                    progress?.finish()
                    throw CLIError.notImported(file: file, error.message)
                }
                if console.json { return try console.printJSON(report) }
                let text = console.text
                console.print(text.string("cli.health.imported", .number(report.samples)))
                if report.duplicates > 0 { console.print(text.string("cli.health.duplicates", .number(report.duplicates))) }
                if report.weightsImported + report.weightDuplicates > 0 {
                    console.print(text.string("cli.health.weights", .number(report.weightsImported)))
                    if report.weightDuplicates > 0 {
                        console.print(text.string("cli.health.weightDuplicates", .number(report.weightDuplicates)))
                    }
                }
                if report.skipped > 0 { console.print(text.string("cli.health.skipped", .number(report.skipped))) }
            }
        }
    }

    struct Summary: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "What the imported health data says about each of the last days, newest first.",
            discussion: """
            Steps, water and active energy count the largest single source (phone and watch both count \
            steps); sleep and mindful minutes count overlapping records once, and a night's sleep \
            belongs to the morning it ends.
            """)
        @OptionGroup var options: GlobalOptions
        @Option(help: "How many days back, today included (1 to 36500).") var days: Int = 7

        func validate() throws {
            try refusedDays(days)
        }

        func run() async throws {
            try await Console.run(options) { console in
                let summaries = try await console.wellness.health.summary(days: days)
                if console.json { return try console.printJSON(summaries.map(HealthDayOutput.init)) }
                console.showHealthDays(summaries)
            }
        }
    }
}

extension HealthCommand {
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove imported health samples: those of one source, of one type, or all of them.",
            discussion: """
            --source and --type together remove that source's samples of that type. Weigh-ins from \
            an export stay (remove them with weight). Everything selected is removed in one \
            transaction; --dry-run only counts it.
            """)
        @OptionGroup var options: GlobalOptions
        @Option(help: "Only samples recorded by this app or device, named as in the export.") var source: String?
        @Option(help: "Only samples of this type: \(HealthSampleKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                transform: parsed(HealthSampleKind.named)) var type: HealthSampleKind?
        @Flag(help: "Every sample.") var all = false
        @Flag(help: "Count what would be removed; remove nothing.") var dryRun = false

        func validate() throws {
            guard all != (source != nil || type != nil) else {
                throw ValidationError(CLIMessages(locale: CLIContext.current.locale).text.string("cli.error.healthSelection"))
            }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let count = try await console.wellness.health.remove(HealthSampleSelection(source: source, kind: type),
                                                                     dryRun: dryRun)
                if console.json { return try console.printJSON(HealthRemovedOutput(removed: count, dryRun: dryRun)) }
                console.print(console.text.string(dryRun ? "cli.health.wouldRemove" : "cli.health.removed", .number(count)))
            }
        }
    }
}

/// `{"removed": 3, "dryRun": false}`: how many samples were (or, with `dryRun`, would be) removed.
struct HealthRemovedOutput: Encodable {
    let removed: Int
    let dryRun: Bool
}

/// `{"day", "steps", "sleepMinutes", "waterLiters", "mindfulMinutes", "workouts", "workoutMinutes",
/// "activeEnergyKcal", "restingHeartRate"}`, null where the day has no data.
struct HealthDayOutput: Encodable {
    let summary: HealthDaySummary

    init(_ summary: HealthDaySummary) { self.summary = summary }

    enum CodingKeys: String, CodingKey {
        case day, steps, sleepMinutes, waterLiters, mindfulMinutes, workouts, workoutMinutes, activeEnergyKcal
        case restingHeartRate
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(summary.day, forKey: .day)
        try container.encode(summary.steps, forKey: .steps)
        try container.encode(summary.sleepMinutes, forKey: .sleepMinutes)
        try container.encode(summary.waterLiters, forKey: .waterLiters)
        try container.encode(summary.mindfulMinutes, forKey: .mindfulMinutes)
        try container.encode(summary.workouts, forKey: .workouts)
        try container.encode(summary.workoutMinutes, forKey: .workoutMinutes)
        try container.encode(summary.activeEnergyKilocalories, forKey: .activeEnergyKcal)
        try container.encode(summary.restingHeartRate, forKey: .restingHeartRate)
    }
}

extension Console {
    /// One line per day: the day, then what it holds ("–" where nothing).
    func showHealthDays(_ summaries: [HealthDaySummary]) {
        let text = self.text
        guard summaries.contains(where: { $0 != HealthDaySummary(day: $0.day) }) else {
            return print(text.string("cli.health.none"))
        }
        for day in summaries { print("\(day.day)  " + healthParts(day)) }
    }

    /// What a health day holds, "steps · sleep · …" ("–" where nothing).
    func healthParts(_ day: HealthDaySummary) -> String {
        let text = self.text
        var parts: [String] = []
        if let steps = day.steps { parts.append(text.string("cli.health.steps", .number(steps))) }
        if let sleep = day.sleepMinutes {
            parts.append(text.string("cli.health.sleep", .number(sleep / 60), .number(sleep % 60)))
        }
        if let water = day.waterLiters {
            if let millilitres = WaterAmount.millilitres(below: water) {
                parts.append(text.string("cli.health.waterMillilitres", .number(millilitres)))
            } else {
                parts.append(text.string("cli.health.water", .verbatim(WaterAmount.litres(water))))
            }
        }
        if let mindful = day.mindfulMinutes { parts.append(text.string("cli.health.mindful", .number(mindful))) }
        if let count = day.workouts {
            parts.append(text.string("cli.health.workouts", .number(count), .number(day.workoutMinutes ?? 0)))
        }
        if let energy = day.activeEnergyKilocalories { parts.append(text.string("cli.health.energy", .number(energy))) }
        if let heart = day.restingHeartRate { parts.append(text.string("cli.health.heart", .number(heart))) }
        return parts.isEmpty ? "–" : parts.joined(separator: " · ")
    }
}
