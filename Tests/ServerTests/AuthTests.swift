import Foundation
import NIOHTTP1
import Testing
import WellnessComposition
import WellnessServer
import WellnessServerHost
import WellnessHTTP
import WellnessTestSupport
import WellnessWire

@Suite("Sessions over HTTP")
struct AuthTests {
    @Test("logging in gives a token of at least 128 random bits and when it expires")
    func loginGivesAToken() async throws {
        try await TestServer.withServer { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            let reply = try await server.post("/api/auth/login",
                                              json: ["email": "ann@example.org", "password": TestServer.password])
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
            let body = try reply.decode(Wire.LoginResponse.self)
            let bytes = try #require(Self.base64URLDecoded(body.accessToken))
            #expect(bytes.count * 8 >= 128)
            #expect(body.expiresAt == TestServer.start.addingTimeInterval(StartSession.defaultLifetime))
            let keys = Set(try reply.object().keys)
            #expect(keys == ["accessToken", "expiresAt"])
        }
    }

    @Test("a token's digest is its SHA-256 in lower-case hex, as stored sessions were keyed")
    func digestIsLowerCaseHex() {
        let credentials = SecureCredentials(cost: 4)
        #expect(credentials.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(credentials.digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("a login for an unknown email waits about as long as a real password check")
    func unknownEmailTakesAsLong() async throws {
        let credentials = SecureCredentials(cost: 8)
        let hash = try await credentials.hash("correct horse")
        let clock = ContinuousClock()
        var checks: [Duration] = []
        for _ in 1...3 {
            checks.append(await clock.measure { #expect(await credentials.verify("wrong horse", against: hash) == false) })
        }
        let imitated = await clock.measure { await credentials.imitateVerify() }
        // A lower bound only (a sleep is never shorter), with room for a check slowed by a busy machine.
        #expect(imitated >= checks.min()! / 4, "imitated \(imitated), checks \(checks)")
    }

    @Test("two logins of one account get different tokens")
    func tokensDiffer() async throws {
        try await TestServer.withServer { server in
            let first = try await server.account("ann@example.org").token
            let second = try await server.logIn("ann@example.org")
            #expect(first != second)
        }
    }

    @Test("the session names the account's email and tier")
    func sessionDescribesTheAccount() async throws {
        try await TestServer.withServer { server in
            let (ann, annToken) = try await server.account("ann@example.org")
            let (_, bobToken) = try await server.account("bob@example.org", tier: .pro)

            let reply = try await server.get("/api/auth/session", token: annToken)
            #expect(reply.status == 200)
            let session = try reply.decode(Wire.SessionResponse.self)
            #expect(session.account.email == "ann@example.org")
            #expect(session.account.id == ann.id.description)
            #expect(session.tier == .free)
            #expect(session.expiresAt == TestServer.start.addingTimeInterval(StartSession.defaultLifetime))

            let bob = try await server.get("/api/auth/session", token: bobToken).decode(Wire.SessionResponse.self)
            #expect(bob.account.email == "bob@example.org")
            #expect(bob.tier == .pro)
        }
    }

    @Test("an email typed with other letter case and spaces logs in to the same account")
    func emailIsNormalised() async throws {
        try await TestServer.withServer { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            let token = try await server.logIn("  Ann@Example.ORG ")
            let session = try await server.get("/api/auth/session", token: token).decode(Wire.SessionResponse.self)
            #expect(session.account.email == "ann@example.org")
        }
    }

    @Test("after logout the token is refused with 401")
    func logoutRevokesTheToken() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let other = try await server.logIn("ann@example.org")

            let logout = try await server.request(.POST, "/api/auth/logout", token: token)
            #expect(logout.status == 204)
            #expect(logout.body.isEmpty)

            let after = try await server.get("/api/auth/session", token: token)
            #expect(after.status == 401)
            #expect(after.error?.code == "UNAUTHORIZED")
            // Only that session ended: the account's other login still works.
            #expect(try await server.get("/api/auth/session", token: other).status == 200)
        }
    }

    @Test("a session past its lifetime is refused, one just before it is not")
    func sessionsExpire() async throws {
        let clock = FixedWallClock(TestServer.start)
        try await TestServer.withServer(clock: clock, sessionLifetime: 3600) { server in
            let (_, token) = try await server.account("ann@example.org")
            clock.set(TestServer.start.addingTimeInterval(3599))
            #expect(try await server.get("/api/auth/session", token: token).status == 200)
            clock.set(TestServer.start.addingTimeInterval(3600))
            let expired = try await server.get("/api/auth/session", token: token)
            #expect(expired.status == 401)
            #expect(expired.error?.code == "UNAUTHORIZED")
        }
    }

    @Test("a wrong password and an unknown email get the same 401 INVALID_CREDENTIALS answer")
    func badCredentialsLookAlike() async throws {
        try await TestServer.withServer { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            let wrongPassword = try await server.post("/api/auth/login",
                                                      json: ["email": "ann@example.org", "password": "not the password"])
            let unknownEmail = try await server.post("/api/auth/login",
                                                     json: ["email": "nobody@example.org", "password": TestServer.password])
            let notAnEmail = try await server.post("/api/auth/login",
                                                   json: ["email": "not an email", "password": TestServer.password])
            for reply in [wrongPassword, unknownEmail, notAnEmail] {
                #expect(reply.status == 401)
                #expect(reply.error?.code == "INVALID_CREDENTIALS")
            }
            #expect(wrongPassword.error == unknownEmail.error)
            #expect(wrongPassword.error == notAnEmail.error)
            #expect(wrongPassword.body.count == unknownEmail.body.count)
        }
    }

    @Test("error bodies are byte-for-byte the same every time, so the two refusals cannot be told apart even by bytes")
    func errorBodiesAreDeterministic() async throws {
        try await TestServer.withServer { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            var bodies: Set<Data> = []
            for attempt in 0..<10 {
                let email = attempt.isMultiple(of: 2) ? "ann@example.org" : "nobody@example.org"
                bodies.insert(try await server.post("/api/auth/login", json: ["email": email, "password": "wrong password"]).body)
            }
            #expect(bodies.count == 1, "\(bodies.map { String(decoding: $0, as: UTF8.self) })")
        }
    }

    @Test("NUL in any string field a route reads is a 400 naming the field, nested ones by their path", arguments: [
        ("/api/auth/login", ["email": "ann@example.org\u{0}", "password": "x"] as [String: any Sendable], "\"email\""),
        ("/api/v1/goals", ["title": "Sleep", "description": "a\u{0}"], "\"description\""),
    ] as [(String, [String: any Sendable], String)])
    func nulAnywhere(path: String, json: [String: any Sendable], field: String) async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.post(path, token: token, json: json)
            #expect(reply.status == 400, "\(reply)")
            #expect(reply.error?.code == "VALIDATION_ERROR")
            #expect(reply.error?.message.contains(field + " must not contain NUL") == true, "\(reply)")
        }
    }

    @Test("NUL in a nested string of the tips request is a 400 naming it by its path")
    func nulInTipsContext() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let goal = try await server.post("/api/v1/goals", token: token, json: ["title": "Sleep"])
            let id = try #require((try goal.object()["data"] as? [String: Any])?["goal"] as? [String: Any])["id"] as? String
            let context: [String: Any] = ["mood_entries": [Any](), "journal_entries": [Any](),
                                          "existing_goals": [["title": "ok"], ["title": "a\u{0}b"]]]
            let reply = try await server.post("/api/v1/goals/\(id ?? "")/tips", token: token,
                                              json: ["goal_title": "Sleep", "context": context])
            #expect(reply.status == 400, "\(reply)")
            #expect(reply.error?.message == "\"context.existing_goals[1].title\" must not contain NUL (U+0000)", "\(reply)")
        }
    }

    @Test("a password with NUL is a 400 naming the field, never a login as its part before the NUL")
    func passwordWithNUL() async throws {
        try await TestServer.withServer { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            for password in [TestServer.password + "\u{0}tail", "\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}"] {
                let reply = try await server.post("/api/auth/login", json: ["email": "ann@example.org", "password": password])
                #expect(reply.status == 400, "\(reply)")
                #expect(reply.error?.code == "VALIDATION_ERROR")
                #expect(reply.error?.message.contains("\"password\"") == true)
            }
            await #expect(throws: AccountError.passwordControlCharacter) {
                try await server.host.addAccount(email: "zed@example.org", password: "\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}")
            }
        }
    }

    @Test("a known path asked with an undeclared method is 405 with Allow, before any token is looked at; unknown paths are 404",
          arguments: [(HTTPMethod.TRACE, "/api/v1/goals", "GET, POST"), (.DELETE, "/api/checkins/today", "GET"),
                      // The fixed `today` wins over `{date}`, as in the router: PUT there is 405, not 404.
                      (.PUT, "/api/checkins/today", "GET"), (.DELETE, "/api/checkins/2026-11-20", "PUT"),
                      (.PUT, "/api/v1/goals/0a0b0c0d-0000-4000-8000-000000000001/tips", "POST"),
                      (.GET, "/api/auth/login", "POST"), (.PATCH, "/api/checkins", "POST")])
    func methodNotAllowed(method: HTTPMethod, path: String, allow: String) async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            for token in [nil, token] {
                let reply = try await server.request(method, path, token: token)
                #expect(reply.status == 405, "\(reply)")
                #expect(reply.header("Allow") == allow, "\(reply)")
                #expect(reply.error?.code == "METHOD_NOT_ALLOWED", "\(reply)")
            }
            let unknown = try await server.request(method, "/api/nothing-here", token: token)
            #expect(unknown.status == 404, "\(unknown)")
        }
    }

    @Test("a login body without email or password is a 400 naming the field")
    func loginNeedsBothFields() async throws {
        try await TestServer.withServer { server in
            let noPassword = try await server.post("/api/auth/login", json: ["email": "ann@example.org"])
            #expect(noPassword.status == 400)
            #expect(noPassword.error?.code == "VALIDATION_ERROR")
            #expect(noPassword.error?.message.contains("\"password\"") == true)

            let numericEmail = try await server.post("/api/auth/login", json: ["email": 42, "password": "x"])
            #expect(numericEmail.status == 400)
            #expect(numericEmail.error?.message.contains("\"email\"") == true)
        }
    }

    @Test("every protected route without a token is 401 UNAUTHORIZED in the JSON envelope",
          arguments: ["GET /api/auth/session", "POST /api/auth/logout", "POST /api/auth/logout-all",
                      "POST /api/auth/password", "POST /api/checkins", "PUT /api/checkins/{date}", "GET /api/checkins/today",
                      "GET /api/trends", "GET /api/insights/weekly", "GET /api/alerts", "GET /api/v1/goals",
                      "POST /api/v1/goals", "POST /api/v1/goals/{goalId}/tips", "GET /api/account/export",
                      "DELETE /api/account", "POST /api/sync/push", "GET /api/sync/pull"])
    func protectedRoutesNeedAToken(route: String) async throws {
        try await TestServer.withServer { server in
            let parts = route.split(separator: " ")
            let path = String(parts[1]).replacingOccurrences(of: "{goalId}", with: UUID().uuidString.lowercased())
                .replacingOccurrences(of: "{date}", with: "2026-03-10")
            let method = HTTPMethod(rawValue: String(parts[0]))
            let reply = try await server.request(method, path, body: [.POST, .PUT, .DELETE].contains(method) ? Data("{}".utf8) : nil)
            #expect(reply.status == 401)
            #expect(reply.error?.code == "UNAUTHORIZED")
            #expect(reply.error?.message.isEmpty == false)
            #expect(reply.header("WWW-Authenticate") == "Bearer")
            #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
        }
    }

    @Test("the list of protected routes above is every route but login and the operations routes")
    func protectedRouteListIsComplete() async throws {
        try await TestServer.withServer { server in
            let routes = server.host.server(server.configuration).routes
            let expected = ["GET /api/auth/session", "POST /api/auth/logout", "POST /api/auth/logout-all",
                            "POST /api/auth/password", "POST /api/checkins", "PUT /api/checkins/{date}",
                            "GET /api/checkins/today", "GET /api/trends", "GET /api/insights/weekly", "GET /api/alerts",
                            "GET /api/v1/goals", "POST /api/v1/goals", "POST /api/v1/goals/{goalId}/tips",
                            "GET /api/account/export", "DELETE /api/account", "POST /api/sync/push", "GET /api/sync/pull"]
            #expect(Set(routes) == Set(expected + ["POST /api/auth/login", "GET /healthz", "GET /readyz", "GET /metrics"]))
            #expect(Set(APIServer.operationsRoutes) == ["GET /healthz", "GET /readyz", "GET /metrics"])
        }
    }

    @Test("a malformed or unknown bearer token is 401 UNAUTHORIZED",
          arguments: ["Bearer", "Bearer ", "Bearer    ", "Basic YW5uOnNlY3JldA==", "Token abc", "bearer-abc",
                      "Bearer not-a-real-token"])
    func malformedBearer(header: String) async throws {
        try await TestServer.withServer { server in
            _ = try await server.account("ann@example.org")
            let reply = try await server.request(.GET, "/api/auth/session", headers: [("Authorization", header)])
            #expect(reply.status == 401)
            #expect(reply.error?.code == "UNAUTHORIZED")
        }
    }

    @Test("the scheme name is case-insensitive: 'bearer <token>' works")
    func bearerSchemeIgnoresCase() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.request(.GET, "/api/auth/session", headers: [("Authorization", "bearer \(token)")])
            #expect(reply.status == 200)
        }
    }

    // MARK: - The client adapter

    @Test("HTTPSessionAPI logs in, reads the session and logs out")
    func sessionAdapterRoundTrip() async throws {
        try await TestServer.withServer { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password, tier: .pro)
            let grant = try await HTTPSessionAPI(server.api(token: nil)).logIn(email: "ann@example.org",
                                                                                password: TestServer.password)
            #expect(grant.expiresAt == TestServer.start.addingTimeInterval(StartSession.defaultLifetime))

            let signedIn = HTTPSessionAPI(server.api(token: grant.accessToken))
            let info = try await signedIn.session()
            #expect(info.email == "ann@example.org")
            #expect(info.tier == .pro)

            try await signedIn.logOut()
            await #expect(throws: ApiFailure.unauthorized) { try await signedIn.session() }
        }
    }

    @Test("HTTPSessionAPI maps a wrong password to ApiFailure.unauthorized")
    func sessionAdapterWrongPassword() async throws {
        try await TestServer.withServer { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            await #expect(throws: ApiFailure.unauthorized) {
                try await HTTPSessionAPI(server.api(token: nil)).logIn(email: "ann@example.org", password: "wrong password")
            }
        }
    }

    @Test("a refused token runs onUnauthorized once per 401")
    func onUnauthorizedRuns() async throws {
        try await TestServer.withServer { server in
            let counter = Counter()
            let api = server.api(token: "revoked-or-made-up", onUnauthorized: { await counter.increment() })
            await #expect(throws: ApiFailure.unauthorized) { try await HTTPSessionAPI(api).session() }
            #expect(await counter.count == 1)
        }
    }

    @Test("a stopped server is ApiFailure.offline to the client")
    func stoppedServerIsOffline() async throws {
        let url = try await TestServer.withServer { server in server.url }
        await #expect(throws: ApiFailure.offline) {
            try await HTTPSessionAPI(WellnessAPIClient(server: url, token: nil, timeout: .seconds(2)))
                .logIn(email: "ann@example.org", password: TestServer.password)
        }
    }

    /// Decodes unpadded base64url.
    static func base64URLDecoded(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
