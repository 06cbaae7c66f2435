import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory

/// Nothing leaves the machine unasked: the gate passes calls to loopback through, and to any
/// other destination only once allowed (now, and then remembered). No test here sends
/// anything anywhere: the service behind the gate is a counter.
@Suite("Remote tips gate")
struct RemoteTipsGateTests {
    final class Counting: GoalTipsService, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var calls: Int { lock.withLock { count } }
        func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
            lock.withLock { count += 1 }
            return TipsAnswer(tips: [GoalTip(tip: "Walk", category: .exercise, priority: .high)], source: .ai)
        }
    }

    static let goal = Goal(storedID: Goal.ID(), title: "Run", description: nil, createdAt: Date(timeIntervalSince1970: 0))
    static let context = UserContext(moods: [], journals: [], otherGoals: [])

    @Test("loopback hosts pass without asking", arguments: ["http://127.0.0.1:11434", "http://localhost:8080", "http://[::1]:8080",
                                                           "http://127.1.2.3", "HTTP://LOCALHOST"])
    func loopback(url: String) async throws {
        let inner = Counting()
        let consents = InMemoryTipsConsentRepository()
        let gate = RemoteTipsGate(inner, url: try #require(URL(string: url)), consents: consents, allowNow: false)
        #expect(gate.isLoopback)
        #expect(try await gate.tips(for: Self.goal, context: Self.context).source == .ai)
        #expect(inner.calls == 1)
        #expect(await consents.allowed() == [], "nothing to remember")
    }

    @Test("another machine is refused, with nothing sent, until allowed; the choice is remembered",
          arguments: ["https://api.openai.com", "http://192.168.1.20:11434", "http://10.0.0.1", "http://[::ffff:127.0.0.1]:80",
                      "http://127.0.0.1.example.com", "http://localhost.example.com"])
    func remote(url: String) async throws {
        let address = try #require(URL(string: url))
        let inner = Counting()
        let consents = InMemoryTipsConsentRepository()
        let destination = RemoteTipsGate.destination(of: address)
        let refused = RemoteTipsGate(inner, url: address, consents: consents, allowNow: false)
        #expect(!refused.isLoopback)
        await #expect(throws: GoalTipsServiceError.remoteNotAllowed(destination: destination)) {
            try await refused.tips(for: Self.goal, context: Self.context)
        }
        #expect(inner.calls == 0, "nothing was sent")

        let allowing = RemoteTipsGate(inner, url: address, consents: consents, allowNow: true)
        #expect(try await allowing.tips(for: Self.goal, context: Self.context).source == .ai)
        #expect(await consents.allowed() == [destination])
        // Later runs, without the flag, go through.
        #expect(try await refused.tips(for: Self.goal, context: Self.context).source == .ai)
        #expect(inner.calls == 2)
    }

    @Test("the destination is scheme, host and port, lower-cased, without path or credentials")
    func destination() throws {
        #expect(RemoteTipsGate.destination(of: try #require(URL(string: "HTTPS://API.OpenAI.com/v1/"))) == "https://api.openai.com")
        #expect(RemoteTipsGate.destination(of: try #require(URL(string: "http://example.org:8443/x?y=1"))) == "http://example.org:8443")
        let ipv6 = RemoteTipsGate.destination(of: try #require(URL(string: "http://[fe80::1]:11434")))
        #expect(ipv6 == "http://[fe80::1]:11434")
    }
}
