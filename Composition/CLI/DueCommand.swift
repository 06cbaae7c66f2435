import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness due [--new]`.
struct DueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due", abstract: "What is due now or overdue: walks, meals, doses, documents, supplements, today's check-in.",
        discussion: "With --new, only what fell due since the previous `due --new` (kept in this store, on this "
            + "device), and nothing at all when nothing did: run it from a timer or cron every few minutes and "
            + "pipe it to a notifier.")

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Only what fell due since the previous `due --new`.") var new = false

    func run() async throws {
        try await Console.run(options) { console in
            let items = new ? try await console.wellness.newlyDue() : try await console.wellness.due()
            if console.json { return try console.printJSON(items.map(DueOutput.init)) }
            if items.isEmpty {
                if !new { console.print(console.text.string("cli.due.none")) }
                return
            }
            for item in items {
                console.print(console.localTime(item.since) + "  " + console.dueLine(item))
            }
        }
    }
}

extension Console {
    /// What a due item asks, in words: `cli.due.<kind>`, given the item's name.
    func dueLine(_ item: DueItem) -> String {
        text.string("cli.due.\(item.kind.rawValue)", .verbatim(item.name))
    }
}

/// `{"kind", "name", "since"}`.
struct DueOutput: Encodable {
    let kind: DueItem.Kind
    let name: String
    let since: String

    init(_ item: DueItem) {
        kind = item.kind
        name = item.name
        since = Timestamp.format(item.since)
    }
}
