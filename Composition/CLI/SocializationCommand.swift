import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness socialization [progress]|log`.
struct SocializationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "socialization",
        abstract: "What the puppy met and how it reacted, per category, over its socialization window.",
        discussion: "The window is the first 16 weeks from the dog's birth date (wellness profile set). While "
            + "the socialization module is off, these commands say so and change nothing (switch it on with: "
            + "wellness modules enable socialization).",
        subcommands: [Progress.self, Log.self], defaultSubcommand: Progress.self)

    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log what the puppy met (now, or when --at says).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "What it met, e.g. \"a man with a hat\".") var what: String
        @Option(help: "people, animals, places, sounds, surfaces or handling.",
                transform: parsed(SocializationCategory.parse)) var category: SocializationCategory
        @Option(help: "How it reacted: 1 fearful, 3 unsure, 5 relaxed and curious.") var reaction: Int
        @Option(help: "When (ISO 8601, e.g. 2026-11-21T08:30; default now).", transform: parsedInstant("--at"))
        var at: Date?

        func validate() throws {
            try refused("--reaction") { try SocializationExposure.checkReaction(reaction) }
            try refused { _ = try SocializationExposure(what: what, category: category, reaction: reaction, at: Date()) }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let exposure = try await console.wellness.socialization.log(what, category: category, reaction: reaction, at: at)
                if console.json { return try console.printJSON(ExposureOutput(exposure)) }
                console.print(console.text.string("cli.socialization.logged", .verbatim(exposure.what),
                                                  .text(exposure.category.name), .verbatim(console.localTime(exposure.at))))
            }
        }
    }

    struct Progress: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Per category: what the puppy met in its window and in all, and how it reacted.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let progress = try await console.wellness.socialization.progress()
                if console.json { return try console.printJSON(SocializationProgressOutput(progress)) }
                let text = console.text
                switch (progress.window, progress.daysLeft) {
                case (let window?, let left?) where left > 0:
                    console.print(text.string("cli.socialization.window", .verbatim(window.upperBound.description), .number(left)))
                case (let window?, _):
                    console.print(text.string("cli.socialization.windowPassed", .verbatim(window.upperBound.description)))
                default:
                    console.print(text.string("cli.socialization.noProfile"))
                }
                console.printTable(header: [text.string("cli.column.category"), text.string("cli.column.inWindow"),
                                            text.string("cli.column.total"), text.string("cli.column.meanReaction"),
                                            text.string("cli.column.lastReaction")],
                                   rows: progress.categories.map { category in
                                       [text.string(category.category.name), String(category.inWindow), String(category.total),
                                        category.meanReaction.map { String(format: "%.1f", $0) } ?? "",
                                        category.lastReaction.map(String.init) ?? ""]
                                   })
                if progress.window != nil, progress.daysLeft ?? 0 > 0, !progress.untried.isEmpty {
                    console.print(text.string("cli.socialization.untried",
                                              .verbatim(progress.untried.map { text.string($0.name) }.joined(separator: ", "))))
                }
            }
        }
    }
}

/// `{"id", "what", "category", "reaction", "at"}`.
struct ExposureOutput: Encodable {
    let id: String
    let what: String
    let category: SocializationCategory
    let reaction: Int
    let at: String

    init(_ exposure: SocializationExposure) {
        id = exposure.id.description
        what = exposure.what
        category = exposure.category
        reaction = exposure.reaction
        at = Timestamp.format(exposure.at)
    }
}

/// `{"windowEnds", "daysLeft", "categories": [{"category", "inWindow", "total", "meanReaction", "lastReaction"}]}`.
struct SocializationProgressOutput: Encodable {
    struct Category: Encodable {
        let category: SocializationCategory
        let inWindow: Int
        let total: Int
        let meanReaction: Double?
        let lastReaction: Int?

        enum CodingKeys: String, CodingKey { case category, inWindow, total, meanReaction, lastReaction }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(category, forKey: .category)
            try container.encode(inWindow, forKey: .inWindow)
            try container.encode(total, forKey: .total)
            try container.encode(meanReaction, forKey: .meanReaction)
            try container.encode(lastReaction, forKey: .lastReaction)
        }
    }

    let windowEnds: String?
    let daysLeft: Int?
    let categories: [Category]

    init(_ progress: SocializationProgress) {
        windowEnds = progress.window?.upperBound.description
        daysLeft = progress.daysLeft
        categories = progress.categories.map {
            Category(category: $0.category, inWindow: $0.inWindow, total: $0.total, meanReaction: $0.meanReaction,
                     lastReaction: $0.lastReaction)
        }
    }

    enum CodingKeys: String, CodingKey { case windowEnds, daysLeft, categories }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(windowEnds, forKey: .windowEnds)
        try container.encode(daysLeft, forKey: .daysLeft)
        try container.encode(categories, forKey: .categories)
    }
}
