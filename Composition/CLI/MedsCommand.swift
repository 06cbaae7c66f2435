import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness meds [list]|add|give|remove`.
struct MedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meds", abstract: "Medications on a schedule: add them, give a dose, list what is next and overdue.",
        discussion: "Doses fall due every period from the first (--from at --time): hours are elapsed hours, days "
            + "and weeks keep the time of day, months keep the day of the month (or the month's last day). A dose "
            + "given late does not move the schedule. While the medications module is off, these commands say so "
            + "and change nothing (switch it on with: wellness modules enable medications).",
        subcommands: [List.self, Add.self, Give.self, Remove.self], defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a medication given on a schedule.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "Its name (unique, in any case).") var name: String
        @Option(help: "How often: hours, days, weeks or months, e.g. 12h, 1d, 4w, 3mo.",
                transform: parsed(MedicationPeriod.parse))
        var every: MedicationPeriod
        @Option(help: "The day of the first dose, YYYY-MM-DD.", transform: parsed(parseDay)) var from: LocalDay
        @Option(help: "The local time of day of the first dose, HH:MM (default 08:00).", transform: parsed(WallTime.parse))
        var time: WallTime?
        @Option(help: "The dose, e.g. \"1 tablet\".") var dose: String?
        @Option(help: "The last day a dose falls due on, YYYY-MM-DD.", transform: parsed(parseDay)) var until: LocalDay?

        var medication: Medication {
            get throws {
                try Medication(name: name, period: every, from: from, time: time ?? Medication.defaultTime, dose: dose,
                               until: until)
            }
        }

        func validate() throws {
            try refused("--dose") { _ = try Medication(name: "x", period: every, from: from, dose: dose) }
            try refused("--until") { _ = try Medication(name: "x", period: every, from: from, until: until) }
            try refused { _ = try medication }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let medication: Medication
                do {
                    medication = try await console.wellness.medications.add(try self.medication)
                } catch let error as MedicationError where error.code == .alreadyExists {
                    // A name given twice is a value refused, as the other bad values are (exit 64).
                    throw CLIFailure(message: "<name>: " + console.messages.message(for: error), status: 64)
                }
                let status = try await console.wellness.medications.list().first { $0.medication.key == medication.key }
                if console.json, let status { return try console.printJSON(MedicationOutput(status)) }
                console.print(console.text.string("cli.meds.added", .verbatim(medication.name),
                                                  .verbatim(medication.period.description),
                                                  .verbatim(console.localTime(MedicationSchedule(medication, in: console.calendar.timeZone).first))))
            }
        }
    }

    struct Give: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a dose (now, or when --at says).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The medication's name (any case).") var name: String
        @Option(help: "When it was given (ISO 8601, e.g. 2026-11-21T08:30; default now).", transform: parsedInstant("--at"))
        var at: Date?

        func run() async throws {
            try await Console.run(options) { console in
                let given = try await console.wellness.medications.give(name, at: at)
                if console.json { return try console.printJSON(GivenOutput(given)) }
                let name = given.medication.name, at = console.localTime(given.dose.at)
                console.print(given.counted.map {
                    console.text.string("cli.meds.given", .verbatim(name), .verbatim(at), .verbatim(console.localTime($0)))
                } ?? console.text.string("cli.meds.given.extra", .verbatim(name), .verbatim(at)))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Each medication: its next dose, the one overdue, the last given.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let statuses = try await console.wellness.medications.list()
                if console.json { return try console.printJSON(statuses.map(MedicationOutput.init)) }
                if statuses.isEmpty { return console.print(console.text.string("cli.meds.none")) }
                let text = console.text
                console.printTable(header: [text.string("cli.column.name"), text.string("cli.column.every"),
                                            text.string("cli.column.dosage"), text.string("cli.column.next"),
                                            text.string("cli.column.overdue"), text.string("cli.column.lastGiven")],
                                   rows: statuses.map { status in
                                       [status.medication.name, status.medication.period.description,
                                        status.medication.dose ?? "",
                                        status.next.map { console.localTime($0) } ?? text.string("cli.meds.ended"),
                                        status.overdue.map { console.localTime($0) } ?? "",
                                        status.lastGiven.map { console.localTime($0) } ?? ""]
                                   })
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a medication; the doses given stay as history.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The medication's name (any case).") var name: String

        func run() async throws {
            try await Console.run(options) { console in
                let removed = try await console.wellness.medications.remove(name)
                if console.json { return try console.printJSON(["removed": removed.name]) }
                console.print(console.text.string("cli.meds.removed", .verbatim(removed.name)))
            }
        }
    }
}

/// `{"name", "every", "from", "time", "dose", "until", "next", "overdue", "lastGiven"}`.
struct MedicationOutput: Encodable {
    let status: MedicationStatus

    init(_ status: MedicationStatus) { self.status = status }

    enum CodingKeys: String, CodingKey { case name, every, from, time, dose, until, next, overdue, lastGiven }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let medication = status.medication
        try container.encode(medication.name, forKey: .name)
        try container.encode(medication.period.description, forKey: .every)
        try container.encode(medication.from.description, forKey: .from)
        try container.encode(medication.time.description, forKey: .time)
        try container.encode(medication.dose, forKey: .dose)
        try container.encode(medication.until?.description, forKey: .until)
        try container.encode(status.next.map(Timestamp.format), forKey: .next)
        try container.encode(status.overdue.map(Timestamp.format), forKey: .overdue)
        try container.encode(status.lastGiven.map(Timestamp.format), forKey: .lastGiven)
    }
}

/// `{"name", "at", "counted", "id"}`: `counted` is the scheduled dose it counts for, or null.
struct GivenOutput: Encodable {
    let name: String
    let at: String
    let counted: String?
    let id: String

    init(_ given: GivenMedication) {
        name = given.medication.name
        at = Timestamp.format(given.dose.at)
        counted = given.counted.map(Timestamp.format)
        id = given.dose.id.description
    }

    enum CodingKeys: String, CodingKey { case name, at, counted, id }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(at, forKey: .at)
        try container.encode(counted, forKey: .counted)
        try container.encode(id, forKey: .id)
    }
}
