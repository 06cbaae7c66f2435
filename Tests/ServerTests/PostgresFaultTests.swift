import Foundation
import Testing
import WellnessComposition
import WellnessPostgres
import WellnessServerHost
import WellnessTestSupport
import WellnessWire

/// When the database goes away, the server answers 503 `SERVICE_UNAVAILABLE` with `Retry-After`
/// (never a 500, never a hang), `/readyz` says not ready, and once the database is back the
/// server serves again by itself. The database sits behind a proxy the test cuts and restores.
@Suite("The server when its PostgreSQL database goes away",
       .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
struct PostgresFaultTests {
    @Test("database down: 503 with Retry-After on the API and /readyz; database back: served again, nothing lost")
    func downAndBack() async throws {
        // The test database's generous limits for the set-up (the whole suite starves two cores);
        // 5 s once the database is to be cut off, so that a request gives up well within the
        // client's patience where the pool alone would keep trying for about a minute.
        var configuration = try PostgresTestDatabase.freshConfiguration()
        let proxy = try await TCPProxy.start(to: configuration.host, port: configuration.port)
        configuration.host = "127.0.0.1"
        configuration.port = proxy.port
        let database = try await PostgresDatabase.open(configuration, logger: TestServer.quietLogger)
        let clock = FixedWallClock(TestServer.start)
        let host = ServerHost(postgres: database, clock: clock, calendar: TestServer.calendar, bcryptCost: 4,
                              logger: TestServer.quietLogger)
        try await TestServer.run(host, directory: try TemporaryDirectory(), clock: clock) { server in
            let (_, token) = try await server.account("ann@example.org")
            #expect(try await server.checkin(TestServer.checkinFields(energy: 4), token: token).status == 201)

            let metrics = String(decoding: try await server.get("/metrics").body, as: UTF8.self)
            #expect(metrics.contains("wellness_database_connections_in_use 0"), "no operation holds a connection now")

            database.operationTimeout = .seconds(5)
            proxy.cut()
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

            proxy.restore()
            database.operationTimeout = .seconds(300)
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
        await database.close()
        await proxy.stop()
    }
}
