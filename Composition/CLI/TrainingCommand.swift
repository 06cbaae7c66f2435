import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness training [progress]|log`.
struct TrainingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "training", abstract: "Training sessions per skill: log them, see each skill's progress.",
        discussion: "While the training module is off, these commands say so and change nothing "
            + "(switch it on with: wellness modules enable training).",
        subcommands: [Progress.self, Log.self], defaultSubcommand: Progress.self)

    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log a training session of a skill (now, or when --at says).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The skill, e.g. sit or \"loose-lead walking\".") var skill: String
        @Option(help: "How long, in minutes (1 to 480).") var minutes: Int?
        @Option(help: "How well it went, 1 (not at all) to 5 (perfectly).") var score: Int?
        @Option(help: "When (ISO 8601, e.g. 2026-11-21T08:30; default now).", transform: parsedInstant("--at"))
        var at: Date?

        func validate() throws {
            try refused { _ = try TrainingSession(skill: skill, at: Date()) }
            try refused("--minutes") { _ = try TrainingSession(skill: "skill", at: Date(), minutes: minutes) }
            try refused("--score") { _ = try TrainingSession(skill: "skill", at: Date(), score: score) }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let session = try await console.wellness.training.log(skill, at: at, minutes: minutes, score: score)
                if console.json { return try console.printJSON(TrainingSessionOutput(session)) }
                console.print(console.text.string("cli.training.logged", .verbatim(session.skill),
                                                  .verbatim(console.localTime(session.at))))
            }
        }
    }

    struct Progress: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Each skill: sessions, minutes, last and best score, trend.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let skills = try await console.wellness.training.progress()
                if console.json { return try console.printJSON(skills.map(SkillProgressOutput.init)) }
                if skills.isEmpty { return console.print(console.text.string("cli.training.none")) }
                let text = console.text
                console.printTable(header: [text.string("cli.column.skill"), text.string("cli.column.sessions"),
                                            text.string("cli.column.minutes"), text.string("cli.column.last"),
                                            text.string("cli.column.lastScore"), text.string("cli.column.bestScore"),
                                            text.string("cli.column.trend")],
                                   rows: skills.map { skill in
                                       [skill.skill, String(skill.sessions), String(skill.minutes),
                                        console.localTime(skill.lastTrained), skill.lastScore.map(String.init) ?? "",
                                        skill.bestScore.map(String.init) ?? "",
                                        text.string("cli.training.trend.\(skill.trend.rawValue)")]
                                   })
            }
        }
    }
}

/// `{"id", "skill", "at", "minutes", "score"}`.
struct TrainingSessionOutput: Encodable {
    let id: String
    let skill: String
    let at: String
    let minutes: Int?
    let score: Int?

    init(_ session: TrainingSession) {
        id = session.id.description
        skill = session.skill
        at = Timestamp.format(session.at)
        minutes = session.minutes
        score = session.score
    }

    enum CodingKeys: String, CodingKey { case id, skill, at, minutes, score }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(skill, forKey: .skill)
        try container.encode(at, forKey: .at)
        try container.encode(minutes, forKey: .minutes)
        try container.encode(score, forKey: .score)
    }
}

/// `{"skill", "sessions", "minutes", "lastTrained", "lastScore", "bestScore", "trend"}`.
struct SkillProgressOutput: Encodable {
    let skill: String
    let sessions: Int
    let minutes: Int
    let lastTrained: String
    let lastScore: Int?
    let bestScore: Int?
    let trend: SkillProgress.Trend

    init(_ progress: SkillProgress) {
        skill = progress.skill
        sessions = progress.sessions
        minutes = progress.minutes
        lastTrained = Timestamp.format(progress.lastTrained)
        lastScore = progress.lastScore
        bestScore = progress.bestScore
        trend = progress.trend
    }

    enum CodingKeys: String, CodingKey { case skill, sessions, minutes, lastTrained, lastScore, bestScore, trend }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(skill, forKey: .skill)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(minutes, forKey: .minutes)
        try container.encode(lastTrained, forKey: .lastTrained)
        try container.encode(lastScore, forKey: .lastScore)
        try container.encode(bestScore, forKey: .bestScore)
        try container.encode(trend, forKey: .trend)
    }
}
