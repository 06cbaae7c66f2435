import Foundation
import Testing
import WellnessClient
import WellnessComposition
import WellnessHTTP
import WellnessTestSupport

/// A client logged in to a server that then goes away — stopped (the port refuses) or silent
/// (it accepts and never answers), both on loopback — answers each command within a bound:
/// reads from the cache with the offline note, check-ins queued, and nothing tried twice.
@Suite("A server that is away costs a second, not ten")
struct AwayServerTests {
    /// A bound for one command against a server that is away, far above the goal (2 s, which
    /// `wellness-bench --only=online` measures) and far below what a command that waited for
    /// every call would take on a starved machine: a hang detector, not a speed check.
    static let bound: Duration = .seconds(60)

    /// A client of a fresh data directory of `store`, logged in as a Pro account to `server`
    /// through a proxy, that answers within `response`.
    struct Client {
        let directory: TemporaryDirectory
        let store: StoreKind
        let proxy: TCPProxy
        let timeouts: ServerTimeouts
        /// The client's clock; moved on past the caches' lifetimes once the server is away.
        let clock = FixedWallClock(TestServer.start)

        /// A new client, as a new command would build (its own connectivity). `patient`: one
        /// that waits as long as the test server's other clients, for filling the caches while
        /// the server is up (a starved machine can take longer than the 1-s response timeout).
        func make(patient: Bool = false) throws -> WellnessClient {
            var timeouts = timeouts
            if patient { timeouts.response = TestServer.clientLimit }
            return try WellnessClient(WellnessConfiguration(store: store, dataDirectory: directory.url, clock: clock,
                                                            calendar: TestServer.calendar),
                                      timeouts: timeouts)
        }

        static func loggedIn(to server: TestServer, store: StoreKind, response: Duration = .seconds(1)) async throws
            -> Client {
            _ = try await server.account("ann@example.org", tier: .pro)
            let proxy = try await TCPProxy.start(to: "127.0.0.1", port: try #require(server.url.port))
            var timeouts = ServerTimeouts(response: response, aiTimeout: .seconds(1))
            timeouts.passwordCheck = TestServer.clientLimit
            let client = Client(directory: try TemporaryDirectory(prefix: "wellness-away"), store: store, proxy: proxy,
                                timeouts: timeouts)
            let url = try #require(URL(string: "http://127.0.0.1:\(proxy.port)"))
            try await client.make().session.logIn(server: url, email: "ann@example.org", password: TestServer.password)
            return client
        }
    }

    /// Runs `body`, expecting it to end within ``bound``.
    @discardableResult
    static func timed<T>(_ what: String, _ body: () async throws -> T) async rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await body()
        let took = clock.now - start
        #expect(took < bound, "\(what) took \(took)")
        return value
    }

