import Foundation
import NIOHTTP1
import Testing
import WellnessComposition
import WellnessServer
import WellnessTestSupport
import WellnessWire

@Suite("The server's answers in general")
struct ServerTests {
    @Test("an unknown route is 404 NOT_FOUND in the JSON error envelope", arguments: ["/nope", "/", "/api", "/api/v2/goals"])
    func unknownRoute(path: String) async throws {
        try await TestServer.withServer { server in
            let reply = try await server.get(path)
            #expect(reply.status == 404)
            #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
            let object = try reply.object()
            #expect(Set(object.keys) == ["error"])
            #expect(Set((object["error"] as? [String: Any])?.keys.map { $0 } ?? []) == ["code", "message"])
            #expect(reply.error?.code == "NOT_FOUND")
        }
    }

    @Test("an unknown route is 404 NOT_FOUND with a valid token too")
    func unknownRouteWithToken() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.get("/api/checkin/yesterday", token: token)
            #expect(reply.status == 404)
            #expect(reply.error?.code == "NOT_FOUND")
        }
    }

    @Test("a known path with a method it does not have is 405 METHOD_NOT_ALLOWED in the error envelope, with Allow")
    func wrongMethod() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.request(.DELETE, "/api/checkins", token: token)
            #expect(reply.status == 405)
            #expect(reply.error?.code == "METHOD_NOT_ALLOWED")
            #expect(reply.header("Allow") == "POST")
        }
    }

    @Test("every answer, success or error, carries an X-Request-Id")
    func requestIDOnEveryAnswer() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let answers = [
                try await server.get("/api/checkins/today", token: token),
                try await server.get("/api/checkins/today"),
                try await server.get("/nope"),
                try await server.post("/api/auth/login", json: ["email": "ann@example.org", "password": "wrong password"]),
            ]
            for reply in answers {
                #expect(reply.header("X-Request-Id")?.isEmpty == false, "\(reply)")
            }
            #expect(Set(answers.compactMap { $0.header("X-Request-Id") }).count == answers.count)
        }
    }

    @Test("the server listens on the loopback address it was given")
    func listensOnLoopback() async throws {
        try await TestServer.withServer { server in
            #expect(server.url.host == "127.0.0.1")
            #expect(server.configuration.host == "127.0.0.1")
            #expect((server.url.port ?? 0) > 0)
        }
    }

    @Test("the default configuration is loopback on 8080 with a 64 KiB body limit")
    func defaultConfiguration() {
        let configuration = ServerConfiguration()
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.maxBodyBytes == 64 * 1024)
        #expect(configuration.rateLimit == RateLimit(limit: 120, window: 60))
    }
}
