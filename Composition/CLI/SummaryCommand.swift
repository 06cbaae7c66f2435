import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness` with no subcommand: today at a glance.
struct SummaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary", abstract: "Today's summary (the default command).")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            let summary = try await console.wellness.todaySummary()
            if console.json { return try console.printJSON(SummaryOutput(summary, console.text)) }
            console.print(console.text.string("cli.summary.title", .verbatim(summary.today.description)))
            console.print()
            if let dog = summary.dog {
                console.print(console.profileLine(dog))
            } else {
                console.print(console.text.string("cli.profile.none"))
            }
            console.print(console.text.string("modules.active") + ": "
                          + console.names(summary.enabledModules.map { ModuleEntry(module: $0.rawValue, isEnabled: true) }))
            if summary.needsSetup { console.print(console.text.string("cli.summary.setup")) }
            console.print()
            let cards = summary.catchUp.cards
            console.print(cards.isEmpty ? console.text.string("cli.deck.empty")
                          : console.text.string("cli.summary.deck", .number(cards.count),
                                                .verbatim(cards.prefix(3).map(\.title).joined(separator: ", "))))
            console.print(console.sectionSummary(summary.catchUp.summary))
            console.print(console.text.string("cli.summary.journal",
                                              .verbatim(summary.journal.tags.isEmpty ? "—" : console.tagNames(summary.journal))))
            let active = summary.supplements.filter(\.supplement.isActive)
            let due = active.filter { !$0.taken }.map(\.supplement.name)
            console.print(console.text.string("cli.summary.supplements", .number(active.count - due.count),
                                              .number(active.count),
                                              .verbatim(due.isEmpty ? "" : " — " + due.joined(separator: ", "))))
            for entry in summary.goals {
                let top = entry.tips?.tips.first?.tip ?? console.text.string("cli.summary.noTips")
                console.print(console.text.string("cli.summary.goal", .verbatim(entry.goal.title), .verbatim(top)))
            }
            if let insights = summary.insights, insights.summary.checkinCount > 0, let level = insights.summary.driftLevel {
                console.print(console.text.string("cli.summary.drift", .text(level.name),
                                                  .number(insights.summary.checkinCount)))
            }
            console.showGlance(summary)
            console.print()
            try console.showNudges(summary.nudges)
        }
    }
}

extension Console {
    /// What now: today's check-in, the latest weigh-in, today's mood and yesterday's health day
    /// (each only when there is something to say).
    func showGlance(_ summary: TodaySummary) {
        if let today = summary.checkin {
            if today.offline {
                warn(today.fetchedAt.map { text.string("cli.offline", .verbatim(localTime($0))) }
                     ?? text.string("drift.message.offline"))
            }
            let source = today.source == .server ? text.string("cli.summary.checkin.server") : ""
            if let checkin = today.checkin {
                print(text.string("cli.summary.checkin.done", .verbatim(source), .number(checkin.energy),
                                  .number(checkin.stress), .number(checkin.social)))
            } else {
                print(text.string("cli.summary.checkin.notYet", .verbatim(source)))
            }
        }
        if let trend = summary.weight, let latest = trend.latest {
            print(text.string("cli.summary.weight", .verbatim(WeightEntry.format(latest.kilograms)),
                              .verbatim(LocalDay(latest.date, in: calendar).description),
                              .verbatim(weightChange(trend.change7Days))))
        }
        if let mood = summary.mood {
            print(text.string("cli.summary.mood", .number(mood.score)))
        } else {
            print(text.string("cli.summary.moodNotYet"))
        }
        if let health = summary.health {
            print(text.string("cli.summary.health", .verbatim(health.day.description), .verbatim(healthParts(health))))
        }
        if !summary.due.isEmpty {
            print(text.string("cli.summary.due"))
            for item in summary.due { print("  " + localTime(item.since) + "  " + dueLine(item)) }
        }
    }
}

/// `{"today", "dog", "enabledModules", "needsSetup", "nudges", "deck", "journal", "supplements", "goals", "insights",
/// "checkin", "weight", "mood", "health", "due"}`: `checkin` is `{"done", "source", "offline", "checkin"}` (`null` without
/// check-ins wired in), `weight` a trend (`null` without weigh-ins), `mood` today's (`null` when none), `health`
/// yesterday's day (`null` without imported health data), `due` what is due now (`[{"kind", "name", "since"}]`).
struct SummaryOutput: Encodable {
    let today: LocalDay
    let dog: ProfileOutput?
    let enabledModules: [TrackingModule]
    let needsSetup: Bool
    let nudges: [NudgeOutput]
    let deck: DeckOutput
    let journal: JournalOutput
    let supplements: [SupplementOutput]
    let goals: [GoalSummaryOutput]
    let insights: WeeklyInsights?
    let checkin: CheckinTodayOutput?
    let weight: WeightTrendOutput?
    let mood: MoodOutput?
    let health: HealthDayOutput?
    let due: [DueOutput]

    init(_ summary: TodaySummary, _ text: Localizer) {
        today = summary.today
        dog = summary.dog.map(ProfileOutput.init)
        enabledModules = summary.enabledModules
        needsSetup = summary.needsSetup
        nudges = summary.nudges.map { NudgeOutput($0, text) }
        deck = DeckOutput(summary.catchUp, text)
        journal = JournalOutput(summary.journal, withLegacy: false)
        supplements = summary.supplements.map { SupplementOutput($0.supplement, taken: $0.taken) }
        goals = summary.goals.map { GoalSummaryOutput(goal: GoalOutput($0.goal), tips: $0.tips.map(TipsOutput.init)) }
        insights = summary.insights
        checkin = summary.checkin.map(CheckinTodayOutput.init)
        weight = summary.weight.map(WeightTrendOutput.init)
        mood = summary.mood.map(MoodOutput.init)
        health = summary.health.map(HealthDayOutput.init)
        due = summary.due.map(DueOutput.init)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(today, forKey: .today)
        try container.encode(dog, forKey: .dog)
        try container.encode(enabledModules, forKey: .enabledModules)
        try container.encode(needsSetup, forKey: .needsSetup)
        try container.encode(nudges, forKey: .nudges)
        try container.encode(deck, forKey: .deck)
        try container.encode(journal, forKey: .journal)
        try container.encode(supplements, forKey: .supplements)
        try container.encode(goals, forKey: .goals)
        try container.encode(insights, forKey: .insights)
        try container.encode(checkin, forKey: .checkin)
        try container.encode(weight, forKey: .weight)
        try container.encode(mood, forKey: .mood)
        try container.encode(health, forKey: .health)
        try container.encode(due, forKey: .due)
    }

    enum CodingKeys: String, CodingKey {
        case today, dog, enabledModules, needsSetup, nudges, deck, journal, supplements, goals, insights
        case checkin, weight, mood, health, due
    }
}

/// `{"done", "source": "server"|"local", "offline", "checkin": {...}|null}`.
struct CheckinTodayOutput: Encodable {
    let today: CheckinToday

    init(_ today: CheckinToday) { self.today = today }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(today.checkin != nil, forKey: .done)
        try container.encode(today.source.rawValue, forKey: .source)
        try container.encode(today.offline, forKey: .offline)
        try container.encode(today.checkin.map { CheckinOutput($0) }, forKey: .checkin)
    }

    enum CodingKeys: String, CodingKey { case done, source, offline, checkin }
}

/// `{"goal": {...}, "tips": {...}|null}`.
struct GoalSummaryOutput: Encodable {
    let goal: GoalOutput
    let tips: TipsOutput?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(goal, forKey: .goal)
        try container.encode(tips, forKey: .tips)
    }

    enum CodingKeys: String, CodingKey { case goal, tips }
}
