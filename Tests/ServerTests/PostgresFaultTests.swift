import Foundation
import Testing
import WellnessComposition
import WellnessPostgres
import WellnessServerHost
import WellnessTestSupport
import WellnessWire

/// When the database goes away, the server answers 503 `SERVICE_UNAVAILABLE` with `Retry-After`
/// (never a 500, never a hang), `/readyz` says not ready, and once the database is back the
/// server serves again by itself. The database sits behind a proxy the test cuts (connections
/// closed) or freezes (packets dropped, nothing closed), and restores.
@Suite("The server when its PostgreSQL database goes away",
       .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
struct PostgresFaultTests {
    @Test("database down: 503 with Retry-After on the API and /readyz; database back: served again, nothing lost")
    func downAndBack() async throws {
        try await Self.behindProxy { server, token, proxy, database in
            database.operationTimeout = .seconds(5)
            proxy.cut()
            try await Self.expectUnavailable(server, token: token)
            proxy.restore()
            database.operationTimeout = .seconds(300)
            try await Self.expectServedAgain(server, token: token)
        }
    }

    @Test("database silent (every packet dropped, nothing closed): 503 within the operation limit, never a hang; back: served again")
    func silentAndBack() async throws {
        try await Self.behindProxy { server, token, proxy, database in
            database.operationTimeout = .seconds(2)
            proxy.freeze()
            let started = ContinuousClock.now
            try await Self.expectUnavailable(server, token: token)
            // Six answers, each bounded by the 2 s limit (the readiness probe by its own 2 s),
            // however long the network stays silent: a hang would be the client's 60-s request
            // timeout, thrown above. The bound here is loose, for a starved machine.
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < .seconds(300), "every answer came within the limits")
            #expect(elapsed >= .seconds(2), "the traffic was dropped, not refused: answers waited for the limit")
            proxy.restore()
            database.operationTimeout = .seconds(300)
            try await Self.expectServedAgain(server, token: token)
        }
    }

    /// A server on a fresh schema reached through a proxy, with an account that checked in once.
    /// The test database's generous limits hold for the set-up (the whole suite starves two
    /// cores); a test shortens them only while the database is away, so that a request gives up
    /// well within the client's patience where the pool alone would keep trying for a minute.
    static func behindProxy(_ body: (TestServer, String, TCPProxy, PostgresDatabase) async throws -> Void) async throws {
        var configuration = try PostgresTestDatabase.freshConfiguration()
        let proxy = try await TCPProxy.start(to: configuration.host, port: configuration.port)
        configuration.host = "127.0.0.1"
        configuration.port = proxy.port
        let database = try await PostgresDatabase.open(configuration, logger: TestServer.quietLogger)
        let clock = FixedWallClock(TestServer.start)
        let host = ServerHost(postgres: database, clock: clock, calendar: TestServer.calendar, bcryptCost: 4,
                              logger: TestServer.quietLogger)
        do {
            try await TestServer.run(host, directory: try TemporaryDirectory(), clock: clock) { server in
                let (_, token) = try await server.account("ann@example.org")
                #expect(try await server.checkin(TestServer.checkinFields(energy: 4), token: token).status == 201)
                let metrics = String(decoding: try await server.get("/metrics").body, as: UTF8.self)
                #expect(metrics.contains("wellness_database_connections_in_use 0"), "no operation holds a connection now")
                try await body(server, token, proxy, database)
            }
        } catch {
            await database.close()
            await proxy.stop()
            throw error
        }
        await database.close()
        await proxy.stop()
    }

    /// Reads and a check-in answer 503 `SERVICE_UNAVAILABLE` with `Retry-After`, so does
    /// `/readyz`; `/healthz` still 200.
    static func expectUnavailable(_ server: TestServer, token: String) async throws {
        for path in ["/api/checkins/today", "/api/trends?days=7", "/api/v1/goals"] {
            let reply = try await server.get(path, token: token)
            #expect(reply.status == 503, "\(path): \(reply)")
            #expect(reply.header("Retry-After") == "5", "\(path)")
            #expect(reply.error?.code == "SERVICE_UNAVAILABLE", "\(path)")
        }
        let refused = try await server.checkin(TestServer.checkinFields("2026-03-09", energy: 2), token: token)
        #expect(refused.status == 503, "\(refused)")
        let ready = try await server.get("/readyz")
        #expect(ready.status == 503 && ready.header("Retry-After") == "5", "\(ready)")
        #expect(try await server.get("/healthz").status == 200, "alive all the same")
    }

    /// `/readyz` turns 200 again by itself, and what was saved before is there.
    static func expectServedAgain(_ server: TestServer, token: String) async throws {
        // The pool reconnects on its own, after a back-off: ask for up to three minutes.
        var readyAgain = false
        for _ in 0..<180 {
            if try await server.get("/readyz").status == 200 {
                readyAgain = true
                break
            }
            try await Task.sleep(for: .seconds(1))
        }
        #expect(readyAgain, "/readyz is 200 again once the database is back")
        let today = try await server.get("/api/checkins/today", token: token)
        #expect(today.status == 200, "\(today)")
        #expect(try today.decode(Wire.TodayResponse.self).checkin?.energy == 4, "what was saved before is there")
    }
}
