import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness deck [show]|done|skip|swipe`: settle the missed items of the last 24 hours.
struct DeckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deck",
        abstract: "The catch-up deck: undecided items of sections that ended in the last 24 hours.",
        subcommands: [Show.self, Done.self, Skip.self, Swipe.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the cards and what is left to do now.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let result = try await console.wellness.catchUp.deck()
                if console.json { return try console.printJSON(DeckOutput(result, console.text)) }
                console.showDeck(result)
            }
        }
    }

    /// The card a decision is about.
    struct CardChoice: ParsableArguments {
        @Argument(help: "The intervention id of the card.") var id: String
        @Option(parsing: .unconditional, help: "The card's day: YYYY-MM-DD, yesterday, today or -N (N days back).",
                transform: parsed(parseDayReference)) var day: DayReference

        func decide(_ status: InterventionDecision.Status, count: Int?, _ options: GlobalOptions) async throws {
            try await Console.run(options) { console in
                let decision = try await console.wellness.catchUp.decide(
                    Intervention.ID(id), day: console.day(day), status: status, count: count)
                if console.json { return try console.printJSON(DecisionOutput(decision)) }
                let title = console.wellness.catalog.item(decision.interventionID)?.title ?? id
                console.print(console.text.string(status == .done ? "cli.deck.markedDone" : "cli.deck.markedSkipped",
                                                  .verbatim(title), .verbatim(decision.day.description)))
            }
        }
    }

    struct Done: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mark a card done: logs a completion at noon of its day.")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var card: CardChoice
        @Option(help: "How many (counters only; default 1).") var count: Int?

        func run() async throws { try await card.decide(.done, count: count, options) }
    }

    struct Skip: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a card skipped (no completion).")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var card: CardChoice

        func run() async throws { try await card.decide(.skipped, count: nil, options) }
    }

    struct Swipe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Swipe through the deck in the terminal.",
            discussion: "→ or d: done · ← or s: skip · + / -: adjust a counter · q: quit.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let context = CLIContext.current
            guard context.input.isTerminal, context.output.isTerminal, let input = context.input.fileDescriptor,
                  let output = context.output.fileDescriptor else {
                throw CLIError.notATerminal(command: "deck swipe", instead: "wellness deck done|skip <id> --day YYYY-MM-DD")
            }
            try await Console.run(options) { console in
                try await TerminalDeck(console: console, input: input, output: output).run()
            }
        }
    }
}

extension Console {
    /// The cards as a numbered list, then the current section's summary.
    func showDeck(_ result: CatchUpResult) {
        if result.cards.isEmpty {
            print(text.string("cli.deck.empty"))
        } else {
            print(text.string("cli.deck.count", .number(result.cards.count)))
            for (index, card) in result.cards.enumerated() {
                print()
                cardLines(card, hint: result.hint(for: card), count: card.defaultCount, number: index + 1).forEach { print($0) }
            }
            print()
            print(text.string("cli.deck.howTo"))
        }
        print()
        print(sectionSummary(result.summary))
    }

    /// A card in full: label and id, title, description, type and ROI, count, health hint.
    func cardLines(_ card: CatchUpCard, hint: HealthHintStatus?, count: Int?, number: Int? = nil) -> [String] {
        var lines = ["\(number.map { "\($0). " } ?? "")\(text.string(card.label))  [\(card.interventionID) --day \(card.day)]",
                     "   \(card.title)"]
        if let description = card.description { lines.append("   \(description)") }
        var facts = [card.trackingType.rawValue]
        if let roi = card.roi { facts.append(text.string("cli.deck.roi", .verbatim(roi.rawValue))) }
        if let count { facts.append(text.string("cli.deck.countValue", .number(count))) }
        lines.append("   " + facts.joined(separator: " · "))
        if let hint { lines.append("   ♥ " + text.string(hint.text)) }
        return lines
    }

    /// "Afternoon: 2 h 15 min left. Still to do: …" or "All caught up".
    func sectionSummary(_ summary: CurrentSectionSummary) -> String {
        guard let section = summary.section, let minutes = summary.minutesRemaining else {
            return text.string("cli.deck.allCaughtUp")
        }
        let titles = summary.pending.map { wellness.catalog.item($0)?.title ?? $0.rawValue }
        let left = text.string("cli.deck.sectionLeft", .text(section.name), .number(minutes / 60), .number(minutes % 60))
        return titles.isEmpty ? left + " " + text.string("cli.deck.nothingPending")
            : left + " " + text.string("cli.deck.pending", .verbatim(titles.joined(separator: ", ")))
    }
}
