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
        @Option(help: "The day, YYYY-MM-DD (default today).", transform: parsed(parseDay)) var day: LocalDay?
        @Flag(help: "Replace the day's check-in if there is one.") var replace = false

        func run() async throws {
            try await Console.run(options) { console in
                let receipt = try await console.wellness.drift.checkIn(
                    energy: energy, stress: stress, social: social, keyContact: contact, day: day,
                    replace: replace)
                // Logged in, the check-in was queued and sent: say whether it got through.
                let sent: Bool? = switch receipt.delivery {
                case .local: nil
                case .sent: true
                case .queued, .rateLimited, .sessionEnded: false
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

/// `wellness insights [--days 7|14]`.
struct InsightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights", abstract: "The weekly picture: averages, drift level, alerts, highlights, suggestions.")
    @OptionGroup var options: GlobalOptions
    @Option(help: "The window: 7 or 14 days ending today.") var days: Int = 7

    func validate() throws {
        try refused("--days") { _ = try InsightsWindow(days: days) }
    }

    func run() async throws {
        try await Console.run(options) { console in
            let read = try await console.wellness.drift.insights(days: days)
            console.showOffline(read)
            if console.json {
                // Like the server's answer, with a request id for this answer and the time the
                // insights were computed (fetched, when they come from the server's cache).
                return try console.printJSON(InsightsOutput(insights: read.value, requestId: UUID().uuidString.lowercased(),
                                                            timestamp: read.fetchedAt ?? console.wellness.time.now()))
            }
            console.showInsights(read.value, colour: console.context.output.isTerminal)
        }
    }
}

/// `wellness trends [--days 7|30|90]`; a locked length exits with status 3.
struct TrendsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trends", abstract: "Daily check-ins with their drift index (30 and 90 days are Pro).")
    @OptionGroup var options: GlobalOptions
    @Option(help: "7, 30 or 90 days ending today.") var days: Int = 7

    func validate() throws {
        try refused("--days") { _ = try TrendLength(days: days) }
    }

    func run() async throws {
        try await Console.run(options) { console in
            do {
                let read = try await console.wellness.drift.trends(days: days)
                console.showOffline(read)
                let points = read.value
                if console.json { return try console.printJSON(TrendsOutput(days: days, points: points)) }
                let text = console.text
                console.print(text.string("cli.trends.title", .number(days)))
                if points.isEmpty { return console.print(text.string("cli.insights.noData")) }
                console.printTable(
                    header: [text.string("cli.column.day"), text.string("cli.column.energy"), text.string("cli.column.stress"),
                             text.string("cli.column.social"), text.string("cli.column.drift")],
                    rows: points.map { [$0.day.description, "\($0.energy)", "\($0.stress)", "\($0.social)",
                                        String(format: "%.2f", $0.driftIndex)] })
            } catch DriftError.locked(let feature) {
                try console.showLocked(feature)
            }
        }
    }
}

/// `wellness alerts [--days N]`: the days that drifted high after a day that also did,
/// newest first; from the server when logged in.
struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts", abstract: "Drift alerts: days that drifted high after a day that also did, newest first.")
    @OptionGroup var options: GlobalOptions
    @Option(help: "How many days back, today included (1 to 90).") var days: Int = 14

    func validate() throws {
        try refused("--days") { try DriftAlert.checkDayCount(days) }
    }

    func run() async throws {
        try await Console.run(options) { console in
            let read = try await console.wellness.drift.alerts(days: days)
            console.showOffline(read)
            if console.json { return try console.printJSON(AlertsOutput(days: days, alerts: read.value)) }
            let text = console.text
            guard !read.value.isEmpty else { return console.print(text.string("cli.alerts.none", .number(days))) }
            console.print(text.string("cli.alerts.title", .number(days)))
            console.printTable(header: [text.string("cli.column.day"), text.string("cli.column.drift")],
                               rows: read.value.map { [$0.day.description, String(format: "%.2f", $0.driftIndex)] })
        }
    }
}

/// `wellness features`.
struct FeaturesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "features", abstract: "Which features your tier unlocks.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            let features = try await console.wellness.drift.features()
            if console.json { return try console.printJSON(features) }
            let text = console.text
            console.print(text.string("cli.tier.current", .text(try await console.wellness.drift.tier().name)))
            console.printTable(header: [text.string("cli.column.feature"), text.string("cli.column.pro"),
                                        text.string("cli.column.unlocked"), ""],
                               rows: features.map { [$0.key.rawValue, console.yesNo($0.pro), console.yesNo($0.unlocked),
                                                     text.string($0.key.summary)] })
        }
    }
}

