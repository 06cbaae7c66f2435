import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness interventions list|complete|history`.
struct InterventionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interventions",
        abstract: "The daily interventions of the catalog, and ticking them off.",
        subcommands: [List.self, Complete.self, History.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the catalog, in order.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let items = console.wellness.interventions.list()
                if console.json { return try console.printJSON(items.map(InterventionOutput.init)) }
                console.printTable(
                    header: ["ID", console.text.string("cli.column.sections"), console.text.string("cli.column.type"),
                             "ROI", console.text.string("cli.column.title")],
                    rows: items.map { item in
                        [item.id.rawValue, item.sections.map { console.text.string($0.name) }.joined(separator: ", "),
                         item.trackingType.rawValue, item.roi?.rawValue ?? "-", item.title]
                    })
            }
        }
    }

    struct Complete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Tick an intervention off (now, or at --at).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The intervention id, as `wellness interventions list` shows it.") var id: String
        @Option(help: "How many (counters only).") var count: Int = 1
        @Option(help: "When it was done (ISO 8601); default now.", transform: parsedInstant("--at")) var at: Date?

        func run() async throws {
            try await Console.run(options) { console in
                let completion = try await console.wellness.interventions.complete(
                    Intervention.ID(id), count: count, at: at)
                if console.json { return try console.printJSON(CompletionOutput(completion, withID: true)) }
                let title = console.wellness.catalog.item(completion.interventionID)?.title ?? id
                console.print(console.text.string("cli.interventions.completed", .verbatim(title),
                                                  .number(completion.count),
                                                  .verbatim(console.localTime(completion.timestamp))))
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every completion and decision of an intervention.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The intervention id.") var id: String

        func run() async throws {
            try await Console.run(options) { console in
                let history = try await console.wellness.interventions.history(of: Intervention.ID(id))
                if console.json { return try console.printJSON(HistoryOutput(history)) }
                guard !history.completions.isEmpty || !history.decisions.isEmpty else {
                    let title = console.wellness.catalog.item(Intervention.ID(id))?.title ?? id
                    return console.print(console.text.string("cli.history.none", .verbatim(title)))
                }
                console.print(console.text.string("cli.history.completions"))
                console.printTable(
                    header: [console.text.string("cli.column.day"), console.text.string("cli.column.time"),
                             console.text.string("cli.column.count")],
                    rows: history.completions.map { [$0.day.description, console.localTime($0.timestamp), "\($0.count)"] })
                console.print()
                console.print(console.text.string("cli.history.decisions"))
                console.printTable(
                    header: [console.text.string("cli.column.day"), console.text.string("cli.column.status"),
                             console.text.string("cli.column.count")],
                    rows: history.decisions.map { [$0.day.description, $0.status.rawValue, "\($0.count)"] })
            }
        }
    }
}

/// An intervention as in the catalog file.
struct InterventionOutput: Encodable {
    let id: String
    let title: String
    let description: String?
    let sections: [TimeOfDaySection]
    let trackingType: TrackingType
    let roi: ReturnOnInvestment?
    let healthHint: HealthHintType?

    init(_ item: Intervention) {
        id = item.id.rawValue
        title = item.title
        description = item.description
        sections = item.sections
        trackingType = item.trackingType
        roi = item.roi
        healthHint = item.healthHint
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(sections, forKey: .sections)
        try container.encode(trackingType, forKey: .trackingType)
        try container.encode(roi, forKey: .roi)
        try container.encode(healthHint, forKey: .healthHint)
    }

    enum CodingKeys: String, CodingKey { case id, title, description, sections, trackingType, roi, healthHint }
}

/// `{"day", "timestamp", "count"}` (plus `interventionId` right after logging one).
struct CompletionOutput: Encodable {
    let interventionId: String?
    let day: LocalDay
    let timestamp: Date
    let count: Int

    init(_ completion: InterventionCompletion, withID: Bool = false) {
        interventionId = withID ? completion.interventionID.rawValue : nil
        day = completion.day
        timestamp = completion.timestamp
        count = completion.count
    }
}

/// `{"completions": [{"day", "timestamp", "count"}], "decisions": [{"day", "status", "count"}]}`.
struct HistoryOutput: Encodable {
    struct Decision: Encodable {
        let day: LocalDay
        let status: InterventionDecision.Status
        let count: Int
    }

    let completions: [CompletionOutput]
    let decisions: [Decision]

    init(_ history: InterventionHistory) {
        completions = history.completions.map { CompletionOutput($0) }
        decisions = history.decisions.map { Decision(day: $0.day, status: $0.status, count: $0.count) }
    }
}
