import Foundation
import Testing
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessHTTP
import WellnessPostgres
import WellnessServerHost
import WellnessTestSupport

/// `POST /api/auth/password`, `POST /api/auth/logout-all` and the operator's password reset, on
/// every store the server keeps accounts in (and PostgreSQL, when the suite runs on it).
@Suite("Passwords and logging out everywhere over HTTP")
struct PasswordTests {
    static let stores: [StoreKind] = [.sqlite, .json, .memory]
    static let newPassword = "a brand new passphrase"

    static func change(_ current: String, to new: String) -> Data {
        TestServer.data(["currentPassword": current, "newPassword": new])
    }

    @Test("a change: 204, the old password refused and the new one accepted, other sessions 401, the caller's kept",
          arguments: stores)
    func change(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, caller) = try await server.account("ann@example.org")
            let phone = try await server.logIn("ann@example.org")
            let (_, bob) = try await server.account("bob@example.org")

            let reply = try await server.request(.POST, "/api/auth/password", token: caller,
                                                 body: Self.change(TestServer.password, to: Self.newPassword))
            #expect(reply.status == 204, "\(reply.status) \(String(decoding: reply.body, as: UTF8.self))")
            #expect(reply.body.isEmpty)

            #expect(try await server.get("/api/auth/session", token: caller).status == 200, "the caller's session stays")
            #expect(try await server.get("/api/checkins/today", token: caller).status == 200)
            #expect(try await server.get("/api/auth/session", token: phone).status == 401, "every other session ended")
            #expect(try await server.get("/api/auth/session", token: bob).status == 200, "another account is untouched")

