import Foundation
import Logging
import Testing
import WellnessAITips
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport
import WellnessTips

/// The AI tips service against a fake OpenAI-compatible server on 127.0.0.1, through
/// `GetGoalTips` with the rules as fallback, as the CLI and the server wire it: each answer the
/// server can give ends in AI tips or in the rules' tips with the reason, never in an error.
@Suite("AI tips service")
struct OpenAICompatibleTipsServiceTests {
    static let good = #"{"tips": [{"tip": "Walk 20 minutes after lunch.", "category": "exercise", "priority": "high"}, {"tip": "Lay out your running shoes tonight.", "category": "habit", "priority": "medium"}, {"tip": "Go to bed before 23:00 on training days.", "category": "sleep", "priority": "low"}]}"#
    static let key = "sk-test-SECRET-4242"

    /// A goal with a month of context, its use case on memory stores, and a log that keeps every line.
    /// The timeout is generous (the suites run side by side on a busy machine) except where a
    /// test is about it.
    struct World: Sendable {
        let goal: Goal
        let getGoalTips: GetGoalTips
        let logs: LogLines

        init(url: URL, timeout: Duration = .seconds(60), apiKey: String? = nil, language: String = "en") async throws {
            let calendar = Calendar(identifier: .gregorian)
            let clock = FixedWallClock(Fixtures.instant("2026-03-10T09:00:00Z"))
            let time = TimeContext(clock: clock, calendar: calendar)
            let goals = InMemoryGoalRepository()
            let moods = InMemoryMoodRepository()
            goal = try Goal(title: "Run three times a week", createdAt: Fixtures.instant("2026-03-01T09:00:00Z"))
            let other = try Goal(title: "Drink more water", createdAt: Fixtures.instant("2026-03-02T09:00:00Z"))
            let mood = try MoodEntry(day: Fixtures.day("2026-03-09"), score: 2, note: "tired after work")
            await goals.save(goal)
            await goals.save(other)
            await moods.save(mood)
            logs = LogLines()
            let lines = logs
            var logger = Logger(label: "test.tips") { _ in CapturingLogHandler(lines: lines) }
            logger.logLevel = .trace
            let service = OpenAICompatibleTipsService(
                AITipsConfiguration(baseURL: url, model: "test-model", apiKey: apiKey.flatMap(APIKey.init), timeout: timeout,
                                    language: language),
                logger: logger)
            getGoalTips = GetGoalTips(goals: goals, moods: moods, journals: InMemoryJournalRepository(), cache: goals,
                                      service: service, fallback: RuleBasedGoalTipsService(language: language), time: time)
        }

        func tips() async throws -> GoalTips { try await getGoalTips.execute(goal.id, refresh: true) }
    }

