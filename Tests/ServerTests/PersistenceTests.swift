import Foundation
import NIOHTTP1
import Testing
import WellnessComposition
import WellnessServerHost
import WellnessHTTP
import WellnessTestSupport
import WellnessWire

@Suite("Stores on disk")
struct PersistenceTests {
    @Test("accounts, sessions, check-ins, idempotency records and goals outlive the server",
          arguments: [StoreKind.sqlite, .json])
    func reopenedHostSeesEverything(store: StoreKind) async throws {
        let directory = try TemporaryDirectory(prefix: "wellness-server-store")
        let clock = FixedWallClock(TestServer.start)
        let key = UUID().uuidString
        let fields = TestServer.checkinFields(energy: 2, stress: 4, social: 3, contact: "Kim")

        let first = try TestServer.makeHost(store: store, directory: directory, clock: clock)
        let (token, goal) = try await TestServer.run(first, directory: directory, clock: clock) { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password, tier: .pro)
            let token = try await server.logIn("ann@example.org")
            #expect(try await server.checkin(fields, key: key, token: token).status == 201)
            let goal = try await GoalTipsTests.addGoal(server, token: token, title: "Exercise 3x per week")
            return (token, goal)
        }
        if store == .sqlite {
            #expect(FileManager.default.fileExists(atPath: directory.file("server.sqlite").path))
        }

        let second = try TestServer.makeHost(store: store, directory: directory, clock: clock)
        try await TestServer.run(second, directory: directory, clock: clock) { server in
            // The session stored by the first server still holds.
            let session = try await server.get("/api/auth/session", token: token)
            #expect(session.status == 200)
            #expect(try session.decode(Wire.SessionResponse.self).tier == .pro)
            // The password too.
            let fresh = try await server.logIn("ann@example.org")

            let today = try await server.get("/api/checkins/today", token: fresh).decode(Wire.TodayResponse.self)
            #expect(today.checkin?.energy == 2)
            #expect(today.checkin?.keyContact == "Kim")

            // The idempotency record survived: the same key replays, a different body is refused.
            let replay = try await server.checkin(fields, key: key, token: fresh)
            #expect(replay.status == 201)
            #expect(replay.header("Idempotent-Replayed") == "true")
            let reused = try await server.checkin(TestServer.checkinFields("2026-03-09"), key: key, token: fresh)
            #expect(reused.status == 422)

            let goals = try await server.get("/api/v1/goals", token: fresh).decode(GoalTipsTests.GoalsEnvelope.self)
            #expect(goals.data.goals.compactMap(\.id) == [goal])
        }
    }

    @Test("each account's data lives in its own folder named by its id")
    func accountFolders() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            let (ann, annToken) = try await server.account("ann@example.org")
            let (bob, bobToken) = try await server.account("bob@example.org")
            #expect(try await server.checkin(TestServer.checkinFields(), token: annToken).status == 201)
            #expect(try await server.checkin(TestServer.checkinFields(), token: bobToken).status == 201)
            let folders = try FileManager.default.contentsOfDirectory(atPath: server.directory.file("accounts").path)
            #expect(Set(folders) == [ann.id.description, bob.id.description])
            let annFolder = server.host.dataDirectory(of: ann.id)
            #expect(annFolder.lastPathComponent == ann.id.description)
            #expect(FileManager.default.fileExists(atPath: annFolder.appendingPathComponent("wellness.sqlite").path))
        }
    }

    @Test("removing an account ends its sessions and deletes its data; the email can start afresh")
    func removeAccount() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            let (ann, token) = try await server.account("ann@example.org")
            #expect(try await server.checkin(TestServer.checkinFields(), token: token).status == 201)
            let folder = server.host.dataDirectory(of: ann.id)
            #expect(FileManager.default.fileExists(atPath: folder.path))

            try await server.host.removeAccount("ann@example.org")
            let refused = try await server.get("/api/checkins/today", token: token)
            #expect(refused.status == 401)
            #expect(!FileManager.default.fileExists(atPath: folder.path))

            let (again, fresh) = try await server.account("ann@example.org")
            #expect(again.id != ann.id)
            let today = try await server.get("/api/checkins/today", token: fresh).decode(Wire.TodayResponse.self)
            #expect(today.checkin == nil)
        }
    }

    @Test("a session logged out on one server is gone for the next")
    func logoutPersists() async throws {
        let directory = try TemporaryDirectory(prefix: "wellness-server-store")
        let clock = FixedWallClock(TestServer.start)
        let first = try TestServer.makeHost(store: .sqlite, directory: directory, clock: clock)
        let token = try await TestServer.run(first, directory: directory, clock: clock) { server in
            let (_, token) = try await server.account("ann@example.org")
            #expect(try await server.request(.POST, "/api/auth/logout", token: token).status == 204)
            return token
        }
        let second = try TestServer.makeHost(store: .sqlite, directory: directory, clock: clock)
        try await TestServer.run(second, directory: directory, clock: clock) { server in
            let reply = try await server.get("/api/auth/session", token: token)
            #expect(reply.status == 401)
        }
    }
}
