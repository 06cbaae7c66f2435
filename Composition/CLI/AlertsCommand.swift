import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness alerts [--days N]`: the days that drifted high after a day that also did,
/// newest first; from the server when logged in.
struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts", abstract: "Drift alerts: days that drifted high after a day that also did, newest first.")
    @OptionGroup var options: GlobalOptions
    @Option(help: "How many days back, today included (1 to 90).") var days: Int = 14

    func validate() throws {
        try refused("--days") { try DriftAlert.checkDayCount(days) }
    }

    func run() async throws {
        try await Console.run(options) { console in
            let read = try await console.wellness.drift.alerts(days: days)
            console.showOffline(read)
            if console.json { return try console.printJSON(AlertsOutput(days: days, alerts: read.value)) }
            let text = console.text
            guard !read.value.isEmpty else { return console.print(text.string("cli.alerts.none", .number(days))) }
            console.print(text.string("cli.alerts.title", .number(days)))
            console.printTable(header: [text.string("cli.column.day"), text.string("cli.column.drift")],
                               rows: read.value.map { [$0.day.description, String(format: "%.2f", $0.driftIndex)] })
        }
    }
}

/// `{"days", "alerts": [{"day", "driftIndex"}]}`, the server's `GET /api/alerts` answer.
struct AlertsOutput: Encodable {
    let days: Int
    let alerts: [DriftAlert]
}
