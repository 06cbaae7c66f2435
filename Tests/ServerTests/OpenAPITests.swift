import Foundation
import NIOHTTP1
import Testing
import WellnessComposition
import WellnessServerHost
import WellnessServer
import WellnessTestSupport
import WellnessWire

@Suite("docs/openapi.json")
struct OpenAPITests {
    /// The server's routes, from a server that is never started.
    static func serverRoutes() throws -> [String] {
        let directory = try TemporaryDirectory(prefix: "wellness-openapi")
        let host = try TestServer.makeHost(directory: directory, clock: FixedWallClock(TestServer.start))
        return host.server(ServerConfiguration(port: 0)).routes
    }

    @Test("the document is OpenAPI 3.1 with info, the loopback server and a bearer security scheme")
    func header() throws {
        let document = try OpenAPIDocument.load()
        let version = try #require(document.root["openapi"]?.string)
        #expect(version.hasPrefix("3.1"))
        #expect(document.root["info"]?["title"]?.string?.isEmpty == false)
        #expect(document.root["info"]?["version"]?.string?.isEmpty == false)
        let servers = document.root["servers"]?.array?.compactMap { $0["url"]?.string }
        #expect(servers == ["http://127.0.0.1:8080"])
        let scheme = try #require(document.root["components"]?["securitySchemes"]?["bearerAuth"])
        #expect(scheme["type"]?.string == "http")
        #expect(scheme["scheme"]?.string == "bearer")
        #expect(document.root["security"]?.array == [.object(["bearerAuth": .array([])])])
    }

    @Test("the document's paths are exactly the server's routes")
    func pathsMatchRoutes() throws {
        let documented = try OpenAPIDocument.load().operations.map(\.route)
        let routes = try Self.serverRoutes()
        #expect(!routes.isEmpty)
        #expect(documented == routes)
    }

    @Test("login and the operations routes are the operations without security; every API operation declares 401 and 429")
    func securityPerOperation() throws {
        let document = try OpenAPIDocument.load()
        let operationsRoutes = Set(APIServer.operationsRoutes)
        #expect(operationsRoutes.count == 3)
        for (route, _, operation) in document.operations {
            if route == "POST /api/auth/login" || operationsRoutes.contains(route) {
                #expect(operation["security"]?.array == [], "\(route)")
            } else {
                #expect(operation["security"] == nil, "\(route) overrides the bearer requirement")
            }
            // Probes and scrapes need no token and are never rate limited.
            if operationsRoutes.contains(route) {
                #expect(document.response(route, status: 401) == nil, "\(route) declares 401")
                #expect(document.response(route, status: 429) == nil, "\(route) declares 429")
                continue
            }
            #expect(document.response(route, status: 401) != nil, "\(route) lacks 401")
            #expect(document.response(route, status: 429) != nil, "\(route) lacks 429")
        }
    }

    @Test("every error response of every operation is the ErrorBody envelope")
    func errorResponsesUseErrorBody() throws {
        let document = try OpenAPIDocument.load()
        var checked = 0
        for (route, _, operation) in document.operations {
            for (status, _) in operation["responses"]?.object ?? [:] where (Int(status) ?? 0) >= 400 {
                let response = try #require(document.response(route, status: Int(status)!))
                let schema = response["content"]?["application/json"]?["schema"]?["$ref"]?.string
                #expect(schema == "#/components/schemas/ErrorBody", "\(route) \(status)")
                checked += 1
            }
        }
        #expect(checked >= 30)
    }

