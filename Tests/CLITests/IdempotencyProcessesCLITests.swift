#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import WellnessTestSupport

/// A replayed `Idempotency-Key` gets its first answer however the server runs: two `wellness
/// serve` processes on one data directory, and a server killed (SIGKILL) while it writes.
@Suite("CLI: idempotent check-ins across server processes", .serialized)
struct IdempotencyProcessesCLITests {
    typealias ServerProcess = ServerCLITests.ServerProcess

    /// A data directory with one account, and a token for it from `server`.
    static func account(_ data: Sandbox) async throws {
        let added = try await data.raw(["users", "add", "ann@example.org", "--store", data.store, "--data-dir", data.data.path],
                                       input: ServerCLITests.password + "\n")
        try #require(added.status == 0, "\(added)")
    }

    static func token(_ server: ServerProcess) async throws -> String {
        let (body, _) = try await send(server, "POST", "/api/auth/login",
                                       json: ["email": "ann@example.org", "password": ServerCLITests.password])
        let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        return try #require(object?["accessToken"] as? String, "\(String(decoding: body, as: UTF8.self))")
    }

    static func send(_ server: ServerProcess, _ method: String, _ path: String, json: [String: Any],
                     headers: [String: String] = [:]) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: server.url + path)!, timeoutInterval: 30)
        request.httpMethod = method
        request.httpBody = try JSONSerialization.data(withJSONObject: json)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (body, response) = try await URLSession.shared.data(for: request)
        return (body, try #require(response as? HTTPURLResponse))
    }

    static func checkin(_ server: ServerProcess, token: String, key: String, day: String = "2026-11-20")
        async throws -> (status: Int, body: String) {
        let (body, response) = try await send(server, "POST", "/api/checkins",
                                              json: ["date": day, "energy": 4, "stress": 2, "social": 5],
                                              headers: ["Authorization": "Bearer \(token)", "Idempotency-Key": key])
        return (response.statusCode, String(decoding: body, as: UTF8.self))
    }

    @Test("two processes on one data directory: 20 requests with one key, split across both, make one check-in and one answer",
          arguments: ["sqlite", "json"])
    func twoProcesses(store: String) async throws {
        let data = try Sandbox(store: store)
        try await Self.account(data)
        let first = try await ServerProcess(data)
        defer { _ = first.stop() }
        let second = try await ServerProcess(data)
        defer { _ = second.stop() }
        let tokens = [try await Self.token(first), try await Self.token(second)]
        let servers = [first, second]
        let key = UUID().uuidString
        let answers = try await withThrowingTaskGroup(of: (status: Int, body: String).self) { group in
            for index in 0..<20 {
                group.addTask { try await Self.checkin(servers[index % 2], token: tokens[index % 2], key: key) }
            }
            var answers: [(status: Int, body: String)] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.allSatisfy { $0.status == 201 }, "\(answers.map(\.status))")
        #expect(Set(answers.map(\.body)).count == 1, "every answer is the first one: \(Set(answers.map(\.body)))")
        // Another day with a new key is still a new check-in on either process.
        #expect(try await Self.checkin(second, token: tokens[1], key: UUID().uuidString, day: "2026-11-19").status == 201)
        #expect(try await Self.checkin(first, token: tokens[0], key: UUID().uuidString).status == 409,
                "the day has its one check-in")
    }

    @Test("a server killed while it writes: the retried key gets 201 (its first answer), never 409",
          arguments: ["sqlite", "json"])
    func killedMidWrite(store: String) async throws {
        let data = try Sandbox(store: store)
        try await Self.account(data)
        // Each round kills the server a little later into a burst of submissions, then replays
        // every key on a fresh server: a key whose first answer was lost must still get 201.
        for round in 0..<4 {
            let server = try await ServerProcess(data)
            let token = try await Self.token(server)
            let keys = (0..<8).map { _ in UUID().uuidString }
            let days = (0..<8).map { index in
                let number = round * 8 + index
                return String(format: "2026-%02d-%02d", 9 + number / 28, 1 + number % 28)
            }
            let burst = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (key, day) in zip(keys, days) {
                        group.addTask { _ = try? await Self.checkin(server, token: token, key: key, day: day) }
                    }
                    try await group.waitForAll()
                }
            }
            try await Task.sleep(for: .milliseconds(5 + round * 10))
            server.kill()
            _ = try? await burst.value

            let again = try await ServerProcess(data)
            defer { _ = again.stop() }
            let fresh = try await Self.token(again)
            for (key, day) in zip(keys, days) {
                let replay = try await Self.checkin(again, token: fresh, key: key, day: day)
                #expect(replay.status == 201, "round \(round), \(day): \(replay)")
            }
        }
    }
}
