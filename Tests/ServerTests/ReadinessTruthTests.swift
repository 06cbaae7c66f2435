import Foundation
import GRDB
import Testing
import WellnessComposition
import WellnessServerHost
import WellnessTestSupport

/// `/readyz` reads the accounts database through the handle logins use, and a replaced or
/// removed `server.sqlite` is noticed and reopened (issue 37, finding 9).
@Suite("Readiness tells the truth about server.sqlite")
struct ReadinessTruthTests {
    static func file(_ server: TestServer) -> URL { server.directory.url.appendingPathComponent("server.sqlite") }

    /// Moves everything of the write-ahead log into the file, so a copy of the file alone holds it all.
    static func checkpoint(_ file: URL) throws {
        let queue = try DatabaseQueue(path: file.path)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
    }

    @Test("server.sqlite overwritten with garbage: /readyz 503 and no login; a good copy renamed over it: 200 and logins again")
    func garbageThenPutBack() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            _ = try await server.account("ann@example.org")
            #expect(try await server.get("/readyz").status == 200)
            let file = Self.file(server)
            try Self.checkpoint(file)
            let copy = file.deletingLastPathComponent().appendingPathComponent("server-copy.sqlite")
            try FileManager.default.copyItem(at: file, to: copy)

            // In place: the same inode, so SQLite's open handles still see it.
            let handle = try FileHandle(forWritingTo: file)
            try handle.write(contentsOf: Data(repeating: 0x5A, count: 8192))
            try handle.close()
            let unready = try await server.get("/readyz")
            #expect(unready.status == 503, "\(unready)")
            #expect(unready.error?.code == "SERVICE_UNAVAILABLE")
            #expect(try await server.post("/api/auth/login", json: ["email": "ann@example.org", "password": TestServer.password]).status != 200)

            try FileManager.default.removeItem(at: file)
            try FileManager.default.moveItem(at: copy, to: file)
            #expect(try await server.get("/readyz").status == 200)
            let token = try await server.logIn("ann@example.org")
            #expect(try await server.get("/api/v1/goals", token: token).status == 200)
        }
    }

    @Test("server.sqlite removed: /readyz 503 and logins refused (never a new empty accounts database); put back: 200")
    func removedThenPutBack() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            _ = try await server.account("ann@example.org")
            let file = Self.file(server)
            let away = file.deletingLastPathComponent().appendingPathComponent("server-away.sqlite")
            try FileManager.default.moveItem(at: file, to: away)

            #expect(try await server.get("/readyz").status == 503)
            #expect(try await server.post("/api/auth/login", json: ["email": "ann@example.org", "password": TestServer.password]).status != 200)
            #expect(!FileManager.default.fileExists(atPath: file.path), "a new, empty accounts database was created")
            #expect(try await server.get("/healthz").status == 200)

            try FileManager.default.moveItem(at: away, to: file)
            #expect(try await server.get("/readyz").status == 200)
            _ = try await server.logIn("ann@example.org")
        }
    }

    @Test("a disk with less free space than the server needs to write sessions: /readyz 503, naming the disk in the log only")
    func diskFull() async throws {
        let directory = try TemporaryDirectory(prefix: "wellness-readiness")
        let clock = FixedWallClock(TestServer.start)
        let host = try ServerHost(store: .sqlite, directory: directory.url, clock: clock, calendar: TestServer.calendar,
                                  bcryptCost: 4, minimumFreeSpace: .max, logger: TestServer.quietLogger)
        await #expect(throws: ServerHostError.self) { try await host.checkReady() }
        try await TestServer.run(host, directory: directory, clock: clock) { server in
            let reply = try await server.get("/readyz")
            #expect(reply.status == 503)
            #expect(!reply.text.contains(directory.url.path))
        }
        let roomy = try ServerHost(store: .sqlite, directory: directory.url, clock: clock, calendar: TestServer.calendar,
                                   bcryptCost: 4, logger: TestServer.quietLogger)
        try await roomy.checkReady()
    }
}
