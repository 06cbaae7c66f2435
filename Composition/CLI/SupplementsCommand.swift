import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness supplements list|add|edit|move|take|untake|remove|adherence`.
struct SupplementsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "supplements",
        abstract: "Your morning and evening supplement stack, and what you took.",
        subcommands: [List.self, Add.self, Edit.self, Move.self, Take.self, Untake.self, Remove.self, Adherence.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The stack with what was taken on a day.")
        @OptionGroup var options: GlobalOptions
        @Option(parsing: .unconditional,
                help: "The day: YYYY-MM-DD, today, yesterday or -N (N days back); default today.",
                transform: parsed(parseDayReference)) var day: DayReference?

        func run() async throws {
            try await Console.run(options) { console in
                try console.showSupplements(try await console.wellness.supplements.list(day: console.day(day)))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a supplement at the end of its time of day.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The name.") var name: String
        @Option(help: "morning or evening.", transform: parsed { try Supplement.TimeOfDay.parse($0) })
        var time: Supplement.TimeOfDay
        @Option(help: "The dosage, e.g. \"300 mg\".") var dosage: String

        func run() async throws {
            try await Console.run(options) { console in
                let added = try await console.wellness.supplements.add(name: name, timeOfDay: time, dosage: dosage)
                try console.showChanged(added, key: "cli.supplements.added")
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename, re-dose, move to morning/evening, (de)activate.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The supplement's name or id.") var supplement: String
        @Option(help: "A new name.") var name: String?
        @Option(help: "morning or evening.", transform: parsed { try Supplement.TimeOfDay.parse($0) })
        var time: Supplement.TimeOfDay?
        @Option(help: "A new dosage.") var dosage: String?
        @Option(help: "true or false.") var active: Bool?

        func run() async throws {
            try await Console.run(options) { console in
                let edited = try await console.wellness.supplements.edit(
                    supplement, name: name, timeOfDay: time, dosage: dosage, isActive: active)
                try console.showChanged(edited, key: "cli.supplements.edited")
            }
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Reorder: move a supplement to a position (1 = first).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The supplement's name or id.") var supplement: String
        @Option(help: "Its new position within its time of day, from 1.") var to: Int

        func run() async throws {
            try await Console.run(options) { console in
                _ = try await console.wellness.supplements.move(supplement, to: to - 1)
                try console.showSupplements(try await console.wellness.supplements.list())
            }
        }
    }

    struct Take: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a supplement taken on a day.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The supplement's name or id.") var supplement: String
        @Option(parsing: .unconditional,
                help: "The day: YYYY-MM-DD, today, yesterday or -N (N days back); default today.",
                transform: parsed(parseDayReference)) var day: DayReference?

        func run() async throws { try await mark(supplement, taken: true, day: day, options) }
    }

    struct Untake: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a supplement not taken on a day.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The supplement's name or id.") var supplement: String
        @Option(parsing: .unconditional,
                help: "The day: YYYY-MM-DD, today, yesterday or -N (N days back); default today.",
                transform: parsed(parseDayReference)) var day: DayReference?

        func run() async throws { try await mark(supplement, taken: false, day: day, options) }
    }

    static func mark(_ supplement: String, taken: Bool, day: DayReference?, _ options: GlobalOptions) async throws {
        try await Console.run(options) { console in
            let log = try await console.wellness.supplements.setTaken(supplement, taken: taken, day: console.day(day))
            try console.showSupplements(try await console.wellness.supplements.list(day: log.day))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a supplement (its history is kept).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The supplement's name or id.") var supplement: String

        func run() async throws {
            try await Console.run(options) { console in
                let removed = try await console.wellness.supplements.remove(supplement)
                try console.showChanged(removed, key: "cli.supplements.removed")
            }
        }
    }

    struct Adherence: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "How often each active supplement was taken.")
        @OptionGroup var options: GlobalOptions
        @Option(help: "7 or 30.", transform: parsed { text in
            guard let days = Int(text), GetSupplementAdherence.windows.contains(days) else {
                throw InvalidValue(kind: .adherenceWindow, value: text, valid: GetSupplementAdherence.windows.map(String.init))
            }
            return days
        })
        var days: Int = 7

        func run() async throws {
            try await Console.run(options) { console in
                let adherence = try await console.wellness.supplements.adherence(days: days)
                if console.json { return try console.printJSON(AdherenceOutput(adherence)) }
                console.print(console.text.string("cli.supplements.adherence", .number(adherence.days),
                                                  .verbatim(adherence.from.description),
                                                  .verbatim(adherence.through.description),
                                                  .number(Int((adherence.overall * 100).rounded()))))
                console.printTable(
                    header: [console.text.string("cli.column.name"), console.text.string("cli.column.taken"), "%"],
                    rows: adherence.entries.map {
                        [$0.supplement.name, "\($0.takenDays)/\(adherence.days)", "\(Int(($0.rate * 100).rounded()))"]
                    })
            }
        }
    }
}

/// `{"id", "name", "timeOfDay", "dosage", "active", "taken"}`.
struct SupplementOutput: Encodable {
    let id: String
    let name: String
    let timeOfDay: Supplement.TimeOfDay
    let dosage: String
    let active: Bool
    let taken: Bool?

    init(_ supplement: Supplement, taken: Bool?) {
        id = supplement.id.description
        name = supplement.name
        timeOfDay = supplement.timeOfDay
        dosage = supplement.dosage
        active = supplement.isActive
        self.taken = taken
    }
}

/// `{"days", "from", "through", "overall", "supplements": [{"id", "name", "takenDays", "rate"}]}`.
struct AdherenceOutput: Encodable {
    struct Entry: Encodable {
        let id: String
        let name: String
        let takenDays: Int
        let rate: Double
    }

    let days: Int
    let from: LocalDay
    let through: LocalDay
    let overall: Double
    let supplements: [Entry]

    init(_ adherence: SupplementAdherence) {
        days = adherence.days
        from = adherence.from
        through = adherence.through
        overall = adherence.overall
        supplements = adherence.entries.map {
            Entry(id: $0.supplement.id.description, name: $0.supplement.name, takenDays: $0.takenDays, rate: $0.rate)
        }
    }
}

extension Console {
    func showSupplements(_ statuses: [SupplementStatus]) throws {
        if json { return try printJSON(statuses.map { SupplementOutput($0.supplement, taken: $0.taken) }) }
        if statuses.isEmpty { return print(text.string("cli.supplements.none")) }
        // Every supplement is listed, so the short ids are unique among all of them.
        let shortIDs = ShortIDs(of: statuses.map(\.supplement.id))
        printTable(
            header: [text.string("cli.column.taken"), text.string("cli.column.name"), text.string("cli.column.dosage"),
                     text.string("cli.column.time"), "ID"],
            rows: statuses.map { status in
                let s = status.supplement
                return [status.taken ? "[x]" : "[ ]", s.name + (s.isActive ? "" : " (" + text.string("cli.supplements.inactive") + ")"),
                        s.dosage, text.string(s.timeOfDay.name), shortIDs.shortID(s.id)]
            })
    }

    func showChanged(_ supplement: Supplement, key: String) throws {
        if json { return try printJSON(SupplementOutput(supplement, taken: nil)) }
        print(text.string(key, .verbatim(supplement.name)))
    }
}