            let old = try await server.post("/api/auth/login", json: ["email": "ann@example.org",
                                                                      "password": TestServer.password])
            #expect(old.status == 401)
            #expect(try await server.logIn("ann@example.org", password: Self.newPassword).isEmpty == false)
        }
    }

    @Test("a wrong current password is 403 INVALID_PASSWORD, changes nothing, and counts as a failed login")
    func wrongCurrentPassword() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            let (_, token) = try await server.account("ann@example.org")
            let other = try await server.logIn("ann@example.org")
            for attempt in 1...5 {
                let wrong = try await server.request(.POST, "/api/auth/password", token: token,
                                                     body: Self.change("guess \(attempt)", to: Self.newPassword))
                #expect(wrong.status == 403, "attempt \(attempt)")
                #expect(wrong.error?.code == "INVALID_PASSWORD")
            }
            #expect(try await server.get("/api/auth/session", token: other).status == 200, "nothing was revoked")
            let waiting = try await server.request(.POST, "/api/auth/password", token: token,
                                                   body: Self.change(TestServer.password, to: Self.newPassword))
            try await server.expectLoginBackOff(waiting)

            // After the wait, the old password still logs in: nothing was changed.
            server.clock.set(server.clock.now().addingTimeInterval(2))
            #expect(try await server.logIn("ann@example.org").isEmpty == false)

            // The client adapter words a refused current password as such.
            await #expect(throws: ClientSessionError.currentPasswordRefused) {
                try await HTTPSessionAPI(server.api(token: token)).changePassword(current: "wrong", new: Self.newPassword)
            }
        }
    }

    @Test("a new password that breaks the rules of a new account's is 400 naming newPassword; a missing field 400 too")
    func weakNewPassword() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            let (_, token) = try await server.account("ann@example.org")
            let other = try await server.logIn("ann@example.org")
            for weak in ["short", String(repeating: "x", count: 73), "tab\tinside it"] {
                let reply = try await server.request(.POST, "/api/auth/password", token: token,
                                                     body: Self.change(TestServer.password, to: weak))
                #expect(reply.status == 400, "\(weak)")
                #expect(reply.error?.code == "VALIDATION_ERROR")
                #expect(reply.error?.message.contains("newPassword") == true, "\(reply.error?.message ?? "")")
            }
            let missing = try await server.request(.POST, "/api/auth/password", token: token,
                                                   body: TestServer.data(["currentPassword": TestServer.password]))
            #expect(missing.status == 400)
            #expect(missing.error?.message.contains("newPassword") == true)
            let unauthenticated = try await server.request(.POST, "/api/auth/password",
                                                           body: Self.change(TestServer.password, to: Self.newPassword))
            #expect(unauthenticated.status == 401)
            #expect(try await server.get("/api/auth/session", token: other).status == 200, "nothing was revoked")
            #expect(try await server.logIn("ann@example.org").isEmpty == false, "the password is unchanged")
        }
    }

    @Test("logout-all: 204, every token of the account refused afterwards, another account's kept", arguments: stores)
    func logOutEverywhere(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, first) = try await server.account("ann@example.org")
            let second = try await server.logIn("ann@example.org")
            let (_, bob) = try await server.account("bob@example.org")

            let reply = try await server.request(.POST, "/api/auth/logout-all", token: second)
            #expect(reply.status == 204)
            for token in [first, second] {
                #expect(try await server.get("/api/auth/session", token: token).status == 401)
                #expect(try await server.get("/api/checkins/today", token: token).status == 401)
            }
            #expect(try await server.request(.POST, "/api/auth/logout-all", token: second).status == 401)
            #expect(try await server.get("/api/auth/session", token: bob).status == 200)
            // Logging in again works as before.
            #expect(try await server.logIn("ann@example.org").isEmpty == false)
        }
    }

    @Test("the operator's reset ends every session and sets a password that meets the rules", arguments: stores)
    func operatorReset(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (ann, first) = try await server.account("ann@example.org")
            let second = try await server.logIn("ann@example.org")
            let (_, bob) = try await server.account("bob@example.org")

            await #expect(throws: AccountError.passwordTooShort(minimum: 8)) {
                try await server.host.resetPassword(of: "ann@example.org", to: "short")
            }
            #expect(try await server.get("/api/auth/session", token: first).status == 200, "a refused reset changes nothing")
            await #expect(throws: AccountError.noSuchAccount("nobody@example.org")) {
                try await server.host.resetPassword(of: "nobody@example.org", to: Self.newPassword)
            }

            #expect(try await server.host.resetPassword(of: ann.id.description, to: Self.newPassword) == ann)
            for token in [first, second] {
                #expect(try await server.get("/api/auth/session", token: token).status == 401)
            }
            #expect(try await server.get("/api/auth/session", token: bob).status == 200)
            let old = try await server.post("/api/auth/login", json: ["email": "ann@example.org",
                                                                      "password": TestServer.password])
            #expect(old.status == 401)
            #expect(try await server.logIn("ann@example.org", password: Self.newPassword).isEmpty == false)
        }
    }

    @Test("a token ended on one server process is refused by another on the same data directory")
    func everyProcess() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            let (_, token) = try await server.account("ann@example.org")
            let kept = try await server.logIn("ann@example.org")
            let other = try TestServer.makeHost(store: .sqlite, directory: server.directory, clock: server.clock)
            try await TestServer.run(other, directory: server.directory, clock: server.clock) { second in
                #expect(try await second.get("/api/auth/session", token: token).status == 200)
                #expect(try await second.get("/api/auth/session", token: kept).status == 200)

                // A password change on the first process ends the other session on the second.
                let change = try await server.request(.POST, "/api/auth/password", token: kept,
                                                      body: Self.change(TestServer.password, to: Self.newPassword))
                #expect(change.status == 204)
                #expect(try await second.get("/api/auth/session", token: token).status == 401)
                #expect(try await second.get("/api/auth/session", token: kept).status == 200)

                // Logging out everywhere on the second ends the first's too.
                #expect(try await second.request(.POST, "/api/auth/logout-all", token: kept).status == 204)
                #expect(try await server.get("/api/auth/session", token: kept).status == 401)
                #expect(try await second.get("/api/auth/session", token: kept).status == 401)
            }
        }
    }

    @Test("on PostgreSQL, a session ended by one process's pool is refused by another's at once",
          .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
    func everyProcessOnPostgres() async throws {
        let configuration = try PostgresTestDatabase.freshConfiguration()
        let first = try await PostgresDatabase.open(configuration, logger: TestServer.quietLogger)
        let second = try await PostgresDatabase.open(configuration, logger: TestServer.quietLogger)
        defer {
            Task {
                await first.close()
                await second.close()
            }
        }
        let clock = FixedWallClock(TestServer.start)
        func host(_ database: PostgresDatabase) -> ServerHost {
            ServerHost(postgres: database, clock: clock, calendar: TestServer.calendar, bcryptCost: 4,
                       logger: TestServer.quietLogger)
        }
        let directory = try TemporaryDirectory(prefix: "wellness-server-test")
        try await TestServer.run(host(first), directory: directory, clock: clock) { one in
            try await TestServer.run(host(second), directory: directory, clock: clock) { two in
                let (_, token) = try await one.account("ann@example.org")
                let kept = try await two.logIn("ann@example.org")
                let change = try await two.request(.POST, "/api/auth/password", token: kept,
                                                   body: Self.change(TestServer.password, to: Self.newPassword))
                #expect(change.status == 204)
                #expect(try await one.get("/api/auth/session", token: token).status == 401)
                #expect(try await one.get("/api/auth/session", token: kept).status == 200)

                #expect(try await one.request(.POST, "/api/auth/logout-all", token: kept).status == 204)
                #expect(try await two.get("/api/auth/session", token: kept).status == 401)

                let reset = try await two.logIn("ann@example.org", password: Self.newPassword)
                try await one.host.resetPassword(of: "ann@example.org", to: TestServer.password)
                #expect(try await two.get("/api/auth/session", token: reset).status == 401)
                #expect(try await two.logIn("ann@example.org").isEmpty == false)
            }
        }
    }

    @Test("the client's use cases: a weak new password is refused before anything is sent; logging out everywhere forgets the login")
    func clientUseCases() async throws {
        try await TestServer.withServer(store: .json) { server in
            let (_, token) = try await server.account("ann@example.org")
            let other = try await server.logIn("ann@example.org")
            let store = try CredentialStoreKind.jsonFile.makeStore()
            let credentials = store.credentials
            let connect: ConnectToServer = { url, token in
                HTTPSessionAPI(WellnessAPIClient(server: url, token: token, timeout: TestServer.clientLimit))
            }
            let account = ServerAccount(credentials: credentials, connect: connect)
            let logOut = LogOut(credentials: credentials, connect: connect)
            await #expect(throws: ClientSessionError.notLoggedIn) {
                try await account.changePassword(current: TestServer.password, new: Self.newPassword)
            }
            #expect(try await logOut.everywhere() == nil, "nobody was logged in")
            let login = StoredCredentials(server: server.url, email: "ann@example.org", accessToken: token,
                                          expiresAt: TestServer.start.addingTimeInterval(3600))
            try await credentials.save(login)

            await #expect(throws: AccountError.passwordTooShort(minimum: 8)) {
                try await account.changePassword(current: TestServer.password, new: "short")
            }
            #expect(try await server.get("/api/auth/session", token: other).status == 200, "nothing was sent")
            #expect(try await account.changePassword(current: TestServer.password, new: Self.newPassword) == login)
            #expect(try await credentials.load() == login, "the login stays")
            #expect(try await server.get("/api/auth/session", token: other).status == 401)

            #expect(try await logOut.everywhere() == login)
            #expect(try await credentials.load() == nil)
            #expect(try await server.get("/api/auth/session", token: token).status == 401)
        }
    }
}
