import ArgumentParser
import Foundation
import WellnessComposition

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
            // The AI may take its time (up to its timeout): a spinner on stderr says so on a terminal.
            tips = try await Spinner(output: console.context.errors, label: console.text.string("cli.tips.asking")).run {
                try await console.wellness.goals.tips(for: goal.id, refresh: refresh)
            }
        } catch GoalTipsError.noTipsAvailable {
            if console.json { return try console.printJSON(TipsOutput(none: goal.id)) }
            console.showTipsTitle(goal)
            return console.showNoTips(goal)
        }
        if console.json {
            // The note goes to stderr, so the JSON on stdout stays data.
            if let note = console.fallbackNote(tips) { console.warn(note) }
            return try console.printJSON(TipsOutput(tips))
        }
        console.showTipsTitle(goal)
        if tips.stale {
            console.print(console.text.string("cli.tips.stale", .verbatim(console.localTime(tips.generatedAt))))
        }
        if let note = console.fallbackNote(tips) { console.print(note) }
        console.showTips(tips, of: goal)
    }
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
    /// "Tips for …", and the goal's description under it when it has one.
    func showTipsTitle(_ goal: Goal) {
        print(text.string("cli.tips.title", .verbatim(goal.title)))
        if let description = goal.description, !description.isEmpty { print(description) }
    }

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