    /// Every remote command of a logged-in client, against the server as it is now, 15 minutes
    /// after the caches were filled (so every cached answer is stale).
    static func everyCommand(_ client: Client) async throws {
        client.clock.set(TestServer.start.addingTimeInterval(15 * 60))
        // A check-in is kept here and sent as the command ends, which gives up within the bound.
        let checkin = try await timed("checkin") {
            let made = try client.make()
            let wellness = try await made.wellness()
            let receipt = try await wellness.drift.checkIn(energy: 2, stress: 4, social: 3)
            return (receipt.delivery, try await made.syncing(wellness)?.send([CheckinRecords.collection]))
        }
        #expect(checkin.0 == .local && checkin.1 == .pending, "kept here, pending for the next sync")
        await timed("sync") {
            await #expect(throws: ApiFailure.offline) {
                let made = try client.make()
                _ = try await made.syncing(try await made.wellness())?.run()
            }
        }
        let insights = try await timed("insights") { try await client.make().wellness().drift.insights() }
        #expect(insights.offline, "the cached insights, marked offline")
        await timed("trends (nothing cached)") {
            await #expect(throws: ApiFailure.offline) { try await client.make().wellness().drift.trends() }
        }
        let tier = try await timed("tier") { try await client.make().wellness().drift.tierReading() }
        #expect(tier.value == .pro && tier.offline, "the session's tier, cached")
        let today = try await timed("summary's check-in") { try await client.make().wellness().drift.today() }
        #expect(today.offline && today.checkin != nil, "this device's check-in, marked offline")
        let status = try await timed("session") {
            let made = try client.make()
            let wellness = try await made.wellness()
            await wellness.drift.sendWaiting()
            return try await made.session.status()
        }
        guard case .unverified = status else { Issue.record("session: \(status)"); return }
        let summary = try await timed("summary") { try await client.make().wellness().todaySummary() }
        #expect(summary.checkin?.offline == true)
    }

    @Test("against a stopped server (a refused port) every command returns within the bound", arguments: [StoreKind.json, .sqlite])
    func stopped(store: StoreKind) async throws {
        try await TestServer.withServer { server in
            let client = try await Client.loggedIn(to: server, store: store)
            let online = try await client.make(patient: true).wellness()
            _ = try await online.drift.insights() // cached
            #expect(try await online.drift.tierReading().value == .pro, "logged in to Pro: the session's tier")
            await client.proxy.stop()
            try await Self.everyCommand(client)
        }
    }

    @Test("against a server that accepts and never answers every command returns within the bound",
          arguments: [StoreKind.json, .sqlite])
    func silent(store: StoreKind) async throws {
        try await TestServer.withServer { server in
            let client = try await Client.loggedIn(to: server, store: store)
            let online = try await client.make(patient: true).wellness()
            _ = try await online.drift.insights()
            _ = try await online.drift.tierReading()
            client.proxy.freeze()
            try await Self.everyCommand(client)
            await client.proxy.stop()
        }
    }

    @Test("once a call found the server away, the rest of the command does not try it again")
    func notTriedAgain() async throws {
        try await TestServer.withServer { server in
            let client = try await Client.loggedIn(to: server, store: .json, response: .seconds(2))
            client.proxy.freeze()
            let made = try client.make()
            let wellness = try await made.wellness()
            _ = try await wellness.drift.checkIn(energy: 2, stress: 4, social: 3)
            let sync = try #require(try await made.syncing(wellness))
            _ = try await sync.send([CheckinRecords.collection], within: .seconds(30)) // waits out one response timeout
            let tried = client.proxy.frozenTries
            #expect(tried >= 1, "sending the check-in tried the server")
            for _ in 0..<5 { _ = try? await wellness.drift.alerts() }
            _ = try? await sync.run()
            // Counted, not timed: a starved machine can take any time over six calls.
            #expect(client.proxy.frozenTries == tried, "offline: no call tried the server again")
            await client.proxy.stop()
        }
    }
}

@Suite("The tier a session says")
struct SessionTierTests {
    @Test("logged in, tier and features follow the account's tier on the server; tier set is the admin's",
          arguments: [Tier.free, .pro])
    func tierFromTheSession(tier: Tier) async throws {
        try await TestServer.withServer { server in
            _ = try await server.account("bo@example.org", tier: tier)
            let directory = try TemporaryDirectory(prefix: "wellness-tier")
            let client = try WellnessClient(WellnessConfiguration(store: .json, dataDirectory: directory.url,
                                                                  clock: FixedWallClock(TestServer.start),
                                                                  calendar: TestServer.calendar,
                                                                  tierOverride: nil),
                                        timeouts: ServerTimeouts(response: TestServer.clientLimit,
                                                                 aiTimeout: TestServer.clientLimit))
            try await client.session.logIn(server: server.url, email: "bo@example.org", password: TestServer.password)
            let wellness = try await client.wellness()
            let reading = try await wellness.drift.tierReading()
            #expect(reading.value == tier && !reading.offline)
            #expect(try await wellness.drift.features().contains { $0.pro && $0.unlocked } == (tier == .pro))
            await #expect(throws: DriftError.self) {
                try await wellness.drift.setTier(tier == .pro ? .free : .pro)
            }
        }
    }
}
