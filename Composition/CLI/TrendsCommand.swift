import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness trends [--days 7|30|90]`; a locked length exits with status 3.
struct TrendsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trends", abstract: "Daily check-ins with their drift index (30 and 90 days are Pro).")
    @OptionGroup var options: GlobalOptions
    @Option(help: "7, 30 or 90 days ending today.") var days: Int = 7

    func validate() throws {
        try refused("--days") { _ = try TrendLength(days: days) }
    }

    func run() async throws {
        try await Console.run(options) { console in
            do {
                let read = try await console.wellness.drift.trends(days: days)
                console.showOffline(read)
                let points = read.value
                if console.json { return try console.printJSON(TrendsOutput(days: days, points: points)) }
                let text = console.text
                console.print(text.string("cli.trends.title", .number(days)))
                if points.isEmpty { return console.print(text.string("cli.insights.noData")) }
                console.printTable(
                    header: [text.string("cli.column.day"), text.string("cli.column.energy"), text.string("cli.column.stress"),
                             text.string("cli.column.social"), text.string("cli.column.drift")],
                    rows: points.map { [$0.day.description, "\($0.energy)", "\($0.stress)", "\($0.social)",
                                        String(format: "%.2f", $0.driftIndex)] })
            } catch DriftError.locked(let feature) {
                try console.showLocked(feature)
            }
        }
    }
}

/// `{"days", "points": [...]}`.
struct TrendsOutput: Encodable {
    let days: Int
    let points: [TrendPoint]
}
