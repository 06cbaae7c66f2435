import Foundation
import Testing
@testable import WellnessCLI
import WellnessClient
import WellnessComposition
import WellnessTestSupport

/// What `wellness tips` shows around the tips: the goal's description, a spinner on a terminal
/// while the service answers, and which tips are shown when the service could not answer.
@Suite("CLI: tips, while the AI answers")
struct TipsDisplayCLITests {
    /// A tips service that takes `delay` to answer one tip, or fails when `failing`. With
    /// `answersOnceSeen`, it answers only once that output holds the text (checked every 10 ms,
    /// at most 30,000 times), so a test of what shows *while* it answers does not depend on how
    /// soon a busy machine runs the spinner's task.
    struct SlowTips: GoalTipsService {
        var delay: Duration = .milliseconds(800)
        var failing = false
        var answersOnceSeen: (output: CLIOutput, text: String)?

        func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
            try? await Task.sleep(for: delay)
            if let (output, text) = answersOnceSeen {
                for _ in 0..<30_000 where !output.text.contains(text) {
                    try? await Task.sleep(for: .milliseconds(10))
                }
            }
            if failing { throw .unavailable("the model is down") }
            return TipsAnswer(tips: [GoalTip(tip: "Go to bed at ten.", category: .sleep, priority: .high)], source: .ai)
        }
    }

    /// `TipsCommand.show` for a goal with a description, standard error a terminal or not.
    static func show(service: SlowTips, terminal: Bool, refreshes: Int = 1,
                     errors: CLIOutput? = nil) async throws -> (stdout: String, stderr: String) {
        let directory = try TemporaryDirectory(prefix: "wellness-tips")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Amsterdam"))
        let clock = FixedWallClock(Date(timeIntervalSince1970: 1_767_603_600))
        let configuration = WellnessConfiguration(store: .memory, dataDirectory: directory.url, clock: clock,
                                                  calendar: calendar, tipsService: service)
        let client = try WellnessClient(configuration)
        let wellness = try await client.wellness()
        let goal = try await wellness.goals.add(title: "Sleep 8 hours", description: "Lights out by 22:30 on weeknights")
        let output = CLIOutput.memory(), errors = errors ?? CLIOutput.memory(isTerminal: terminal)
        let context = CLIContext(environment: [:], input: .text(""), output: output, errors: errors,
                                 workingDirectory: directory.url)
        let console = Console(wellness: wellness, client: client, json: false, context: context,
                              text: CLIMessages(locale: .en).text)
        for _ in 0..<refreshes {
            try await TipsCommand.show(goal.id.description, refresh: true, on: console)
        }
        return (output.text, errors.text)
    }

    @Test("the title, then the goal's description, then the tips")
    func description() async throws {
        let (stdout, _) = try await Self.show(service: SlowTips(delay: .zero), terminal: false)
        let lines = stdout.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["Tips for \"Sleep 8 hours\"", "Lights out by 22:30 on weeknights"], "\(stdout)")
        #expect(stdout.contains("Go to bed at ten."), "\(stdout)")
    }

    @Test("on a terminal, a spinner turns on stderr while the service answers, and its line is cleared")
    func spinner() async throws {
        let errors = CLIOutput.memory(isTerminal: true)
        let service = SlowTips(delay: .zero, answersOnceSeen: (errors, "Asking for tips…"))
        let (stdout, stderr) = try await Self.show(service: service, terminal: true, errors: errors)
        #expect(stderr.contains("Asking for tips…"), "\(stderr.debugDescription)")
        #expect(stderr.hasSuffix("\r\u{1B}[2K"), "the spinner's line is cleared: \(stderr.debugDescription)")
        #expect(!stdout.contains("Asking"), "stdout stays the tips: \(stdout)")
    }

    @Test("not on a terminal, no spinner")
    func noSpinner() async throws {
        let (_, stderr) = try await Self.show(service: SlowTips(), terminal: false)
        #expect(stderr.isEmpty, "\(stderr.debugDescription)")
    }

    @Test("the service down after tips were cached: the note says the cached tips are shown, out of date")
    func staleNote() async throws {
        let directory = try TemporaryDirectory(prefix: "wellness-tips")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Amsterdam"))
        let clock = FixedWallClock(Date(timeIntervalSince1970: 1_767_603_600))
        let repositories = WellnessRepositories.inMemory()
        let working = try Wellness(repositories: repositories, clock: clock, calendar: calendar,
                                   tipsService: SlowTips(delay: .zero))
        let goal = try await working.goals.add(title: "Sleep 8 hours")
        _ = try await working.goals.tips(for: goal.id)
        let down = try Wellness(repositories: repositories, clock: clock, calendar: calendar,
                                tipsService: SlowTips(delay: .zero, failing: true))
        let output = CLIOutput.memory()
        let context = CLIContext(environment: [:], input: .text(""), output: output, errors: CLIOutput.memory(),
                                 workingDirectory: directory.url)
        let client = try WellnessClient(WellnessConfiguration(store: .memory, dataDirectory: directory.url))
        let console = Console(wellness: down, client: client, json: false, context: context,
                              text: CLIMessages(locale: .en).text)
        try await TipsCommand.show(goal.id.description, refresh: true, on: console)
        #expect(output.text.contains("these are the cached tips from"), "\(output.text)")
        #expect(output.text.contains("Go to bed at ten."), "\(output.text)")
    }
}