/// `wellness tier [show] | tier set free|pro`.
struct TierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tier", abstract: "Your tier: Free or Pro (WELLNESS_TIER overrides the stored one).",
        subcommands: [Show.self, Set.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the tier in effect.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let tier = try await console.wellness.drift.tier()
                if console.json { return try console.printJSON(["tier": tier.rawValue]) }
                console.print(console.text.string("cli.tier.current", .text(tier.name)))
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Store the tier.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "free or pro.", transform: parsed(parseTier)) var tier: Tier

        func run() async throws {
            try await Console.run(options) { console in
                try await console.wellness.drift.setTier(tier)
                if console.json { return try console.printJSON(["tier": tier.rawValue]) }
                console.print(console.text.string("cli.tier.set", .text(tier.name)))
                if console.context.variable("WELLNESS_TIER") != nil {
                    console.print(console.text.string("cli.tier.overridden"))
                }
            }
        }
    }
}

/// `wellness queue list|retry|drop`.
struct QueueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue", abstract: "Check-ins waiting to be sent to your server.",
        subcommands: [List.self, Retry.self, Drop.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The queue, oldest first.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let items = try await console.wellness.drift.queued()
                if console.json { return try console.printJSON(items.map(QueuedOutput.init)) }
                if items.isEmpty { return console.print(console.text.string("cli.queue.none")) }
                let text = console.text
                console.printTable(header: [text.string("cli.column.id"), text.string("cli.column.day"),
                                            text.string("cli.column.queued"), text.string("cli.column.retries"), ""],
                                   rows: items.map { [$0.idempotencyKey, $0.checkin.day.description, console.localTime($0.queuedAt),
                                                      "\($0.retryCount)", $0.isHeldForReview ? text.string("cli.queue.held") : ""] })
            }
        }
    }

    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Clear the failures of one item (or --all) so the next sync sends it.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The item's id (or its first 4+ characters).", transform: parsed(idReference)) var id: String?
        @Flag(help: "Every item with failures.") var all = false

        func validate() throws {
            guard (id == nil) != (!all) else {
                throw ValidationError(CLIMessages(locale: CLIContext.current.locale).text.string("cli.error.idOrAll"))
            }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let reset = try await console.wellness.drift.retryQueued(all ? nil : id)
                if console.json { return try console.printJSON(reset.map(QueuedOutput.init)) }
                console.print(console.text.string("cli.queue.retried", .number(reset.count)))
            }
        }
    }

    struct Drop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an item for good (it is not sent).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The item's id (or its first 4+ characters).", transform: parsed(idReference)) var id: String

        func run() async throws {
            try await Console.run(options) { console in
                let item = try await console.wellness.drift.dropQueued(id)
                if console.json { return try console.printJSON(QueuedOutput(item)) }
                console.print(console.text.string("cli.queue.dropped", .verbatim(item.checkin.day.description)))
            }
        }
    }
}

extension Console {
    /// "Offline: showing what the server sent at …" — on stderr, so `--json` output stays data.
    func showOffline<Value>(_ read: DriftReading<Value>) {
        guard read.offline, let fetchedAt = read.fetchedAt else { return }
        warn(text.string("cli.offline", .verbatim(localTime(fetchedAt))))
    }

    /// A locked feature: the upgrade message (or `{"locked": true, "feature": KEY}`), exit 3.
    func showLocked(_ feature: FeatureKey) throws -> Never {
        if json {
            try printJSON(LockedOutput(feature: feature.rawValue))
        } else {
            // Logged in, the tier is the server account's: only the server's admin changes it.
            print(text.string(wellness.drift.login == nil ? "cli.locked" : "cli.locked.server", .verbatim(feature.rawValue),
                              .text(feature.summary)))
        }
        throw CLIFailure.locked
    }

