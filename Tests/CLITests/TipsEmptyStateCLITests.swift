import Foundation
import Testing
@testable import WellnessCLI
import WellnessClient
import WellnessComposition
import WellnessTestSupport

/// The seed's empty state of `wellness tips`: a tips service that answers with nothing.
@Suite("CLI: tips when the service has none")
struct TipsEmptyStateCLITests {
    /// A tips service with nothing to say.
    struct NoTips: GoalTipsService {
        func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
            TipsAnswer(tips: [], source: .rules)
        }
    }

    /// `TipsCommand.show` on an in-memory container whose tips service answers nothing.
    static func show(locale: WellnessLocale, json: Bool, times: Int = 2) async throws -> (goal: Goal, stdout: String, stderr: String) {
        let directory = try TemporaryDirectory(prefix: "wellness-tips")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Amsterdam"))
        let configuration = WellnessConfiguration(
            store: .memory, dataDirectory: directory.url, clock: FixedWallClock(Date(timeIntervalSince1970: 1_767_603_600)),
            calendar: calendar, locale: locale, tipsService: NoTips())
        let client = try WellnessClient(configuration)
        let wellness = try await client.wellness()
        let goal = try await wellness.goals.add(title: "Sleep 8 hours", description: nil)
        let output = CLIOutput.memory(), errors = CLIOutput.memory()
        let context = CLIContext(environment: [:], input: .text(""), output: output, errors: errors,
                                 workingDirectory: directory.url)
        let console = Console(wellness: wellness, client: client, json: json, context: context,
                              text: CLIMessages(locale: locale).text)
        // By a short id, as a person types it; then again, by the whole id: nothing was cached,
        // so the second time finds the same empty state, not an empty list.
        for time in 0..<times {
            try await TipsCommand.show(time == 0 ? String(goal.id.description.prefix(8)) : goal.id.description,
                                       refresh: false, on: console)
        }
        return (goal, output.text, errors.text)
    }

    @Test("no tips: the title, “No tips available yet”, what to do and the command to get tips, in both languages",
          arguments: [(WellnessLocale.en, "No tips available yet.", "wellness mood log 4"),
                      (.nl, "Nog geen tips beschikbaar.", "wellness mood log 4")])
    func text(locale: WellnessLocale, empty: String, action: String) async throws {
        let (goal, stdout, stderr) = try await Self.show(locale: locale, json: false)
        #expect(stderr.isEmpty, "\(stderr)")
        let title = CLIMessages(locale: locale).text.string("cli.tips.title", .verbatim(goal.title))
        #expect(stdout.components(separatedBy: title).count == 3, "shown twice, with the title: \(stdout)")
        #expect(stdout.components(separatedBy: empty).count == 3, "\(stdout)")
        #expect(stdout.contains(action) && stdout.contains("wellness tips \(goal.id.description) --refresh"), "\(stdout)")
        #expect(!stdout.contains("cli."), "\(stdout)")
    }

    @Test("no tips in JSON: the goal, generatedAt null, not stale, no source, an empty list")
    func json() async throws {
        let (goal, stdout, _) = try await Self.show(locale: .en, json: true, times: 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "\(stdout)")
        #expect(Set(object.keys) == ["goalId", "generatedAt", "stale", "source", "tips"])
        #expect(object["source"] is NSNull)
        #expect(object["goalId"] as? String == goal.id.description)
        #expect(object["generatedAt"] is NSNull && object["stale"] as? Bool == false)
        #expect((object["tips"] as? [Any])?.isEmpty == true)
    }
}
