import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import WellnessTestSupport

/// Two `wellness serve` processes on one PostgreSQL database (`--database`, the test database of
/// `WELLNESS_TEST_POSTGRES_URL`) keep every guarantee of the API together: a replayed
/// `Idempotency-Key` gets the first answer from either, one check-in per account and day, a token
/// revoked on one is refused by the other, and failed logins count on both.
@Suite("CLI: two server processes on one PostgreSQL database", .serialized,
       .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
struct PostgresProcessesCLITests {
    typealias ServerProcess = ServerCLITests.ServerProcess
    typealias Processes = IdempotencyProcessesCLITests

    /// An account of its own in the shared database (emails are unique there), and two servers on it.
    static func twoServers() async throws -> (email: String, servers: [ServerProcess]) {
        let data = try Sandbox()
        let url = try #require(Self.patientURL)
        let email = "ann-\(UUID().uuidString.prefix(8).lowercased())@example.org"
        let added = try await data.raw(["users", "add", email, "--database", url], input: ServerCLITests.password + "\n")
        try #require(added.status == 0, "\(added)")
        let servers = [try await ServerProcess(data, options: ["--database", url]),
                       try await ServerProcess(data, options: ["--database", url])]
        return (email, servers)
    }

    /// The test database's URL with a minute for each connection: the whole suite starves two
    /// cores, and a process waiting for one is not a database that went away.
    static var patientURL: String? {
        PostgresTestDatabase.url.map { $0 + ($0.contains("?") ? "&" : "?") + "connect_timeout=60" }
    }

    static func token(_ server: ServerProcess, _ email: String, password: String = ServerCLITests.password)
        async throws -> (status: Int, token: String?) {
        let (body, response) = try await Processes.send(server, "POST", "/api/auth/login",
                                                         json: ["email": email, "password": password])
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        return (response.statusCode, object?["accessToken"] as? String)
    }

    static func get(_ server: ServerProcess, _ path: String, token: String) async throws -> Int {
        var request = URLRequest(url: URL(string: server.url + path)!, timeoutInterval: 30)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    @Test("20 requests with one key, split across both processes, make one check-in and one answer; the day then has its one check-in")
    func oneKeyAcrossProcesses() async throws {
        let (email, servers) = try await Self.twoServers()
        defer { for server in servers { _ = server.stop() } }
        let tokens = [try #require(try await Self.token(servers[0], email).token),
                      try #require(try await Self.token(servers[1], email).token)]
        let key = UUID().uuidString
        let answers = try await withThrowingTaskGroup(of: (status: Int, body: String).self) { group in
            for index in 0..<20 {
                group.addTask { try await Processes.checkin(servers[index % 2], token: tokens[index % 2], key: key) }
            }
            var answers: [(status: Int, body: String)] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.allSatisfy { $0.status == 201 }, "\(answers.map(\.status))")
        #expect(Set(answers.map(\.body)).count == 1, "every answer is the first one: \(Set(answers.map(\.body)))")
        #expect(try await Processes.checkin(servers[0], token: tokens[0], key: UUID().uuidString).status == 409,
                "the day has its one check-in, whichever process is asked")
        #expect(try await Processes.checkin(servers[1], token: tokens[1], key: UUID().uuidString,
                                             day: "2026-11-19").status == 201)
    }

    @Test("a token revoked on one process is refused by the other")
    func revokedEverywhere() async throws {
        let (email, servers) = try await Self.twoServers()
        defer { for server in servers { _ = server.stop() } }
        let token = try #require(try await Self.token(servers[0], email).token)
        #expect(try await Self.get(servers[1], "/api/auth/session", token: token) == 200, "a login on one serves on both")
        let (_, logout) = try await Processes.send(servers[0], "POST", "/api/auth/logout", json: [:],
                                                   headers: ["Authorization": "Bearer \(token)"])
        #expect(logout.statusCode == 204)
        #expect(try await Self.get(servers[1], "/api/auth/session", token: token) == 401)
        #expect(try await Self.get(servers[0], "/api/auth/session", token: token) == 401)
    }

    @Test("failed logins count on both processes: alternating wrong passwords are refused long before each process's own limit")
    func loginLimitShared() async throws {
        let (email, servers) = try await Self.twoServers()
        defer { for server in servers { _ = server.stop() } }
        // Five wrong passwords per email and address are free. Counted per process, alternating
        // between two would allow ten before the first 429; counted together, five (six when
        // the one-second wait after the fifth had passed before the sixth try).
        var refusedAt: Int?
        for attempt in 1...12 {
            let status = try await Self.token(servers[attempt % 2], email, password: "wrong password \(attempt)").status
            if status == 429 {
                refusedAt = attempt
                break
            }
            #expect(status == 401, "attempt \(attempt)")
        }
        let first = try #require(refusedAt, "no try was refused")
        #expect(first <= 8, "the first refusal came at try \(first)")
    }
}

