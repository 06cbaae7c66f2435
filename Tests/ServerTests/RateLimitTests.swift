import Foundation
import Testing
import WellnessComposition
import WellnessServerHost
import WellnessHTTP
import WellnessTestSupport
import WellnessWire

@Suite("Rate limiting")
struct RateLimitTests {
    static let tight = RateLimit(limit: 3, window: 60)

    @Test("past the limit a token gets 429 RATE_LIMITED with Retry-After; another account's token is unaffected")
    func fourthRequestIsLimited() async throws {
        try await TestServer.withServer(rateLimit: Self.tight) { server in
            let (_, ann) = try await server.account("ann@example.org")
            let (_, bob) = try await server.account("bob@example.org")
            for _ in 1...3 {
                #expect(try await server.get("/api/checkins/today", token: ann).status == 200)
            }
            let limited = try await server.get("/api/checkins/today", token: ann)
            #expect(limited.status == 429)
            #expect(limited.error?.code == "RATE_LIMITED")
            #expect(limited.header("Retry-After") == "60")
            #expect(limited.error?.message.contains("60") == true)

            #expect(try await server.get("/api/checkins/today", token: bob).status == 200)
        }
    }

    @Test("Retry-After counts down with the clock, and a new window lets requests through again")
    func windowReopens() async throws {
        let clock = FixedWallClock(TestServer.start)
        try await TestServer.withServer(clock: clock, rateLimit: Self.tight) { server in
            let (_, token) = try await server.account("ann@example.org")
            for _ in 1...3 { _ = try await server.get("/api/checkins/today", token: token) }
            clock.set(TestServer.start.addingTimeInterval(45.5))
            let limited = try await server.get("/api/checkins/today", token: token)
            #expect(limited.status == 429)
            #expect(limited.header("Retry-After") == "15")

            clock.set(TestServer.start.addingTimeInterval(60))
            #expect(try await server.get("/api/checkins/today", token: token).status == 200)
        }
    }

    @Test("logging in does not count against a token's budget, and a new login starts a new budget")
    func loginIsNotCountedPerToken() async throws {
        try await TestServer.withServer(rateLimit: Self.tight) { server in
            let (_, first) = try await server.account("ann@example.org")
            for _ in 1...3 { _ = try await server.get("/api/checkins/today", token: first) }
            #expect(try await server.get("/api/checkins/today", token: first).status == 429)
            let second = try await server.logIn("ann@example.org")
            #expect(try await server.get("/api/checkins/today", token: second).status == 200)
        }
    }