    @Test("a good answer gives AI tips, sorted, and the request carries the goal, the context, the schema and the model")
    func goodAnswer() async throws {
        try await FakeOpenAIServer.with([.completion(Self.good)]) { server, url in
            let world = try await World(url: url)
            let tips = try await world.tips()
            #expect(tips.source == .ai && tips.fallback == nil)
            #expect(tips.tips.map(\.tip) == ["Walk 20 minutes after lunch.", "Lay out your running shoes tonight.",
                                             "Go to bed before 23:00 on training days."])
            let request = try #require(await server.received.first)
            #expect(request.body["model"] as? String == "test-model")
            #expect(request.json.contains("Run three times a week"))
            #expect(request.json.contains("tired after work"), "mood notes go along")
            #expect(request.json.contains("Drink more water"), "other goals go along")
            #expect(request.json.contains("json_schema"))
            #expect(request.authorization == nil, "no key configured, none sent")
            // Cached as AI tips: the next call within 24 hours does not ask again.
            #expect(try await world.getGoalTips.execute(world.goal.id).source == .ai)
            #expect(await server.requests == 1)
        }
    }

    @Test("the prompt asks for the person's language: Dutch users get Dutch tips")
    func dutchPrompt() async throws {
        try await FakeOpenAIServer.with([.completion(Self.good)]) { server, url in
            _ = try await World(url: url, language: "nl").tips()
            let request = try #require(await server.received.first)
            #expect(request.json.contains("Dutch"))
        }
    }

    @Test("JSON in a Markdown fence is accepted")
    func fenced() async throws {
        try await FakeOpenAIServer.with([.completion("```json\n\(Self.good)\n```")]) { _, url in
            let tips = try await World(url: url).tips()
            #expect(tips.source == .ai)
        }
    }

    @Test("an answer that is not valid tips falls back to the rules, naming what was wrong",
          arguments: [
              ("Here are some tips: run more and sleep well!", "not a JSON object"),
              (#"{"tips": [{"tip": "Run.", "category": "fitness", "priority": "high"}, {"tip": "B.", "category": "sleep", "priority": "low"}, {"tip": "C.", "category": "sleep", "priority": "low"}]}"#, "category"),
              (#"{"tips": [\#((1...9).map { #"{"tip": "Tip \#($0).", "category": "general", "priority": "low"}"# }.joined(separator: ","))]}"#, "9 tips"),
              (#"{"tips": []}"#, "0 tips"),
          ])
    func invalidAnswers(content: String, reason: String) async throws {
        try await FakeOpenAIServer.with([.completion(content)]) { _, url in
            let world = try await World(url: url)
            let tips = try await world.tips()
            #expect(tips.source == .rules)
            #expect((3...6).contains(tips.tips.count))
            guard case .invalidResponse(let why)? = tips.fallback else {
                Issue.record("expected an invalid response, got \(String(describing: tips.fallback))")
                return
            }
            #expect(why.contains(reason), "\(why)")
            #expect(world.logs.all.contains { $0.contains("AI tips failed") && $0.contains(reason) }, "the failure is logged")
        }
    }

    @Test("an HTTP 500 falls back to the rules")
    func serverError() async throws {
        try await FakeOpenAIServer.with([.raw(status: 500, headers: [:], body: #"{"error": "boom"}"#)]) { _, url in
            let tips = try await World(url: url).tips()
            #expect(tips.source == .rules)
            #expect(tips.fallback == .unavailable("\(RemoteTipsGate.destination(of: url)) answered HTTP 500"))
        }
    }

    @Test("a 429 with a Retry-After within the timeout is waited out once, then answered")
    func rateLimitedThenAnswered() async throws {
        try await FakeOpenAIServer.with([.raw(status: 429, headers: ["Retry-After": "1"], body: "{}"),
                                         .completion(Self.good)]) { server, url in
            let started = ContinuousClock.now
            let tips = try await World(url: url).tips()
            #expect(tips.source == .ai)
            #expect(await server.requests == 2)
            #expect(ContinuousClock.now - started >= .seconds(1), "Retry-After was honoured")
        }
    }

    @Test("a 429 whose Retry-After runs past the timeout, or a second 429, falls back at once")
    func rateLimitedTooLong() async throws {
        try await FakeOpenAIServer.with([.raw(status: 429, headers: ["Retry-After": "120"], body: "{}")]) { server, url in
            let tips = try await World(url: url, timeout: .seconds(60)).tips()
            #expect(tips.source == .rules && tips.fallback == .rateLimited(retryAfter: 120))
            #expect(await server.requests == 1)
        }
        try await FakeOpenAIServer.with([.raw(status: 429, headers: ["Retry-After": "0"], body: "{}")]) { server, url in
            let tips = try await World(url: url).tips()
            #expect(tips.source == .rules && tips.fallback == .rateLimited(retryAfter: 0))
            #expect(await server.requests == 2, "retried once only")
        }
    }

    @Test("a server that hangs past the timeout falls back to the rules when the timeout is up, not when it answers")
    func hang() async throws {
        try await FakeOpenAIServer.with([.hang]) { server, url in
            let started = ContinuousClock.now
            let tips = try await World(url: url, timeout: .seconds(1)).tips()
            #expect(tips.source == .rules)
            #expect(tips.fallback == .unavailable("\(RemoteTipsGate.destination(of: url)) gave no answer within 1 s"))
            #expect(ContinuousClock.now - started >= .milliseconds(900), "the timeout was waited for")
            #expect(await server.hangsAnswered == 0, "the rules answered while the server still hung")
        }
    }

    @Test("a closed port falls back to the rules at once, not after the timeout")
    func closedPortFallsBack() async throws {
        let url = try await closedPort()
        let tips = try await World(url: url, timeout: .seconds(60)).tips()
        #expect(tips.source == .rules)
        guard case .unavailable(let why)? = tips.fallback else {
            Issue.record("\(String(describing: tips.fallback))")
            return
        }
        #expect(why.contains("could not connect"), "a refusal, not the timeout: \(why)")
    }

    @Test("a server that refuses response_format is asked again with the shape in the prompt only")
    func noStructuredOutput() async throws {
        try await FakeOpenAIServer.with([.raw(status: 400, headers: [:], body: #"{"error": "unknown field response_format"}"#),
                                         .completion(Self.good)]) { server, url in
            let tips = try await World(url: url).tips()
            #expect(tips.source == .ai)
            let requests = await server.received
            #expect(requests.count == 2)
            #expect(requests.first?.body["response_format"] != nil)
            #expect(requests.last?.body["response_format"] == nil)
            #expect(requests.last?.json.contains("\\\"tips\\\"") == true, "the prompt states the shape")
        }
    }

    @Test("an answer's text never reaches a log line or an error: the key minus its last character, as prose or as a category",
          arguments: [false, true])
    func answerTextNeverLogged(asCategory: Bool) async throws {
        let almost = String(Self.key.dropLast())
        let content = asCategory
            ? #"{"tips": [{"tip": "Run.", "category": "\#(almost)", "priority": "high"}, {"tip": "B.", "category": "sleep", "priority": "low"}, {"tip": "C.", "category": "sleep", "priority": "low"}]}"#
            : almost
        try await FakeOpenAIServer.with([.completion(content)]) { _, url in
            let world = try await World(url: url, apiKey: Self.key)
            let tips = try await world.tips()
            #expect(tips.source == .rules)
            let said = world.logs.all + [String(describing: tips.fallback), tips.fallback.map { "\($0.message)" } ?? ""]
            #expect(world.logs.all.contains { $0.contains("AI tips failed") && $0.contains("\(almost.count) characters") },
                    "the reason says what was wrong and how long: \(world.logs.all)")
            // Not even 8 characters of the answer in a row.
            for line in said {
                for start in 0...(almost.count - 8) {
                    let piece = String(almost.dropFirst(start).prefix(8))
                    #expect(!line.contains(piece), "\(line)")
                }
            }
        }
    }

    @Test("the API key is sent as a bearer token and never appears in a log line or an error")
    func keyStaysSecret() async throws {
        let echo = #"{"error": {"message": "Incorrect API key provided: \#(Self.key)"}}"#
        for reply in [FakeOpenAIServer.Reply.raw(status: 401, headers: [:], body: echo),
                      .raw(status: 500, headers: [:], body: echo), .completion("Your key is \(Self.key)"), .completion(Self.good)] {
            try await FakeOpenAIServer.with([reply]) { server, url in
                let world = try await World(url: url, apiKey: Self.key)
                let tips = try await world.tips()
                #expect(await server.received.first?.authorization == "Bearer \(Self.key)")
                let said = world.logs.all + [String(describing: tips.fallback), tips.fallback.map { "\($0.message)" } ?? ""]
                for line in said { #expect(!line.contains("SECRET"), "\(line)") }
            }
        }
        let url = try await closedPort()
        let world = try await World(url: url, apiKey: Self.key)
        let tips = try await world.tips()
        for line in world.logs.all + [String(describing: tips.fallback)] { #expect(!line.contains("SECRET"), "\(line)") }
    }
}

/// Every log line (message and metadata), shared by the handlers of one logger.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

struct CapturingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.append("\(event.level) \(event.message) \(all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
    }
}
