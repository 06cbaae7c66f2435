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

/// `wellness mood log|list`.
struct MoodCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mood", abstract: "How you feel, 1 (low) to 5 (great), one entry a day.",
        subcommands: [List.self, Log.self], defaultSubcommand: List.self)

    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log a mood (again the same day replaces it).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "1 (low) to 5 (great).") var score: Int
        @Option(help: "A note.") var note: String?
        @Option(help: "The day, YYYY-MM-DD (default today).", transform: parsed(parseDay)) var day: LocalDay?

        func validate() throws {
            try refused { try MoodEntry.checkScore(score) }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let entry = try await console.wellness.moods.log(score: score, note: note, day: day)
                if console.json { return try console.printJSON(MoodOutput(entry)) }
                console.print(console.text.string("cli.mood.logged", .number(entry.score), .verbatim(entry.day.description)))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Moods of the last N days.")
        @OptionGroup var options: GlobalOptions
        @Option(help: "How many days back, today included, 1 to 36500 (default 30).") var days: Int = 30

        func validate() throws {
            try refusedDays(days)
        }

        func run() async throws {
            try await Console.run(options) { console in
                let moods = try await console.wellness.moods.list(days: days)
                if console.json { return try console.printJSON(moods.map(MoodOutput.init)) }
                if moods.isEmpty { return console.print(console.text.string("cli.mood.none")) }
                console.printTable(header: [console.text.string("cli.column.day"), console.text.string("cli.column.mood"),
                                            console.text.string("cli.column.notes")],
                                   rows: moods.map { [$0.day.description, String(repeating: "●", count: $0.score)
                                                        + String(repeating: "○", count: 5 - $0.score), $0.note ?? ""] })
            }
        }
    }
}

/// `wellness tips <goal-id> [--refresh]`.
struct TipsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tips", abstract: "Personal tips for a goal, from your moods, journal and other goals.")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The goal's id (or its first characters); see `wellness goals list`.", transform: parsed(idReference))
    var goal: String
    @Flag(help: "Ask the tips service again even when fresh tips are cached.") var refresh = false
    @OptionGroup(title: "AI tips") var tips: TipsOptions

    func run() async throws {
        try await Console.run(options, tips: tips) { console in try await Self.show(goal, refresh: refresh, on: console) }
    }

    /// The tips of the goal `reference` names, or the seed's empty state when there are none.
    static func show(_ reference: String, refresh: Bool, on console: Console) async throws {
        let goal = try await console.wellness.goals.find(reference)
        let tips: GoalTips
        do {
            tips = try await console.wellness.goals.tips(for: goal.id, refresh: refresh)
        } catch GoalTipsError.noTipsAvailable {
            if console.json { return try console.printJSON(TipsOutput(none: goal.id)) }
            console.print(console.text.string("cli.tips.title", .verbatim(goal.title)))
            return console.showNoTips(goal)
        }
        if console.json {
            // The note goes to stderr, so the JSON on stdout stays data.
            if let note = console.fallbackNote(tips) { console.warn(note) }
            return try console.printJSON(TipsOutput(tips))
        }
        console.print(console.text.string("cli.tips.title", .verbatim(goal.title)))
        if tips.stale {
            console.print(console.text.string("cli.tips.stale", .verbatim(console.localTime(tips.generatedAt))))
        }
        if let note = console.fallbackNote(tips) { console.print(note) }
        console.showTips(tips, of: goal)
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

/// `{"day", "score", "note"}`.
struct MoodOutput: Encodable {
    let day: LocalDay
    let score: Int
    let note: String?

    init(_ entry: MoodEntry) {
        day = entry.day
        score = entry.score
        note = entry.note
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(day, forKey: .day)
        try container.encode(score, forKey: .score)
        try container.encode(note, forKey: .note)
    }

    enum CodingKeys: String, CodingKey { case day, score, note }
}

/// `{"goalId", "generatedAt", "stale", "source", "tips": [{"id", "tip", "category", "priority"}]}`;
/// `source` is `ai` or `rules` (`null` when there are no tips).
struct TipsOutput: Encodable {
    struct Tip: Encodable {
        let id: String
        let tip: String
        let category: TipCategory
        let priority: TipPriority
    }

    let goalId: String
    /// When the tips were made; `null` when there are none (``GoalTipsError/noTipsAvailable(_:)``).
    let generatedAt: Date?
    let stale: Bool
    let source: TipSource?
    let tips: [Tip]

    /// No tips available for the goal: `{"goalId", "generatedAt": null, "stale": false, "source": null, "tips": []}`.
    init(none goalID: Goal.ID) {
        goalId = goalID.description
        generatedAt = nil
        stale = false
        source = nil
        tips = []
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(goalId, forKey: .goalId)
        try container.encode(generatedAt, forKey: .generatedAt)
        try container.encode(stale, forKey: .stale)
        try container.encode(source, forKey: .source)
        try container.encode(tips, forKey: .tips)
    }

    enum CodingKeys: String, CodingKey { case goalId, generatedAt, stale, source, tips }

    init(_ tips: GoalTips) {
        goalId = tips.goalID.description
        generatedAt = tips.generatedAt
        stale = tips.stale
        source = tips.source
        self.tips = tips.tips.map { Tip(id: $0.id.description, tip: $0.tip, category: $0.category, priority: $0.priority) }
    }
}

extension Console {
    /// Why these tips come from the rules although another service was asked: what would be sent
    /// where, or what went wrong. `nil` when the service answered.
    func fallbackNote(_ tips: GoalTips) -> String? {
        switch tips.fallback {
        case nil: nil
        case .remoteNotAllowed(let destination)?: text.string("cli.tips.remoteNotAllowed", .verbatim(destination))
        case let error?: text.string("cli.tips.rules", .text(error.message))
        }
    }

    /// Tips grouped by priority, each with its category label; the empty state when none.
    func showTips(_ tips: GoalTips, of goal: Goal) {
        guard !tips.tips.isEmpty else { return showNoTips(goal) }
        for priority in TipPriority.allCases {
            let group = tips.tips.filter { $0.priority == priority }
            guard !group.isEmpty else { continue }
            print()
            print(text.string(priority.name))
            for tip in group { print("  [\(text.string(tip.category.name))] \(tip.tip)") }
        }
    }

    /// The seed's empty state: encouraging, with what to do and the command that gets tips.
    func showNoTips(_ goal: Goal) {
        print()
        print(text.string("cli.tips.empty"))
        print(text.string("cli.tips.empty.help", .verbatim(goal.id.description)))
    }
}
