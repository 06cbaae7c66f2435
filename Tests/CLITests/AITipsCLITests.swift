import Foundation
import Testing
import WellnessTestSupport

/// `wellness tips` with an AI tips service: a fake OpenAI-compatible server on 127.0.0.1 (and,
/// for "another machine", the same server addressed as `[::ffff:127.0.0.1]`, which the CLI does
/// not count as loopback: so even a broken privacy check would only ever reach this machine).
@Suite("CLI: AI tips")
struct AITipsCLITests {
    static let good = #"{"tips": [{"tip": "Run before breakfast twice this week.", "category": "exercise", "priority": "high"}, {"tip": "Put your running shoes by the door.", "category": "habit", "priority": "medium"}, {"tip": "Keep the same bedtime on run days.", "category": "sleep", "priority": "low"}]}"#

    func goal(_ cli: Sandbox) async throws -> String {
        let added = try await cli.ok(["goals", "add", "Run three times a week", "--json"], now: Moment.start)
        let object = try #require(try added.json() as? [String: Any], "\(added)")
        return try #require(object["id"] as? String)
    }

    func json(_ result: CLI.Result) throws -> [String: Any] {
        try #require(try result.json() as? [String: Any], "\(result)")
    }

    @Test("WELLNESS_TIPS_URL on this machine gives AI tips, source ai, cached like any tips", arguments: persistentStores)
    func aiTips(store: String) async throws {
        try await FakeOpenAIServer.with([.completion(Self.good)]) { server, url in
            let cli = try Sandbox(store: store)
            let id = try await goal(cli)
            let env = ["WELLNESS_TIPS_URL": url.absoluteString, "WELLNESS_TIPS_MODEL": "llama3.2"]
            let result = try await cli.ok(["tips", id, "--json"], now: Moment.start, extraEnv: env)
            let object = try json(result)
            #expect(object["source"] as? String == "ai")
            let tips = try #require(object["tips"] as? [[String: Any]])
            #expect(tips.map { $0["tip"] as? String } == ["Run before breakfast twice this week.",
                                                          "Put your running shoes by the door.",
                                                          "Keep the same bedtime on run days."])
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(await server.received.first?.body["model"] as? String == "llama3.2")

