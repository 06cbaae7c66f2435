import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness weight add|list|remove|import|export|trend|chart`.
struct WeightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weight", abstract: "Your weigh-ins: record, list, import and export CSV, trend and chart.",
        subcommands: [List.self, Add.self, Remove.self, Import.self, Export.self, Trend.self, Chart.self],
        defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a weigh-in.",
            // The weight is collected with unrecognised arguments (below), which the generated
            // usage would show as optional and repeatable: exactly one is required.
            usage: "wellness weight add <kilograms> [--at <at>] [--note <note>] [<global options>]")
        @OptionGroup var options: GlobalOptions
        /// The weight as typed: collected with whatever else is not an option, so that a
        /// negative number (`-71`) reaches the weight rule instead of reading as a flag.
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The weight in kilograms, e.g. 72.4.", valueName: "kilograms"))
        var typed: [String] = []
        @Option(help: "When (ISO 8601, e.g. 2026-11-21T08:30; default now).", transform: parsedInstant("--at"))
        var at: Date?
        @Option(help: "A note.") var note: String?

        var kilograms: Double { Double(typed.first ?? "") ?? .nan }

        func validate() throws {
            guard let value = typed.first else { throw ValidationError("Missing expected argument '<kilograms>'") }
            // Anything else collected: a mistyped option is named as one, as the parser would.
            if let option = typed.first(where: { $0.hasPrefix("-") && Double($0) == nil }) {
                throw ValidationError("Unknown option '\(option)'")
            }
            guard typed.count == 1 else {
                throw ValidationError("Unexpected argument\(typed.count > 2 ? "s" : ""): " + typed.dropFirst().map { "'\($0)'" }.joined(separator: ", "))
            }
            guard Double(value) != nil else { throw ValidationError("The value '\(value)' is invalid for '<kilograms>'") }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let entry = try await console.wellness.weight.add(kilograms: kilograms, at: at, note: note)
                if console.json { return try console.printJSON(WeightOutput(entry)) }
                console.print(console.text.string("cli.weight.added", .verbatim(WeightEntry.format(entry.kilograms)),
                                                  .verbatim(console.localTime(entry.date)), .verbatim(entry.id.description)))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List weigh-ins, oldest first.")
        @OptionGroup var options: GlobalOptions
        @Option(help: "Only the last N days, today included, 1 to 36500 (default: every weigh-in).") var days: Int?

        func validate() throws {
            try refusedDays(days)
        }

        func run() async throws {
            try await Console.run(options) { console in
                let listing = try await console.wellness.weight.listing(days: days)
                let entries = listing.entries
                if console.json { return try console.printJSON(entries.map(WeightOutput.init)) }
                if entries.isEmpty { return console.print(console.text.string("cli.weight.none")) }
                console.printTable(header: [console.text.string("cli.column.when"), console.text.string("cli.column.kg"),
                                            console.text.string("cli.column.id"), console.text.string("cli.column.notes")],
                                   rows: entries.map { [console.localTime($0.date), WeightEntry.format($0.kilograms),
                                                        listing.shortID($0), $0.note ?? ""] })
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a weigh-in.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The weigh-in's id, or the short id `wellness weight list` shows (any unique start of 4+ characters).",
                  transform: parsed(idReference))
        var id: String

        func run() async throws {
            try await Console.run(options) { console in
                let entry = try await console.wellness.weight.remove(id)
                if console.json { return try console.printJSON(WeightOutput(entry)) }
                console.print(console.text.string("cli.weight.removed", .verbatim(WeightEntry.format(entry.kilograms)),
                                                  .verbatim(console.localTime(entry.date))))
            }
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import weigh-ins from a CSV file (ours, openScale's, or any Date,Weight export).",
            discussion: """
            The file is read in one transaction: the first bad row stops the import with its line and \
            column, and nothing is saved. Rows already stored (same minute, same weight to 0.01 kg) are \
            skipped as duplicates, so importing a file twice adds nothing.
            """)
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The CSV file (- for standard input).") var file: String
        @Flag(help: "Save the good rows and report the bad ones instead of stopping at the first.") var skipInvalid = false
        @Flag(help: "Check the file and report what would be imported, without saving anything.") var dryRun = false

        func run() async throws {
            try await Console.run(options) { console in
                let source = try console.context.source(file)
                let progress = ProgressBar(total: source.totalBytes, on: console.context.errors)
                var update: (@Sendable (Int) -> Void)?
                if let progress { update = { progress.update($0) } }
                let report: WeightImportReport
                do {
                    report = try await console.wellness.weight.importCSV(
                        source, skipInvalid: skipInvalid, dryRun: dryRun, progress: update)
                    progress?.finish()
                } catch let error as WeightImportError {
                    progress?.finish()
                    throw CLIError.notImported(file: file, error.message)
                }
                if console.json { return try console.printJSON(WeightImportOutput(report, console.messages)) }
                let text = console.text
                console.print(text.string(report.dryRun ? "cli.weight.import.dryRun" : "cli.weight.import.done",
                                          .number(report.imported), .verbatim(report.format.rawValue)))
                if report.duplicates > 0 { console.print(text.string("cli.weight.import.duplicates", .number(report.duplicates))) }
                if report.dateOnly > 0 { console.print(text.string("cli.weight.import.dateOnly", .number(report.dateOnly))) }
                if !report.skipped.isEmpty {
                    console.print(text.string("cli.weight.import.skipped", .number(report.skipped.count)))
                    for skipped in report.skipped { console.print("  " + console.messages.message(for: skipped.error)) }
                }
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export every weigh-in as CSV (date,weight_kg,note), oldest first.",
            discussion: "Notes that a spreadsheet would run as a formula get a leading '; importing the file back undoes it.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The file to write (replaced once complete), or - for standard output.") var file: String

        func run() async throws {
            try await Console.run(options) { console in
                let count = try await console.writeFile(file) { write in
                    try await console.wellness.weight.exportCSV { try write($0) }
                }
                if file == "-" { return }
                if console.json { return try console.printJSON(["exported": count]) }
                console.print(console.text.string("cli.weight.exported", .number(count), .verbatim(file)))
            }
        }
    }

    struct Trend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Latest weight, change over 7 and 30 days, and the 7-day average.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let trend = try await console.wellness.weight.trend()
                if console.json { return try console.printJSON(WeightTrendOutput(trend)) }
                console.showWeightTrend(trend)
            }
        }
    }

    struct Chart: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw the weigh-ins and their 7-day average as an SVG chart (opens in a browser).")
        @OptionGroup var options: GlobalOptions
        @Option(help: "The SVG file to write (replaced once complete), or - for standard output.") var out: String
        @Option(help: "How many days back, today included (1 to 36500).") var days: Int = 90

        func validate() throws {
            try refusedDays(days)
        }

        func run() async throws {
            try await Console.run(options) { console in
                let svg = try await console.wellness.weight.chart(days: days)
                try await console.writeFile(out) { write in try write(Array(svg.utf8)) }
                if out == "-" { return }
                if console.json { return try console.printJSON(["chart": out]) }
                console.print(console.text.string("cli.weight.chart", .number(days), .verbatim(out)))
            }
        }
    }
}

/// A progress bar on standard error, drawn only when it is a terminal and the file is large.
final class ProgressBar: Sendable {
    private let total: Int
    private let output: CLIOutput
    private let lock = NSLock()
    private nonisolated(unsafe) var shown = -1

    /// A bar for `total` bytes, or `nil` when there is nothing worth drawing (`output` is not a
    /// terminal, or the file is under 4 MB).
    init?(total: Int?, on output: CLIOutput) {
        guard let total, total >= 4 << 20, output.isTerminal else { return nil }
        self.total = total
        self.output = output
    }

    func update(_ bytes: Int) {
        let percent = min(100, bytes * 100 / max(total, 1))
        lock.withLock {
            guard percent != shown else { return }
            shown = percent
            let filled = percent * 30 / 100
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
            output.writeControl("\r[\(bar)] \(percent)%")
        }
    }

    func finish() {
        lock.withLock { if shown >= 0 { output.writeControl("\r\u{1B}[K") } }
    }
}

extension Console {
    /// A change in kg with its sign ("−0.6 kg"), or "no data".
    func weightChange(_ value: Double?) -> String {
        guard let value else { return text.string("cli.weight.trend.noData") }
        let rounded = (value * 100).rounded() / 100
        return (rounded > 0 ? "+" : rounded < 0 ? "−" : "±") + WeightEntry.format(abs(rounded)) + " kg"
    }

    func showWeightTrend(_ trend: WeightTrend) {
        guard let latest = trend.latest else { return print(text.string("cli.weight.none")) }
        let change = weightChange
        let rows = [
            (text.string("cli.weight.trend.latest"), "\(WeightEntry.format(latest.kilograms)) kg (\(localTime(latest.date)))"),
            (text.string("cli.weight.trend.change7"), change(trend.change7Days)),
            (text.string("cli.weight.trend.change30"), change(trend.change30Days)),
            (text.string("cli.weight.trend.average7"), trend.currentAverage.map { "\(WeightEntry.format($0)) kg" } ?? "—"),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        for (label, value) in rows { print(label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value) }
    }
}

/// `{"id", "date", "weightKg", "note"}`; `note` is `null` when there is none.
struct WeightOutput: Encodable {
    let entry: WeightEntry

    init(_ entry: WeightEntry) { self.entry = entry }

    enum CodingKeys: String, CodingKey { case id, date, weightKg, note }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entry.id.description, forKey: .id)
        try container.encode(entry.date, forKey: .date)
        try container.encode(entry.kilograms, forKey: .weightKg)
        try container.encode(entry.note, forKey: .note)
    }
}

/// `{"format", "dryRun", "imported", "duplicates", "dateOnly", "skipped": [{"line", "column", "reason"}]}`.
struct WeightImportOutput: Encodable {
    struct Skipped: Encodable {
        let line: Int
        let column: Int
        let reason: String
    }

    let format: String
    let dryRun: Bool
    let imported: Int
    let duplicates: Int
    let dateOnly: Int
    let skipped: [Skipped]

    init(_ report: WeightImportReport, _ messages: CLIMessages) {
        format = report.format.rawValue
        dryRun = report.dryRun
        imported = report.imported
        duplicates = report.duplicates
        dateOnly = report.dateOnly
        skipped = report.skipped.map {
            Skipped(line: $0.line, column: $0.column, reason: messages.presenter.message(for: $0.problem))
        }
    }
}

/// `{"latest": {...} | null, "change7Days", "change30Days", "average7Days"}` (kg, `null` without data).
struct WeightTrendOutput: Encodable {
    let trend: WeightTrend

    init(_ trend: WeightTrend) { self.trend = trend }

    enum CodingKeys: String, CodingKey { case latest, change7Days, change30Days, average7Days }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(trend.latest.map(WeightOutput.init), forKey: .latest)
        try container.encode(trend.change7Days, forKey: .change7Days)
        try container.encode(trend.change30Days, forKey: .change30Days)
        try container.encode(trend.currentAverage, forKey: .average7Days)
    }
}
