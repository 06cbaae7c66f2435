import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness goals add|list|remove`.
struct GoalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goals", abstract: "Your goals (ask for tips with `wellness tips <goal-id>`).",
        subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a goal.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The goal, e.g. \"Exercise 3x per week\".") var title: String
        @Option(help: "More detail.") var description: String?

        func run() async throws {
            try await Console.run(options) { console in
                let goal = try await console.wellness.goals.add(title: title, description: description)
                if console.json { return try console.printJSON(GoalOutput(goal)) }
                console.print(console.text.string("cli.goals.added", .verbatim(goal.title), .verbatim(goal.id.description)))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your goals.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let goals = try await console.wellness.goals.list()
                if console.json { return try console.printJSON(goals.map(GoalOutput.init)) }
                if goals.isEmpty { return console.print(console.text.string("cli.goals.none")) }
                console.printTable(header: ["ID", console.text.string("cli.column.title"), console.text.string("cli.column.since")],
                                   rows: goals.map { [$0.id.description, $0.title, console.localTime($0.createdAt)] })
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a goal and its tips.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The goal's id (or its first characters).", transform: parsed(idReference)) var id: String

        func run() async throws {
            try await Console.run(options) { console in
                let goal = try await console.wellness.goals.find(id)
                try await console.wellness.goals.remove(goal.id)
                if console.json { return try console.printJSON(GoalOutput(goal)) }
                console.print(console.text.string("cli.goals.removed", .verbatim(goal.title)))
            }
        }
    }
}

/// `{"id", "title", "description", "createdAt"}`.
struct GoalOutput: Encodable {
    let id: String
    let title: String
    let description: String?
    let createdAt: Date

    init(_ goal: Goal) {
        id = goal.id.description
        title = goal.title
        description = goal.description
        createdAt = goal.createdAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(createdAt, forKey: .createdAt)
    }

    enum CodingKeys: String, CodingKey { case id, title, description, createdAt }
}