            let text = try await cli.ok(["tips", id], now: Moment.start, extraEnv: env)
            #expect(text.stdout.contains("Run before breakfast"), "\(text)")
            #expect(!text.stdout.contains("built-in rules"), "\(text)")
            #expect(await server.requests == 1, "the second run is served from the cache")
        }
    }

    @Test("a tips server that cannot be reached gives the rules' tips, source rules, with a one-line note")
    func unreachable() async throws {
        let url = try await closedPort()
        let cli = try Sandbox()
        let id = try await goal(cli)
        let env = ["WELLNESS_TIPS_URL": url.absoluteString]
        let result = try await cli.ok(["tips", id, "--json"], now: Moment.start, extraEnv: env)
        let object = try json(result)
        #expect(object["source"] as? String == "rules")
        #expect((3...6).contains((object["tips"] as? [Any])?.count ?? 0), "\(result)")
        #expect(result.stderr.contains("AI tips are unavailable right now"), "the note goes to stderr with --json: \(result)")

        let text = try await cli.ok(["tips", id, "--refresh"], now: Moment.start, extraEnv: env)
        let notes = text.stdout.split(separator: "\n").filter { $0.contains("built-in rules") }
        #expect(notes.count == 1, "\(text)")
        #expect(notes.first?.contains("could not connect") == true, "\(text)")
    }

    @Test("a server on another machine is asked only after --allow-remote; nothing is sent before; the choice is kept")
    func remoteNeedsConsent() async throws {
        try await FakeOpenAIServer.with([.completion(Self.good)]) { server, url in
            let port = try #require(url.port)
            let remote = "http://[::ffff:127.0.0.1]:\(port)"
            let cli = try Sandbox()
            let id = try await goal(cli)
            let env = ["WELLNESS_TIPS_URL": remote]

            let refused = try await cli.ok(["tips", id], now: Moment.start, extraEnv: env)
            #expect(refused.stdout.contains("would send this goal"), "\(refused)")
            #expect(refused.stdout.contains(remote), "names where: \(refused)")
            #expect(refused.stdout.contains("--allow-remote"), "\(refused)")
            #expect(await server.requests == 0, "nothing was sent")
            let refusedJSON = try json(try await cli.ok(["tips", id, "--json"], now: Moment.start, extraEnv: env))
            #expect(refusedJSON["source"] as? String == "rules")
            #expect(await server.requests == 0)

            let allowed = try json(try await cli.ok(["tips", id, "--json", "--allow-remote"], now: Moment.start, extraEnv: env))
            #expect(allowed["source"] as? String == "ai")
            #expect(await server.requests == 1)
            let consent = try String(contentsOf: cli.data.appendingPathComponent("tips-consent.json"), encoding: .utf8)
            #expect(consent.contains("[::ffff:127.0.0.1]:\(port)"), "\(consent)")

            // Remembered: a later run without the flag is sent.
            let later = try json(try await cli.ok(["tips", id, "--json", "--refresh"], now: Moment.start, extraEnv: env))
            #expect(later["source"] as? String == "ai")
            #expect(await server.requests == 2)
        }
    }

    @Test("the API key comes from a file (or the environment), is sent as a bearer token, and never printed")
    func apiKeyFile() async throws {
        try await FakeOpenAIServer.with([.raw(status: 401, headers: [:], body: #"{"error": "bad key sk-file-SECRET"}"#)]) { server, url in
            let cli = try Sandbox()
            let id = try await goal(cli)
            let keyFile = cli.root.url.appendingPathComponent("key.txt")
            try "sk-file-SECRET\n".write(to: keyFile, atomically: true, encoding: .utf8)
            let result = try await cli.ok(["tips", id, "--tips-url", url.absoluteString, "--tips-api-key-file", keyFile.path],
                                          now: Moment.start, extraEnv: ["WELLNESS_LOG_LEVEL": "trace"])
            #expect(await server.received.first?.authorization == "Bearer sk-file-SECRET")
            #expect(result.stdout.contains("refused the API key"), "\(result)")
            #expect(!result.stdout.contains("SECRET") && !result.stderr.contains("SECRET"), "\(result)")

            let fromEnvironment = try await cli.ok(["tips", id, "--refresh"], now: Moment.start,
                                                   extraEnv: ["WELLNESS_TIPS_URL": url.absoluteString,
                                                              "WELLNESS_TIPS_API_KEY": "sk-env-SECRET", "WELLNESS_LOG_LEVEL": "trace"])
            #expect(await server.received.last?.authorization == "Bearer sk-env-SECRET")
            #expect(!fromEnvironment.stdout.contains("SECRET") && !fromEnvironment.stderr.contains("SECRET"), "\(fromEnvironment)")
        }
    }

    @Test("a bad tips setting is an error naming the flag or variable, and nothing is asked",
          arguments: [
              (["--tips-url", "ftp://127.0.0.1/x"], [String: String](), "--tips-url"),
              ([], ["WELLNESS_TIPS_URL": "not a url"], "WELLNESS_TIPS_URL"),
              ([], ["WELLNESS_TIPS_URL": "http://user:pw@127.0.0.1:1"], "WELLNESS_TIPS_URL"),
              (["--tips-url", "http://127.0.0.1:1", "--tips-timeout", "0"], [:], "--tips-timeout"),
              (["--tips-url", "http://127.0.0.1:1", "--tips-api-key-file", "/nonexistent/key"], [:], "/nonexistent/key"),
              ([], ["WELLNESS_TIPS_URL": "http://127.0.0.1:1", "WELLNESS_TIPS_MODEL": "  "], "WELLNESS_TIPS_MODEL"),
          ])
    func badSettings(flags: [String], env: [String: String], named: String) async throws {
        let cli = try Sandbox()
        let id = try await goal(cli)
        let result = try await cli.run(["tips", id] + flags, now: Moment.start, extraEnv: env)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(named), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }
}
