import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness insights [--days 7|14]`.
struct InsightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights", abstract: "The weekly picture: averages, drift level, alerts, highlights, suggestions.")
    @OptionGroup var options: GlobalOptions
    @Option(help: "The window: 7 or 14 days ending today.") var days: Int = 7

    func validate() throws {
        try refused("--days") { _ = try InsightsWindow(days: days) }
    }

    func run() async throws {
        try await Console.run(options) { console in
            let read = try await console.wellness.drift.insights(days: days)
            console.showOffline(read)
            if console.json {
                // Like the server's answer, with a request id for this answer and the time the
                // insights were computed (fetched, when they come from the server's cache).
                return try console.printJSON(InsightsOutput(insights: read.value, requestId: UUID().uuidString.lowercased(),
                                                            timestamp: read.fetchedAt ?? console.wellness.time.now()))
            }
            console.showInsights(read.value, colour: console.context.output.isTerminal)
        }
    }
}

/// The seed's `WeeklyInsights` with the `requestId` and `timestamp` a server's answer has.
struct InsightsOutput: Encodable {
    let insights: WeeklyInsights
    let requestId: String
    let timestamp: Date

    enum CodingKeys: String, CodingKey {
        case weekStart, weekEnd, days, summary, highlights, suggestions, locked, requestId, timestamp
    }

    /// The fields of `WeeklyInsights` as it encodes them, then `requestId` and `timestamp`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(insights.weekStart, forKey: .weekStart)
        try container.encode(insights.weekEnd, forKey: .weekEnd)
        try container.encode(insights.days, forKey: .days)
        try container.encode(insights.summary, forKey: .summary)
        try container.encode(insights.highlights, forKey: .highlights)
        try container.encode(insights.suggestions, forKey: .suggestions)
        try container.encodeIfPresent(insights.locked, forKey: .locked)
        try container.encode(requestId, forKey: .requestId)
        try container.encode(timestamp, forKey: .timestamp)
    }
}
