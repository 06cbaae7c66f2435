import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness milestones [list]|reach|add`.
struct MilestonesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "milestones", abstract: "Puppy milestones, built-in and your own, and when each was reached.",
        discussion: "While the milestones module is off, these commands say so and change nothing (switch it on "
            + "with: wellness modules enable milestones).",
        subcommands: [List.self, Reach.self, Add.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every milestone, and the day each was reached.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let milestones = try await console.wellness.milestones.list()
                if console.json { return try console.printJSON(milestones.map { MilestoneOutput($0, text: console.text) }) }
                console.printTable(header: [console.text.string("cli.column.id"), console.text.string("cli.column.title"),
                                            console.text.string("cli.column.reached")],
                                   rows: milestones.map { [$0.id, console.title(of: $0), $0.reached?.description ?? ""] })
            }
        }
    }

    struct Reach: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a milestone reached (today, or on --day).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The milestone's id, as `wellness milestones` lists it.") var id: String
        @Option(help: "The day it was reached: YYYY-MM-DD, today, yesterday or -N (default today).",
                transform: parsed(parseDayReference)) var day: DayReference?

        func run() async throws {
            try await Console.run(options) { console in
                let reached = try await console.wellness.milestones.reach(id, on: console.day(day))
                if console.json { return try console.printJSON(MilestoneOutput(reached, text: console.text)) }
                console.print(console.text.string("cli.milestones.reached", .verbatim(console.title(of: reached)),
                                                  .verbatim(reached.reached?.description ?? "")))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a milestone of your own.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "Its title, e.g. \"First swim\".") var title: String

        func validate() throws {
            try refused { try Milestone.checkTitle(title.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let added = try await console.wellness.milestones.add(title: title)
                if console.json { return try console.printJSON(MilestoneOutput(added, text: console.text)) }
                console.print(console.text.string("cli.milestones.added", .verbatim(console.title(of: added)), .verbatim(added.id)))
            }
        }
    }
}

extension Console {
    /// A milestone's title: a built-in one's in the run's language, an own one's as written.
    func title(of milestone: MilestoneStatus) -> String {
        milestone.builtIn.map { text.string($0.title) } ?? milestone.ownTitle ?? milestone.id
    }
}

/// `{"id", "title", "builtIn", "reached"}`.
struct MilestoneOutput: Encodable {
    let id: String
    let title: String
    let builtIn: Bool
    let reached: String?

    init(_ milestone: MilestoneStatus, text: Localizer) {
        id = milestone.id
        title = milestone.builtIn.map { text.string($0.title) } ?? milestone.ownTitle ?? milestone.id
        builtIn = milestone.builtIn != nil
        reached = milestone.reached?.description
    }

    enum CodingKeys: String, CodingKey { case id, title, builtIn, reached }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(builtIn, forKey: .builtIn)
        try container.encode(reached, forKey: .reached)
    }
}
