import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness checkin [--energy N --stress N --social N …] | checkin list`.
struct CheckinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkin", abstract: "30 seconds a day: rate your energy, stress and social connection (1–5).",
        subcommands: [Record.self, List.self], defaultSubcommand: Record.self)

    struct Record: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record", abstract: "Check in (one per day; --replace changes the day's check-in).")
        @OptionGroup var options: GlobalOptions
        @Option(help: "Energy, 1 (drained) to 5 (full).", transform: parsed { try Checkin.parseRating($0, for: .energy) })
        var energy: Int
        @Option(help: "Stress, 1 (calm) to 5 (overwhelmed).", transform: parsed { try Checkin.parseRating($0, for: .stress) })
        var stress: Int
        @Option(help: "Social connection, 1 (isolated) to 5 (connected).",
                transform: parsed { try Checkin.parseRating($0, for: .social) })
        var social: Int
        @Option(help: "Someone who matters to you right now.") var contact: String?
        @Option(parsing: .unconditional,
                help: "The day: YYYY-MM-DD, today, yesterday or -N (N days back); default today.",
                transform: parsed(parseDayReference)) var day: DayReference?
        @Flag(help: "Replace the day's check-in if there is one.") var replace = false

        func run() async throws {
            try await Console.run(options) { console in
                let receipt = try await console.wellness.drift.checkIn(
                    energy: energy, stress: stress, social: social, keyContact: contact, day: console.day(day),
                    replace: replace)
                // Logged in, the check-in is sent at once with what else is pending: say whether it got through.
                let delivery = await console.sendWrites([CheckinRecords.collection])
                let sent: Bool? = switch (receipt.delivery, delivery) {
                case (_, .sent?): true
                case (_, .pending?), (_, .sessionEnded?), (_, .refused?): false
                case (.local, nil): nil
                case (.sent, nil): true
                case (.queued, nil), (.rateLimited, nil), (.sessionEnded, nil), (.alreadyThere, nil): false
                }
                if console.json {
                    try console.printJSON(CheckinOutput(receipt.checkin, sent: sent))
                } else {
                    let checkin = receipt.checkin
                    console.print(console.text.string("cli.checkin.saved", .verbatim(checkin.day.description),
                                                      .number(checkin.energy), .number(checkin.stress), .number(checkin.social),
                                                      .verbatim(String(format: "%.2f", checkin.driftIndex))))
                    if receipt.delivery == .rateLimited {
                        console.print(console.text.string("cli.checkin.rateLimited"))
                    } else if receipt.delivery == .alreadyThere {
                        console.print(console.text.string("cli.checkin.alreadyThere", .verbatim(checkin.day.description)))
                    } else if delivery == .refused {
                        // Told on standard error, with why.
                    } else if let sent {
                        console.print(console.text.string(sent ? "cli.checkin.sent" : "cli.checkin.willSync"))
                    }
                }
                if receipt.delivery == .sessionEnded, let login = console.wellness.drift.login {
                    console.warn(console.messages.message(for: ClientSessionError.sessionEnded(server: login.server,
                                                                                               email: login.email)))
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check-ins of the last N days.")
        @OptionGroup var options: GlobalOptions
        @Option(help: "How many days back, today included (1 to 36500).") var days: Int = 30

        func validate() throws {
            try refusedDays(days)
        }

        func run() async throws {
            try await Console.run(options) { console in
                let checkins = try await console.wellness.drift.checkins(days: days)
                if console.json { return try console.printJSON(checkins.map { CheckinOutput($0) }) }
                if checkins.isEmpty { return console.print(console.text.string("cli.checkin.none")) }
                let text = console.text
                console.printTable(
                    header: [text.string("cli.column.day"), text.string("cli.column.energy"), text.string("cli.column.stress"),
                             text.string("cli.column.social"), text.string("cli.column.drift"), text.string("cli.column.contact")],
                    rows: checkins.map { [$0.day.description, "\($0.energy)", "\($0.stress)", "\($0.social)",
                                          String(format: "%.2f", $0.driftIndex), $0.keyContact ?? ""] })
            }
        }
    }
}

/// A check-in: `{"day", "energy", "stress", "social", "keyContact", "driftIndex"}`, plus
/// `"sent"` (whether it reached the server) when logged in.
struct CheckinOutput: Encodable {
    let day: LocalDay
    let energy: Int
    let stress: Int
    let social: Int
    let keyContact: String?
    let driftIndex: Double
    var sent: Bool?

    init(_ checkin: Checkin, sent: Bool? = nil) {
        self.sent = sent
        day = checkin.day
        energy = checkin.energy
        stress = checkin.stress
        social = checkin.social
        keyContact = checkin.keyContact
        driftIndex = (checkin.driftIndex * 100).rounded() / 100
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(day, forKey: .day)
        try container.encode(energy, forKey: .energy)
        try container.encode(stress, forKey: .stress)
        try container.encode(social, forKey: .social)
        try container.encode(keyContact, forKey: .keyContact)
        try container.encode(driftIndex, forKey: .driftIndex)
        try container.encodeIfPresent(sent, forKey: .sent)
    }

    enum CodingKeys: String, CodingKey { case day, energy, stress, social, keyContact, driftIndex, sent }
}
