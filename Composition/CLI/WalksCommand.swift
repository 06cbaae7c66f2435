import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness walks [list]|add|plan`.
struct WalksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walks", abstract: "Walks with the dog: add them, list them, plan them.",
        discussion: "Walking workouts imported from Apple Health count as walks. While the walks module is off, "
            + "these commands say so and change nothing (switch it on with: wellness modules enable walks).",
        subcommands: [List.self, Add.self, Plan.self], defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a walk (now, or when --at says).")
        @OptionGroup var options: GlobalOptions
        @Option(help: "When it started (ISO 8601, e.g. 2026-11-21T08:30; default now).", transform: parsedInstant("--at"))
        var at: Date?
        @Option(help: "How long, in minutes (1 to 1440).") var minutes: Int?
        @Option(help: "How far, in kilometres (0.01 to 100).") var km: Double?
        @Option(help: "A note.") var note: String?

        func validate() throws {
            try refused("--minutes") { _ = try Walk(start: Date(), minutes: minutes) }
            try refused("--km") { _ = try Walk(start: Date(), kilometres: km) }
            try refused("--note") { _ = try Walk(start: Date(), note: note) }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let walk = try await console.wellness.walks.add(start: at, minutes: minutes, kilometres: km, note: note)
                if console.json { return try console.printJSON(WalkOutput(WalkEntry(walk))) }
                console.print(console.text.string("cli.walks.added", .verbatim(console.localTime(walk.start))))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Walks of the last N days, and today's plan.")
        @OptionGroup var options: GlobalOptions
        @Option(help: "How many days back, today included, 1 to 36500 (default 30).") var days: Int = 30

        func validate() throws {
            try refusedDays(days)
        }

        func run() async throws {
            try await Console.run(options) { console in
                let walks = try await console.wellness.walks.list(days: days)
                let today = try await console.wellness.walks.today()
                if console.json {
                    return try console.printJSON(WalksOutput(walks: walks.map(WalkOutput.init),
                                                             today: today.map { PlannedWalkOutput($0, now: console.now) }))
                }
                if walks.isEmpty {
                    console.print(console.text.string("cli.walks.none"))
                } else {
                    console.printTable(header: [console.text.string("cli.column.when"), console.text.string("cli.column.minutes"),
                                                console.text.string("cli.column.km"), console.text.string("cli.column.source"),
                                                console.text.string("cli.column.notes")],
                                       rows: walks.map { walk in
                                           [console.localTime(walk.start), walk.minutes.map(String.init) ?? "",
                                            walk.kilometres.map { String(format: "%.2f", $0) } ?? "", console.origin(walk.origin),
                                            walk.note ?? ""]
                                       })
                }
                console.printPlan(today)
            }
        }
    }

    struct Plan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Plan walks at these times every day (local time, HH:MM); without times, show the plan.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "Times of day, e.g. 07:30 18:00 (at most 12).", transform: parsed(WallTime.parse))
        var times: [WallTime] = []
        @Flag(help: "Plan no walks any more.") var clear = false

        func validate() throws {
            if clear && !times.isEmpty {
                throw ValidationError(CLIMessages(locale: CLIContext.current.locale).text.string("cli.walks.clearOrTimes"))
            }
            try refused { _ = try WalkPlan.checked(times) }
        }

        func run() async throws {
            try await Console.run(options) { console in
                if clear || !times.isEmpty { try await console.wellness.walks.plan(clear ? [] : times) }
                let today = try await console.wellness.walks.today()
                if console.json { return try console.printJSON(today.map { PlannedWalkOutput($0, now: console.now) }) }
                if today.isEmpty { return console.print(console.text.string("cli.walks.noPlan")) }
                console.printPlan(today)
            }
        }
    }
}

extension Console {
    /// Where a listed walk comes from: added, or the health data's source.
    func origin(_ origin: WalkEntry.Origin) -> String {
        switch origin {
        case .added: text.string("cli.walks.added.origin")
        case .health(let source): text.string("cli.walks.health.origin", .verbatim(source))
        }
    }

    /// Today's planned walks, one line each: the time and where it stands.
    func printPlan(_ today: [PlannedWalkStatus]) {
        guard !today.isEmpty else { return }
        print(text.string("cli.walks.today"))
        for planned in today {
            let state = planned.state(at: now)
            let walked = planned.walked.map { " (" + localTime($0) + ")" } ?? ""
            print("  \(planned.time)  " + text.string("cli.walks.state.\(state.rawValue)") + walked)
        }
    }
}

/// `{"walks": [walk], "today": [planned]}`.
struct WalksOutput: Encodable {
    let walks: [WalkOutput]
    let today: [PlannedWalkOutput]
}

/// `{"start", "minutes", "km", "note", "source", "id"}`: `source` is `added` or the health data's source.
struct WalkOutput: Encodable {
    let entry: WalkEntry

    init(_ entry: WalkEntry) { self.entry = entry }

    enum CodingKeys: String, CodingKey { case id, start, minutes, km, note, source }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch entry.origin {
        case .added(let id):
            try container.encode(id.description, forKey: .id)
            try container.encode("added", forKey: .source)
        case .health(let source):
            try container.encodeNil(forKey: .id)
            try container.encode(source, forKey: .source)
        }
        try container.encode(Timestamp.format(entry.start), forKey: .start)
        try container.encode(entry.minutes, forKey: .minutes)
        try container.encode(entry.kilometres, forKey: .km)
        try container.encode(entry.note, forKey: .note)
    }
}

/// `{"time", "state", "walked"}`.
struct PlannedWalkOutput: Encodable {
    let time: String
    let state: PlannedWalkStatus.State
    let walked: String?

    init(_ planned: PlannedWalkStatus, now: Date) {
        time = planned.time.description
        state = planned.state(at: now)
        walked = planned.walked.map(Timestamp.format)
    }

    enum CodingKeys: String, CodingKey { case time, state, walked }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(state, forKey: .state)
        try container.encode(walked, forKey: .walked)
    }
}
