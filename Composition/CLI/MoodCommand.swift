import ArgumentParser
import Foundation
import WellnessComposition

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
        @Option(parsing: .unconditional,
                help: "The day: YYYY-MM-DD, today, yesterday or -N (N days back); default today.",
                transform: parsed(parseDayReference)) var day: DayReference?

        func validate() throws {
            try refused { try MoodEntry.checkScore(score) }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let entry = try await console.wellness.moods.log(score: score, note: note, day: console.day(day))
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
