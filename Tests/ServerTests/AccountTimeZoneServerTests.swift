import Foundation
import Testing
import WellnessComposition
import WellnessServerHost
import WellnessTestSupport
import WellnessWire

/// Each account's days are its own: on a server in UTC, an account in Amsterdam and one in
/// Auckland get "today", check-in validation and the weekly window in their own zone, around
/// their own midnight and Amsterdam's change to summer time (29 March 2026, 02:00 → 03:00).
/// On the default store (PostgreSQL in `.ci/run`'s second pass) and on SQLite.
@Suite("Server: each account's own time zone")
struct AccountTimeZoneServerTests {
    static let utc = Fixtures.calendar("UTC")

    static func today(_ server: TestServer, _ token: String) async throws -> String {
        let reply = try await server.get("/api/checkins/today", token: token)
        guard reply.status == 200 else { throw TestServerError.unexpected(reply) }
        return try reply.decode(Wire.TodayResponse.self).date.description
    }

    static func logIn(_ server: TestServer, _ email: String, zone: String?) async throws -> String {
        var body: [String: Any] = ["email": email, "password": TestServer.password]
        if let zone { body["timeZone"] = zone }
        let reply = try await server.post("/api/auth/login", json: body)
        guard reply.status == 200 else { throw TestServerError.unexpected(reply) }
        return try reply.decode(Wire.LoginResponse.self).accessToken
    }

    @Test("today, the newest day a check-in may have and the weekly window follow each account's zone, not the server's",
          arguments: [StoreKind.memory, .sqlite])
    func ownDays(store: StoreKind) async throws {
        // Saturday 28 March 23:30 UTC: Sunday 00:30 in Amsterdam (still winter time), Sunday 12:30 in Auckland.
        let clock = FixedWallClock(Fixtures.instant("2026-03-28T23:30:00Z"))
        try await TestServer.withServer(store: store, clock: clock, calendar: Self.utc) { server in
            _ = try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            let ann = try await Self.logIn(server, "ann@example.org", zone: "Europe/Amsterdam")
            _ = try await server.host.addAccount(email: "bob@example.org", password: TestServer.password,
                                                 timeZone: "Pacific/Auckland")
            let bob = try await Self.logIn(server, "bob@example.org", zone: nil)
            let (_, carl) = try await server.account("carl@example.org")

            #expect(try await Self.today(server, ann) == "2026-03-29", "00:30 in Amsterdam is Sunday")
            #expect(try await Self.today(server, bob) == "2026-03-29")
            #expect(try await Self.today(server, carl) == "2026-03-28", "no zone said: the server's (UTC)")
            #expect(try await server.host.account("bob@example.org").timeZone == "Pacific/Auckland",
                    "a login without a zone keeps the account's")

            // Ann's check-in at 00:30 on Sunday is Sunday's, not Saturday's.
            #expect(try await server.checkin(TestServer.checkinFields("2026-03-29"), token: ann).status == 201)

            // Sunday 11:30 UTC: 13:30 in Amsterdam (summer time since 01:00 UTC), 00:30 Monday in Auckland.
            clock.set(Fixtures.instant("2026-03-29T11:30:00Z"))
            #expect(try await Self.today(server, ann) == "2026-03-29")
            #expect(try await Self.today(server, bob) == "2026-03-30")
            #expect(try await server.checkin(TestServer.checkinFields("2026-03-30"), token: bob).status == 201,
                    "Monday has begun in Auckland")
            let early = try await server.checkin(TestServer.checkinFields("2026-03-30"), token: ann)
            #expect(early.status == 400, "Monday has not begun in Amsterdam: \(early)")
            #expect(early.error?.code == "VALIDATION_ERROR")

            let insights = try await server.get("/api/insights/weekly", token: bob).decode(Wire.InsightsResponse.self)
            #expect(insights.insights.weekEnd.description == "2026-03-30", "Bob's week ends on his today")
            #expect(insights.insights.summary.checkinCount == 1)

            // Amsterdam's Sunday is 23 hours long: it ends at 22:00 UTC.
            clock.set(Fixtures.instant("2026-03-29T21:59:59Z"))
            #expect(try await Self.today(server, ann) == "2026-03-29")
            clock.set(Fixtures.instant("2026-03-29T22:00:00Z"))
            #expect(try await Self.today(server, ann) == "2026-03-30", "Amsterdam's midnight, in summer time")
            #expect(try await Self.today(server, carl) == "2026-03-29")
        }
    }

    @Test("a login from another zone moves the account there (a person who travels); an unknown zone is a 400 naming the field",
          arguments: [StoreKind.memory, .sqlite])
    func travel(store: StoreKind) async throws {
        let clock = FixedWallClock(Fixtures.instant("2026-03-29T11:30:00Z"))
        try await TestServer.withServer(store: store, clock: clock, calendar: Self.utc) { server in
            _ = try await server.host.addAccount(email: "ann@example.org", password: TestServer.password,
                                                 timeZone: "Europe/Amsterdam")
            let home = try await Self.logIn(server, "ann@example.org", zone: nil)
            #expect(try await Self.today(server, home) == "2026-03-29")

            let away = try await Self.logIn(server, "ann@example.org", zone: "Pacific/Auckland")
            #expect(try await server.host.account("ann@example.org").timeZone == "Pacific/Auckland")
            #expect(try await Self.today(server, away) == "2026-03-30")
            #expect(try await Self.today(server, home) == "2026-03-30", "the account's zone, whichever session asks")

            let bad = try await server.post("/api/auth/login", json: ["email": "ann@example.org",
                                                                      "password": TestServer.password,
                                                                      "timeZone": "Mars/Olympus_Mons"])
            #expect(bad.status == 400)
            #expect(bad.error?.code == "VALIDATION_ERROR")
            #expect(bad.error?.message.contains("timeZone") == true, "\(bad)")
            #expect(try await server.host.account("ann@example.org").timeZone == "Pacific/Auckland", "unchanged")
        }
    }
}
