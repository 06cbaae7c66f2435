import Foundation
import NIOHTTP1
import Testing
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessHTTP
import WellnessServerHost
import WellnessTestSupport
import WellnessWire

/// `GET /api/account/export` and `DELETE /api/account`, on every store the server keeps accounts in.
@Suite("Account data over HTTP: export and delete")
struct AccountDataTests {
    static let stores: [StoreKind] = [.sqlite, .json, .memory]

    @Test("the export is the account's backup archive, with its check-ins and goals, and restores into a local store",
          arguments: stores)
    func export(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, token) = try await server.account("ann@example.org")
            let (_, bobToken) = try await server.account("bob@example.org")
            #expect(try await server.checkin(TestServer.checkinFields(), token: token).status == 201)
            #expect(try await server.post("/api/v1/goals", token: token, json: ["title": "Sleep by eleven"]).status == 201)
            #expect(try await server.post("/api/v1/goals", token: bobToken, json: ["title": "Bob's goal"]).status == 201)

            let reply = try await server.get("/api/account/export", token: token)
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(reply.header("Content-Disposition")?.contains("attachment") == true)
            let archive = try reply.object()
            #expect(archive["format"] as? String == "wellness-backup")
            #expect(archive["version"] as? Int == BackupArchive.version)
            let collections = try #require(archive["collections"] as? [String: [[String: Any]]])
            #expect(collections["checkins"]?.count == 1)
            #expect(collections["goals"]?.map { $0["title"] as? String } == ["Sleep by eleven"], "Bob's goal is not in it")

            // The client adapter gets the same bytes, and they restore into a store of any kind.
            let bytes = try await HTTPSessionAPI(server.api(token: token)).exportAccount()
            #expect(Data(bytes) == reply.body)
            let local = try TemporaryDirectory()
            let wellness = try Wellness.make(WellnessConfiguration(store: .json, dataDirectory: local.url,
                                                                   clock: server.clock, calendar: TestServer.calendar))
            let counts = try await wellness.backups.restore(from: InMemoryByteSource(bytes))
            #expect(counts[.checkins] == 1)
            #expect(counts[.goals] == 1)
        }
    }

    @Test("delete with the password removes the account, every session and the data folder", arguments: stores)
    func delete(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (ann, token) = try await server.account("ann@example.org")
            let other = try await server.logIn("ann@example.org")
            let (_, bobToken) = try await server.account("bob@example.org")
            #expect(try await server.checkin(TestServer.checkinFields(), token: token).status == 201)
            #expect(try await server.checkin(TestServer.checkinFields(), token: bobToken).status == 201)
            let folder = server.host.dataDirectory(of: ann.id)
            if store != .memory { #expect(FileManager.default.fileExists(atPath: folder.path)) }

            let reply = try await server.request(.DELETE, "/api/account", token: token,
                                                 body: TestServer.data(["password": TestServer.password]))
            #expect(reply.status == 204)
            #expect(reply.body.isEmpty)
            for revoked in [token, other] {
                #expect(try await server.get("/api/auth/session", token: revoked).status == 401)
            }
            #expect(!FileManager.default.fileExists(atPath: folder.path))
            #expect(try await server.host.accounts().map(\.email.rawValue) == ["bob@example.org"])
            let login = try await server.post("/api/auth/login", json: ["email": "ann@example.org", "password": TestServer.password])
            #expect(login.status == 401)
            // Bob's data is untouched.
            let bobs = try await server.get("/api/checkins/today", token: bobToken)
            #expect(bobs.status == 200)
            #expect((try bobs.object()["checkin"] as? [String: Any]) != nil)

            // Signed up again, the email starts from nothing.
            let (_, again) = try await server.account("ann@example.org")
            let today = try await server.get("/api/checkins/today", token: again).object()
            #expect(today["checkin"] is NSNull || today["checkin"] == nil)
        }
    }

    @Test("a wrong or missing password deletes nothing")
    func wrongPassword() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            let (_, token) = try await server.account("ann@example.org")
            let wrong = try await server.request(.DELETE, "/api/account", token: token,
                                                 body: TestServer.data(["password": "not the password"]))
            #expect(wrong.status == 403)
            #expect(wrong.error?.code == "INVALID_PASSWORD")
            let missing = try await server.request(.DELETE, "/api/account", token: token, body: TestServer.data([:]))
            #expect(missing.status == 400)
            #expect(missing.error?.code == "VALIDATION_ERROR")
            let unauthenticated = try await server.request(.DELETE, "/api/account",
                                                           body: TestServer.data(["password": TestServer.password]))
            #expect(unauthenticated.status == 401)
            #expect(try await server.get("/api/auth/session", token: token).status == 200)
            #expect(try await server.host.accounts().count == 1)

            // The client adapter words a refused password as such.
            await #expect(throws: ClientSessionError.passwordRefused) {
                try await HTTPSessionAPI(server.api(token: token)).deleteAccount(password: "not the password")
            }
        }
    }

    @Test("wrong passwords to delete back off as failed logins do: 429 with Retry-After, also for the login")
    func deleteThrottled() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            let (_, token) = try await server.account("ann@example.org")
            for attempt in 1...5 {
                let wrong = try await server.request(.DELETE, "/api/account", token: token,
                                                     body: TestServer.data(["password": "guess \(attempt)"]))
                #expect(wrong.status == 403, "attempt \(attempt)")
            }
            let waiting = try await server.request(.DELETE, "/api/account", token: token,
                                                   body: TestServer.data(["password": TestServer.password]))
            try await server.expectLoginBackOff(waiting)
            #expect(try await server.host.accounts().count == 1)
        }
    }

    @Test("ServerAccount deletes through HTTP and forgets the login; without one it says so")
    func clientUseCase() async throws {
        try await TestServer.withServer(store: .json) { server in
            let (_, token) = try await server.account("ann@example.org")
            let store = try CredentialStoreKind.jsonFile.makeStore()
            let credentials = store.credentials
            let account = ServerAccount(credentials: credentials) { url, token in
                HTTPSessionAPI(WellnessAPIClient(server: url, token: token, timeout: TestServer.clientLimit))
            }
            await #expect(throws: ClientSessionError.notLoggedIn) { try await account.export() }
            try await credentials.save(StoredCredentials(server: server.url, email: "ann@example.org", accessToken: token,
                                                         expiresAt: TestServer.start.addingTimeInterval(3600)))
            #expect(try await account.export().count > 100)
            try await account.delete(password: TestServer.password)
            #expect(try await credentials.load() == nil)
            #expect(try await server.host.accounts().isEmpty)
        }
    }
}