    @Test("a token past its limit can still read its session and log out, and neither counts")
    func sessionAndLogoutAreNeverLimited() async throws {
        try await TestServer.withServer(rateLimit: Self.tight) { server in
            let (_, token) = try await server.account("ann@example.org")
            for _ in 1...5 { #expect(try await server.get("/api/auth/session", token: token).status == 200) }
            for _ in 1...3 { #expect(try await server.get("/api/checkins/today", token: token).status == 200) }
            #expect(try await server.get("/api/checkins/today", token: token).status == 429)
            #expect(try await server.get("/api/auth/session", token: token).status == 200)
            #expect(try await server.request(.POST, "/api/auth/logout", token: token).status == 204)
            #expect(try await server.get("/api/auth/session", token: token).status == 401, "the session ended")
        }
    }

    @Test("failed logins back off per email and client: after 5, even the right password waits 1 s (429); other emails are not affected")
    func failedLoginsBackOff() async throws {
        let clock = FixedWallClock(TestServer.start)
        try await TestServer.withServer(clock: clock) { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            try await server.host.addAccount(email: "bob@example.org", password: TestServer.password)
            for _ in 1...5 {
                let guess = try await server.post("/api/auth/login", json: ["email": "ann@example.org", "password": "guess"])
                #expect(guess.status == 401)
            }
            // Another spelling of the address counts as the same.
            let limited = try await server.post("/api/auth/login",
                                                json: ["email": " ANN@example.org", "password": TestServer.password])
            #expect(limited.status == 429)
            #expect(limited.error?.code == "RATE_LIMITED")
            #expect(limited.header("Retry-After") == "1")

            #expect(try await server.post("/api/auth/login",
                                          json: ["email": "bob@example.org", "password": TestServer.password]).status == 200)
            clock.set(TestServer.start.addingTimeInterval(1))
            #expect(try await server.post("/api/auth/login",
                                          json: ["email": "ann@example.org", "password": TestServer.password]).status == 200)
        }
    }

    /// ann@example.org logs in with `password`, as forwarded by a proxy for `client`; the status.
    static func logIn(_ server: TestServer, password: String, forwardedFor client: String) async throws -> Int {
        try await server.post("/api/auth/login", headers: [("X-Forwarded-For", client)],
                              json: ["email": "ann@example.org", "password": password]).status
    }

    @Test("behind a trusted proxy failed logins back off per forwarded client: one client's guesses never hold up another's login; from a peer not trusted the header is ignored",
          arguments: [["127.0.0.1"], ["10.0.0.0/8", "::1"], []])
    func backOffBehindAProxy(proxies entries: [String]) async throws {
        let trusted = entries.contains("127.0.0.1") // the test client's address
        try await TestServer.withServer(trustedProxies: try TrustedProxies(entries)) { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            for _ in 1...5 { #expect(try await Self.logIn(server, password: "guess", forwardedFor: "198.51.100.7") == 401) }
            // What the guesser writes into the header itself comes before what the proxy appends.
            #expect(try await Self.logIn(server, password: TestServer.password, forwardedFor: "203.0.113.1, 198.51.100.7") == 429,
                    "the guessing client waits")
            #expect(try await Self.logIn(server, password: TestServer.password, forwardedFor: "198.51.100.8") == (trusted ? 200 : 429),
                    trusted ? "another client behind the proxy is not held up" : "untrusted: all share the proxy's address")
        }
    }

    @Test("an IPv6 client's failed logins count for its whole /64: another address in it waits, another network does not")
    func ipv6ClientsBackOffByNetwork() async throws {
        try await TestServer.withServer(trustedProxies: try TrustedProxies(["127.0.0.1"])) { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            for host in 1...5 {
                #expect(try await Self.logIn(server, password: "guess", forwardedFor: "2001:db8:1:2::\(host)") == 401)
            }
            #expect(try await Self.logIn(server, password: TestServer.password, forwardedFor: "2001:db8:1:2:abcd::6") == 429,
                    "a new address in the same /64 is the same client")
            #expect(try await Self.logIn(server, password: TestServer.password, forwardedFor: "2001:db8:1:3::1") == 200)
        }
    }

    @Test("a request without a valid token is refused before it is counted")
    func unauthenticatedRequestsAreNotCounted() async throws {
        try await TestServer.withServer(rateLimit: Self.tight) { server in
            let (_, token) = try await server.account("ann@example.org")
            for _ in 1...5 {
                #expect(try await server.get("/api/auth/session", token: "made-up").status == 401)
            }
            #expect(try await server.get("/api/auth/session", token: token).status == 200)
        }
    }

    @Test("the client adapters see a 429 as ApiFailure.rateLimited with its Retry-After")
    func adapterSeesRateLimited() async throws {
        try await TestServer.withServer(rateLimit: RateLimit(limit: 1, window: 60)) { server in
            let (_, token) = try await server.account("ann@example.org")
            let remote = HTTPDriftRemote(server.api(token: token))
            _ = try await remote.today()
            await #expect(throws: ApiFailure.rateLimited(retryAfter: 60)) { try await remote.today() }
            let checkin = try Checkin(day: TestServer.today, energy: 3, stress: 3, social: 3)
            await #expect(throws: ApiFailure.rateLimited(retryAfter: 60)) {
                try await HTTPCheckinAPI(server.api(token: token)).submit(checkin, idempotencyKey: UUID().uuidString, replacing: false)
            }
        }
    }
}
