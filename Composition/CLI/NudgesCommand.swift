import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness nudges [list]|dismiss|apply`.
struct NudgesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nudges",
        abstract: "Suggestions to adapt the app to how you use it.",
        subcommands: [List.self, Dismiss.self, Apply.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the suggestions that apply now.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                try console.showNudges(try await console.wellness.nudges.evaluate())
            }
        }
    }

    struct Dismiss: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Not now: hide a suggestion for 30 days (it returns only if it still applies).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The nudge id, as `wellness nudges` shows it.", transform: parsed { try NudgeID.parse($0) })
        var id: NudgeID

        func run() async throws {
            try await Console.run(options) { console in
                let snooze = try await console.wellness.nudges.dismiss(id)
                if console.json { return try console.printJSON(SnoozeOutput(id: snooze.nudgeID, until: snooze.until)) }
                console.print(console.text.string("cli.nudges.snoozed", .verbatim(snooze.nudgeID),
                                                  .verbatim(console.localTime(snooze.until))))
            }
        }
    }

    struct Apply: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Carry out a suggestion's action.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The nudge id, as `wellness nudges` shows it.", transform: parsed { try NudgeID.parse($0) })
        var id: NudgeID

        func run() async throws {
            try await Console.run(options) { console in
                let outcome = try await console.wellness.nudges.apply(id)
                if console.json { return try console.printJSON(ApplyOutput(id: id, outcome: outcome, console.text)) }
                switch outcome {
                case .disabled(let entries):
                    console.print(console.text.string("cli.nudges.disabled", .verbatim(console.names(entries))))
                case .enabled(let entry):
                    console.print(console.text.string("cli.nudges.enabled", .verbatim(console.names([entry]))))
                case .review(let entries):
                    console.print(console.text.string("cli.nudges.review"))
                    console.printTable(
                        header: [console.text.string("cli.column.module"), console.text.string("cli.column.enabled"),
                                 console.text.string("cli.column.lastUsed")],
                        rows: entries.map { [$0.module, console.yesNo($0.isEnabled), console.localTime($0.lastUsed)] })
                }
            }
        }
    }
}

/// `{"id", "until"}` after a dismissal.
struct SnoozeOutput: Encodable {
    let id: String
    let until: Date
}

/// `{"id", "action": "disable|enable|review", "modules": [...]}` after applying a nudge.
struct ApplyOutput: Encodable {
    let id: String
    let action: String
    let modules: [ModuleOutput]

    init(id: NudgeID, outcome: NudgeOutcome, _ text: Localizer) {
        self.id = id.description
        let entries: [ModuleEntry]
        switch outcome {
        case .disabled(let disabled): (action, entries) = ("disable", disabled)
        case .enabled(let enabled): (action, entries) = ("enable", [enabled])
        case .review(let review): (action, entries) = ("review", review)
        }
        modules = entries.map { ModuleOutput($0, text) }
    }
}

extension Console {
    /// The nudges as a table (id, action, title — subtitle), or their JSON array.
    func showNudges(_ nudges: [Nudge]) throws {
        if json { return try printJSON(nudges.map { NudgeOutput($0, text) }) }
        guard !nudges.isEmpty else { return print(text.string("cli.nudges.none")) }
        printTable(header: [text.string("cli.column.id"), text.string("cli.column.action"),
                            text.string("cli.column.nudge")],
                   rows: nudges.map { [$0.id.description, text.string($0.actionLabel),
                                       "\(text.string($0.title)) — \(text.string($0.subtitle))"] })
        print()
        print(text.string("cli.nudges.hint", .text(LocalizedText("nudge.dismiss"))))
    }

    /// Display names joined by commas ("—" when empty).
    func names(_ entries: [ModuleEntry]) -> String {
        entries.isEmpty ? "—" : entries.map { $0.trackingModule.map { text.string($0.name) } ?? $0.module }
            .joined(separator: ", ")
    }
}
