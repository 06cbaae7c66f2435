import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness queue list|retry|drop`.
struct QueueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue", abstract: "Check-ins waiting to be sent to your server.",
        subcommands: [List.self, Retry.self, Drop.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The queue, oldest first.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let items = try await console.wellness.drift.queued()
                if console.json { return try console.printJSON(items.map(QueuedOutput.init)) }
                if items.isEmpty { return console.print(console.text.string("cli.queue.none")) }
                let text = console.text
                console.printTable(header: [text.string("cli.column.id"), text.string("cli.column.day"),
                                            text.string("cli.column.queued"), text.string("cli.column.retries"), ""],
                                   rows: items.map { [$0.idempotencyKey, $0.checkin.day.description, console.localTime($0.queuedAt),
                                                      "\($0.retryCount)", $0.isHeldForReview ? text.string("cli.queue.held") : ""] })
            }
        }
    }

    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Clear the failures of one item (or --all) so the next sync sends it.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The item's id (or its first 4+ characters).", transform: parsed(idReference)) var id: String?
        @Flag(help: "Every item with failures.") var all = false

        func validate() throws {
            guard (id == nil) != (!all) else {
                throw ValidationError(CLIMessages(locale: CLIContext.current.locale).text.string("cli.error.idOrAll"))
            }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let reset = try await console.wellness.drift.retryQueued(all ? nil : id)
                if console.json { return try console.printJSON(reset.map(QueuedOutput.init)) }
                console.print(console.text.string("cli.queue.retried", .number(reset.count)))
            }
        }
    }

    struct Drop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an item for good (it is not sent).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The item's id (or its first 4+ characters).", transform: parsed(idReference)) var id: String

        func run() async throws {
            try await Console.run(options) { console in
                let item = try await console.wellness.drift.dropQueued(id)
                if console.json { return try console.printJSON(QueuedOutput(item)) }
                console.print(console.text.string("cli.queue.dropped", .verbatim(item.checkin.day.description)))
            }
        }
    }
}

/// A queued check-in: `{"id", "day", "energy", "stress", "social", "keyContact", "queuedAt", "retryCount", "held"}`.
struct QueuedOutput: Encodable {
    let item: QueuedCheckin

    init(_ item: QueuedCheckin) { self.item = item }

    enum CodingKeys: String, CodingKey { case id, day, energy, stress, social, keyContact, queuedAt, retryCount, held }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(item.idempotencyKey, forKey: .id)
        try container.encode(item.checkin.day, forKey: .day)
        try container.encode(item.checkin.energy, forKey: .energy)
        try container.encode(item.checkin.stress, forKey: .stress)
        try container.encode(item.checkin.social, forKey: .social)
        try container.encode(item.checkin.keyContact, forKey: .keyContact)
        try container.encode(item.queuedAt, forKey: .queuedAt)
        try container.encode(item.retryCount, forKey: .retryCount)
        try container.encode(item.isHeldForReview, forKey: .held)
    }
}