    @Test("every operation has an id, a summary and a success response; path parameters are declared")
    func operationsAreComplete() throws {
        let document = try OpenAPIDocument.load()
        var ids: [String] = []
        for (route, path, operation) in document.operations {
            ids += [operation["operationId"]?.string].compactMap { $0 }
            #expect(operation["summary"]?.string?.isEmpty == false, "\(route)")
            let statuses = (operation["responses"]?.object ?? [:]).keys.compactMap { Int($0) }
            #expect(statuses.contains { (200..<300).contains($0) }, "\(route)")
            let declared = (operation["parameters"]?.array ?? []).compactMap(document.resolve)
                .filter { $0["in"]?.string == "path" }
            let placeholders = path.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) }
            #expect(Set(declared.compactMap { $0["name"]?.string }) == Set(placeholders), "\(route)")
            #expect(declared.allSatisfy { $0["required"]?.bool == true }, "\(route)")
            if route.hasPrefix("POST"), !["POST /api/auth/logout", "POST /api/auth/logout-all"].contains(route) {
                #expect(operation["requestBody"]?["content"]?["application/json"]?["schema"] != nil, "\(route)")
            }
        }
        #expect(ids.count == document.operations.count)
        #expect(Set(ids).count == ids.count)
    }

    @Test("every $ref resolves, and every Wire type has a schema")
    func referencesResolve() throws {
        let document = try OpenAPIDocument.load()
        let references = document.references
        #expect(references.count > 50)
        for reference in references {
            #expect(document.target(of: reference) != nil, "\(reference)")
        }
        let schemas = Set((document.root["components"]?["schemas"]?.object ?? [:]).keys)
        let wireTypes: Set<String> = ["ErrorBody", "LoginRequest", "LoginResponse", "SessionResponse", "CheckinBody",
                                      "TodayResponse", "TrendsResponse", "TrendPoint", "InsightsResponse", "AlertsResponse",
                                      "DriftAlert", "GoalBody", "GoalData", "GoalsData", "GoalEnvelope", "GoalsEnvelope",
                                      "TipsRequest", "TipsData", "TipsEnvelope", "GoalTip", "ChangePasswordRequest"]
        #expect(wireTypes.isSubset(of: schemas), "missing: \(wireTypes.subtracting(schemas))")
    }

    @Test("the validator used below does refuse what the schemas do not allow")
    func validatorRefuses() throws {
        let document = try OpenAPIDocument.load()
        let checkin = JSON.object(["$ref": .string("#/components/schemas/CheckinBody")])
        let good = try JSON.parse(Data(#"{"date":"2026-03-10","energy":3,"stress":2,"social":4,"key_contact":null}"#.utf8))
        #expect(document.violations(of: good, against: checkin).isEmpty)
        for bad in [#"{"date":"2026-03-10","energy":6,"stress":2,"social":4,"key_contact":null}"#,
                    #"{"date":"2026-03-10","energy":3.5,"stress":2,"social":4,"key_contact":null}"#,
                    #"{"date":"March","energy":3,"stress":2,"social":4,"key_contact":null}"#,
                    #"{"date":"2026-03-10","energy":3,"stress":2,"social":4}"#,
                    #"{"date":"2026-03-10","energy":3,"stress":2,"social":4,"key_contact":null,"extra":1}"#,
                    #"{"date":"2026-03-10","energy":true,"stress":2,"social":4,"key_contact":null}"#] {
            #expect(!document.violations(of: try JSON.parse(Data(bad.utf8)), against: checkin).isEmpty, "\(bad)")
        }
    }

    // MARK: - Live answers against the document

    /// Checks that the document declares `status` for `route` and that the answer matches it.
    static func check(_ reply: Reply, _ route: String, _ document: OpenAPIDocument, expecting status: Int,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(reply.status == status, "\(route): \(reply)", sourceLocation: sourceLocation)
        let declared = document.response(route, status: reply.status)
        let response = try #require(declared, "\(route) does not declare \(reply.status)", sourceLocation: sourceLocation)
        for (name, _) in response["headers"]?.object ?? [:] where name == "X-Request-Id" {
            #expect(reply.header(name) != nil, "\(route) \(status): no \(name)", sourceLocation: sourceLocation)
        }
        if let schema = response["content"]?["application/json"]?["schema"] {
            let problems = document.violations(of: try JSON.parse(reply.body), against: schema)
            #expect(problems.isEmpty, "\(route) \(status): \(problems) in \(reply.text)", sourceLocation: sourceLocation)
        } else if response["content"]?["text/plain"] != nil {
            #expect(reply.header("Content-Type")?.hasPrefix("text/plain") == true, "\(route) \(status)",
                    sourceLocation: sourceLocation)
            #expect(!reply.body.isEmpty, "\(route) \(status) has no body", sourceLocation: sourceLocation)
        } else {
            #expect(reply.body.isEmpty, "\(route) \(status) has an undeclared body", sourceLocation: sourceLocation)
        }
    }

    @Test("every route's answers, successes and errors, match the document")
    func liveAnswersMatch() async throws {
        let document = try OpenAPIDocument.load()
        try await TestServer.withServer { server in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            try await server.host.addAccount(email: "pro@example.org", password: TestServer.password, tier: .pro)

            try Self.check(try await server.get("/healthz"), "GET /healthz", document, expecting: 200)
            try Self.check(try await server.get("/readyz"), "GET /readyz", document, expecting: 200)
            try Self.check(try await server.get("/metrics"), "GET /metrics", document, expecting: 200)

            let login = "POST /api/auth/login"
            try Self.check(try await server.post("/api/auth/login", json: ["email": "ann@example.org",
                                                                           "password": TestServer.password]),
                           login, document, expecting: 200)
            try Self.check(try await server.post("/api/auth/login", json: ["email": "ann@example.org", "password": "nope"]),
                           login, document, expecting: 401)
            try Self.check(try await server.post("/api/auth/login", json: ["email": "ann@example.org"]),
                           login, document, expecting: 400)
            let token = try await server.logIn("ann@example.org")
            let pro = try await server.logIn("pro@example.org")

            try Self.check(try await server.get("/api/auth/session", token: token), "GET /api/auth/session", document,
                           expecting: 200)
            try Self.check(try await server.get("/api/auth/session"), "GET /api/auth/session", document, expecting: 401)

            let today = "GET /api/checkins/today"
            try Self.check(try await server.get("/api/checkins/today", token: token), today, document, expecting: 200)
            let submit = "POST /api/checkins"
            let key = UUID().uuidString
            try Self.check(try await server.checkin(DriftTests.highDrift("2026-03-10", contact: "Sam"), key: key, token: token),
                           submit, document, expecting: 201)
            try Self.check(try await server.checkin(DriftTests.highDrift("2026-03-09"), token: token), submit, document,
                           expecting: 201)
            try Self.check(try await server.checkin(DriftTests.highDrift("2026-03-10"), key: key, token: token),
                           submit, document, expecting: 422)
            try Self.check(try await server.checkin(TestServer.checkinFields(), token: token), submit, document,
                           expecting: 409)
            try Self.check(try await server.checkin(["date": "2026-03-10"], token: token), submit, document, expecting: 400)
            var huge = TestServer.checkinFields()
            huge["padding"] = String(repeating: "x", count: 70_000)
            try Self.check(try await server.checkin(huge, token: token), submit, document, expecting: 413)
            try Self.check(try await server.get("/api/checkins/today", token: token), today, document, expecting: 200)

            let trends = "GET /api/trends"
            try Self.check(try await server.get("/api/trends?days=7", token: token), trends, document, expecting: 200)
            try Self.check(try await server.get("/api/trends?days=30", token: token), trends, document, expecting: 403)
            try Self.check(try await server.get("/api/trends?days=90", token: pro), trends, document, expecting: 200)
            try Self.check(try await server.get("/api/trends?days=5", token: token), trends, document, expecting: 400)

            let insights = "GET /api/insights/weekly"
            try Self.check(try await server.get("/api/insights/weekly", token: token), insights, document, expecting: 200)
            try Self.check(try await server.get("/api/insights/weekly?days=14", token: pro), insights, document,
                           expecting: 200)
            try Self.check(try await server.get("/api/insights/weekly?days=10", token: token), insights, document,
                           expecting: 400)

            let alerts = "GET /api/alerts"
            let alertReply = try await server.get("/api/alerts", token: token)
            try Self.check(alertReply, alerts, document, expecting: 200)
            #expect(try alertReply.decode(Wire.AlertsResponse.self).alerts.count == 1)
            try Self.check(try await server.get("/api/alerts?days=0", token: token), alerts, document, expecting: 400)

            let goals = "GET /api/v1/goals", create = "POST /api/v1/goals"
            try Self.check(try await server.get("/api/v1/goals", token: token), goals, document, expecting: 200)
            let goalID = UUID().uuidString.lowercased()
            try Self.check(try await server.post("/api/v1/goals", token: token,
                                                 json: ["id": goalID, "title": "Exercise 3x per week",
                                                        "description": "Mostly running"]),
                           create, document, expecting: 201)
            try Self.check(try await server.post("/api/v1/goals", token: token, json: ["title": "No description"]),
                           create, document, expecting: 201)
            try Self.check(try await server.post("/api/v1/goals", token: token, json: ["id": goalID, "title": "Again"]),
                           create, document, expecting: 409)
            try Self.check(try await server.post("/api/v1/goals", token: token, json: ["title": " "]), create, document,
                           expecting: 400)
            try Self.check(try await server.get("/api/v1/goals", token: token), goals, document, expecting: 200)

            let tips = "POST /api/v1/goals/{goalId}/tips"
            try Self.check(try await server.post("/api/v1/goals/\(goalID)/tips", token: token,
                                                 json: ["goal_title": "Exercise 3x per week"]),
                           tips, document, expecting: 200)
            try Self.check(try await server.post("/api/v1/goals/\(UUID().uuidString)/tips", token: token,
                                                 json: ["goal_title": "Ghost"]),
                           tips, document, expecting: 404)
            try Self.check(try await server.post("/api/v1/goals/\(goalID)/tips", token: token, json: ["context": 3]),
                           tips, document, expecting: 400)

            let password = "POST /api/auth/password"
            func change(_ current: String, _ new: String) -> Data {
                TestServer.data(["currentPassword": current, "newPassword": new])
            }
            try Self.check(try await server.request(.POST, "/api/auth/password", token: token,
                                                    body: change("not it", "a new long passphrase")),
                           password, document, expecting: 403)
            try Self.check(try await server.request(.POST, "/api/auth/password", token: token,
                                                    body: change(TestServer.password, "short")),
                           password, document, expecting: 400)
            try Self.check(try await server.request(.POST, "/api/auth/password", token: token,
                                                    body: change(TestServer.password, TestServer.password)),
                           password, document, expecting: 204)
            try Self.check(try await server.request(.POST, "/api/auth/password",
                                                    body: change(TestServer.password, TestServer.password)),
                           password, document, expecting: 401)

            let logout = "POST /api/auth/logout"
            try Self.check(try await server.request(.POST, "/api/auth/logout", token: token), logout, document,
                           expecting: 204)
            try Self.check(try await server.request(.POST, "/api/auth/logout", token: token), logout, document,
                           expecting: 401)

            let everywhere = "POST /api/auth/logout-all"
            try Self.check(try await server.request(.POST, "/api/auth/logout-all", token: pro), everywhere, document,
                           expecting: 204)
            try Self.check(try await server.request(.POST, "/api/auth/logout-all", token: pro), everywhere, document,
                           expecting: 401)
        }
    }

    @Test("a rate-limited login matches the document")
    func rateLimitedLoginMatches() async throws {
        let document = try OpenAPIDocument.load()
        try await TestServer.withServer { server in
            for _ in 1...10 {
                _ = try await server.post("/api/auth/login", json: ["email": "ann@example.org", "password": "guess"])
            }
            let reply = try await server.post("/api/auth/login", json: ["email": "ann@example.org", "password": "guess"])
            try Self.check(reply, "POST /api/auth/login", document, expecting: 429)
        }
    }

    @Test("a rate-limited answer matches the document")
    func rateLimitedAnswerMatches() async throws {
        let document = try OpenAPIDocument.load()
        try await TestServer.withServer(rateLimit: RateLimit(limit: 1, window: 60)) { server in
            let (_, token) = try await server.account("ann@example.org")
            _ = try await server.get("/api/v1/goals", token: token)
            let reply = try await server.get("/api/v1/goals", token: token)
            try Self.check(reply, "GET /api/v1/goals", document, expecting: 429)
            #expect(reply.header("Retry-After") == "60")
        }
    }
}