    /// The weekly picture for people: metric bars scaled to 5, and the level as a badge (in
    /// colour on a terminal).
    func showInsights(_ insights: WeeklyInsights, colour: Bool) {
        let summary = insights.summary
        print(text.string("cli.insights.title", .number(insights.days), .verbatim(insights.weekStart.description),
                          .verbatim(insights.weekEnd.description)))
        // The seed's empty state: no badge (there is no level without check-ins), what to do.
        guard summary.checkinCount > 0, let level = summary.driftLevel else {
            print(text.string("cli.insights.empty"))
            return print(text.string("cli.insights.empty.help"))
        }
        let badge = " " + text.string(level.name).uppercased() + " "
        let code = ["low": "42;30", "moderate": "43;30", "high": "41;97"][level.rawValue] ?? "7"
        if colour {
            context.output.writeControl("\u{1B}[\(code)m")
            context.output.write(badge)
            context.output.writeControl("\u{1B}[0m\n")
        } else {
            print("[\(badge.trimmingCharacters(in: .whitespaces))]")
        }
        print(text.string("cli.insights.checkins", .text(LocalizedText("cli.count.checkins", [.number(summary.checkinCount)])),
                          .text(LocalizedText("cli.count.alerts", [.number(summary.alertCount)]))))
        if !summary.hasEnoughData { print(text.string("cli.insights.notEnough")) }
        let rows: [(String, Double?)] = [(text.string(DriftMetric.energy.name), summary.averages.energy),
                                         (text.string(DriftMetric.stress.name), summary.averages.stress),
                                         (text.string(DriftMetric.social.name), summary.averages.social),
                                         ("Drift", summary.averages.driftIndex)]
        let width = rows.map(\.0.count).max() ?? 0
        for (label, value) in rows {
            guard let value else { continue }
            let filled = max(0, min(5, Int(value.rounded())))
            print(label.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                  + String(repeating: "█", count: filled) + String(repeating: "░", count: 5 - filled)
                  + String(format: "  %.2f", value))
        }
        if !insights.highlights.isEmpty {
            print()
            print(text.string("cli.insights.highlights"))
            for highlight in insights.highlights { print("  " + text.string(highlight.localized)) }
        }
        // Logged in, the tier is the server account's: only the server's admin changes it.
        let teaser = wellness.drift.login == nil ? "cli.insights.teaser" : "cli.insights.teaser.server"
        if !insights.suggestions.isEmpty {
            print()
            print(text.string("cli.insights.suggestions"))
            for suggestion in insights.suggestions {
                if case .unlockDetailedSuggestions = suggestion {
                    print("  " + text.string(teaser))
                } else {
                    print("  - " + text.string(suggestion.localized))
                }
            }
        }
        if insights.locked != nil {
            print()
            print(text.string("cli.insights.suggestions"))
            print("  " + text.string(teaser))
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

/// The seed's `WeeklyInsights` with the `requestId` and `timestamp` a server's answer has.
struct InsightsOutput: Encodable {
    let insights: WeeklyInsights
    let requestId: String
    let timestamp: Date

    enum CodingKeys: String, CodingKey {
        case weekStart, weekEnd, days, summary, highlights, suggestions, locked, requestId, timestamp
    }

    /// The fields of `WeeklyInsights` as it encodes them, then `requestId` and `timestamp`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(insights.weekStart, forKey: .weekStart)
        try container.encode(insights.weekEnd, forKey: .weekEnd)
        try container.encode(insights.days, forKey: .days)
        try container.encode(insights.summary, forKey: .summary)
        try container.encode(insights.highlights, forKey: .highlights)
        try container.encode(insights.suggestions, forKey: .suggestions)
        try container.encodeIfPresent(insights.locked, forKey: .locked)
        try container.encode(requestId, forKey: .requestId)
        try container.encode(timestamp, forKey: .timestamp)
    }
}

/// `{"days", "points": [...]}`.
struct TrendsOutput: Encodable {
    let days: Int
    let points: [TrendPoint]
}

/// `{"days", "alerts": [{"day", "driftIndex"}]}`, the server's `GET /api/alerts` answer.
struct AlertsOutput: Encodable {
    let days: Int
    let alerts: [DriftAlert]
}

/// `{"locked": true, "feature": KEY}`.
struct LockedOutput: Encodable {
    let locked = true
    let feature: String
}

/// A queued check-in: `{"id", "day", "energy", "stress", "social", "keyContact", "queuedAt", "retryCount", "held"}`.
struct QueuedOutput: Encodable {
    let item: QueuedCheckin

    init(_ item: QueuedCheckin) { self.item = item }

    enum CodingKeys: String, CodingKey { case id, day, energy, stress, social, keyContact, queuedAt, retryCount, held }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(item.idempotencyKey, forKey: .id)
        try container.encode(item.checkin.day, forKey: .day)
        try container.encode(item.checkin.energy, forKey: .energy)
        try container.encode(item.checkin.stress, forKey: .stress)
        try container.encode(item.checkin.social, forKey: .social)
        try container.encode(item.checkin.keyContact, forKey: .keyContact)
        try container.encode(item.queuedAt, forKey: .queuedAt)
        try container.encode(item.retryCount, forKey: .retryCount)
        try container.encode(item.isHeldForReview, forKey: .held)
    }
}
