import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness journal toggle|note|show|list|tags`.
struct JournalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "The daily journal: tags and notes, saved the moment they change.",
        subcommands: [Show.self, Toggle.self, Note.self, List.self, Tags.self],
        defaultSubcommand: Show.self)

    struct Toggle: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Switch a tag of a day on or off.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The tag (see `wellness journal tags`).", transform: parsed { try JournalTag.parse($0) })
        var tag: JournalTag
        @Option(parsing: .unconditional,
                help: "The day: YYYY-MM-DD, today, yesterday or -N (N days back); default today.",
                transform: parsed(parseDayReference)) var day: DayReference?

        func run() async throws {
            try await Console.run(options) { console in
                try console.showJournal(try await console.wellness.journal.toggleTag(tag, day: console.day(day)))
            }
        }
    }

    struct Note: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a day's notes (empty text clears them).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The notes.") var text: String
        @Option(parsing: .unconditional,
                help: "The day: YYYY-MM-DD, today, yesterday or -N (N days back); default today.",
                transform: parsed(parseDayReference)) var day: DayReference?

        func run() async throws {
            try await Console.run(options) { console in
                try console.showJournal(try await console.wellness.journal.setNotes(text, day: console.day(day)))
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a day's journal exactly as left.")
        @OptionGroup var options: GlobalOptions
        @Option(parsing: .unconditional,
                help: "The day: YYYY-MM-DD, today, yesterday or -N (N days back); default today.",
                transform: parsed(parseDayReference)) var day: DayReference?

        func run() async throws {
            try await Console.run(options) { console in
                try console.showJournal(try await console.wellness.journal.day(console.day(day)), withLegacy: true)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The journals of the last N days.")
        @OptionGroup var options: GlobalOptions
        @Option(help: "How many days back, today included, 1 to 36500 (default 7).") var days: Int = 7

        func validate() throws {
            try refusedDays(days)
        }

        func run() async throws {
            try await Console.run(options) { console in
                let journals = try await console.wellness.journal.list(days: days)
                if console.json { return try console.printJSON(journals.map { JournalOutput($0, withLegacy: false) }) }
                if journals.isEmpty { return console.print(console.text.string("cli.journal.none")) }
                console.printTable(
                    header: [console.text.string("cli.column.day"), console.text.string("cli.column.tags"),
                             console.text.string("cli.column.notes")],
                    rows: journals.map { [$0.day.description, console.tagNames($0), ($0.notes ?? "").prefix(60).description] })
            }
        }
    }

    struct Tags: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the tags.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                if console.json {
                    return try console.printJSON(JournalTag.allCases.map {
                        TagOutput(tag: $0.rawValue, name: console.text.string($0.name), systemImage: $0.systemImage,
                                  color: $0.colorHex)
                    })
                }
                console.printTable(header: [console.text.string("cli.column.tag"), console.text.string("cli.column.name")],
                                   rows: JournalTag.allCases.map { [$0.rawValue, console.text.string($0.name)] })
            }
        }
    }
}

/// `{"day", "tags", "notes"}` (plus the legacy booleans for `journal show`).
struct JournalOutput: Encodable {
    let day: LocalDay
    let tags: [String]
    let notes: String?
    let legacy: DailyJournal.LegacyFlags?

    init(_ journal: DailyJournal, withLegacy: Bool) {
        day = journal.day
        tags = journal.tags
        notes = journal.notes
        legacy = withLegacy ? journal.legacy : nil
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(day, forKey: .day)
        try container.encode(tags, forKey: .tags)
        try container.encode(notes, forKey: .notes)
        try legacy?.encode(to: encoder)
    }

    enum CodingKeys: String, CodingKey { case day, tags, notes }
}

/// `{"tag", "name", "systemImage", "color"}`.
struct TagOutput: Encodable {
    let tag: String
    let name: String
    let systemImage: String
    let color: String
}

extension Console {
    func showJournal(_ journal: DailyJournal, withLegacy: Bool = false) throws {
        if json { return try printJSON(JournalOutput(journal, withLegacy: withLegacy)) }
        print(text.string("cli.journal.title", .verbatim(journal.day.description)))
        print(text.string("cli.journal.tags", .verbatim(journal.tags.isEmpty ? "—" : tagNames(journal))))
        print(text.string("cli.journal.notes", .verbatim(journal.notes ?? "—")))
    }

    /// Display names of known tags, raw values of unknown ones.
    func tagNames(_ journal: DailyJournal) -> String {
        journal.tags.map { raw in JournalTag(rawValue: raw).map { text.string($0.name) } ?? raw }.joined(separator: ", ")
    }
}
