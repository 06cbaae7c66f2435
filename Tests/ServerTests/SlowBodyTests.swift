import Foundation
import Testing
import WellnessComposition
import WellnessServer
import WellnessServerHost
import WellnessTestSupport

/// Request bodies have deadlines, and bodies hold at most half the connections (issue 37,
/// finding 2): trickling bodies cannot keep `/healthz` or anyone else out.
@Suite("Slow request bodies")
struct SlowBodyTests {
    static func withServer(bodyTimeout: Duration, maxConnections: Int, _ body: (TestServer) async throws -> Void)
        async throws {
        let directory = try TemporaryDirectory(prefix: "wellness-slow-body")
        let clock = FixedWallClock(TestServer.start)
        let host = try TestServer.makeHost(directory: directory, clock: clock)
        try await TestServer.run(host, directory: directory, clock: clock,
                                 configuration: ServerConfiguration(host: "127.0.0.1", port: 0, rateLimit: TestServer.generousLimit,
                                                                    idleTimeout: .seconds(120), bodyTimeout: bodyTimeout,
                                                                    maxConnections: maxConnections),
                                 body)
    }

    /// A login whose body is announced at 60,000 bytes and of which one byte is sent.
    static let trickle = "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: 60000\r\n\r\n{"

    @Test("a body that does not arrive within the body timeout is answered 408 REQUEST_TIMEOUT and its connection closed")
    func slowBodyTimesOut() async throws {
        try await Self.withServer(bodyTimeout: .seconds(1), maxConnections: 16) { server in
            let connection = try RawConnection(port: server.url.port!)
            defer { connection.close() }
            try connection.send(Self.trickle)
            let answer = await connection.readAnswer(seconds: 60)
            #expect(answer?.hasPrefix("HTTP/1.1 408") == true, "\(answer ?? "no answer")")
            #expect(answer?.lowercased().contains("connection: close") == true)
            #expect(answer?.contains("REQUEST_TIMEOUT") == true)
            #expect(await connection.waitForClose(seconds: 60), "the connection stays open")
        }
    }

    @Test("bodies being read hold at most half the connections: one more is 408 at once and closed, and /healthz is answered meanwhile")
    func bodiesHoldHalfTheConnections() async throws {
        try await Self.withServer(bodyTimeout: .seconds(120), maxConnections: 8) { server in
            let port = server.url.port!
            let trickles = try (0..<8).map { _ in try RawConnection(port: port) }
            defer { trickles.forEach { $0.close() } }
            for connection in trickles { try connection.send(Self.trickle) }

            // Four are read (slowly); the other four are turned away, each with an answer.
            let refused = await Self.answered(trickles, expecting: 4, within: 60)
            #expect(refused.count == 4, "\(refused.count) of 8 were answered")
            #expect(refused.values.allSatisfy { $0.hasPrefix("HTTP/1.1 408") }, "\(refused)")
            let readers = trickles.indices.filter { refused[$0] == nil }.map { trickles[$0] }
            #expect(await Self.answered(readers, expecting: 1, within: 1).isEmpty, "a reader was answered before its timeout")

            let probe = try RawConnection(port: port)
            defer { probe.close() }
            try probe.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let health = await probe.readAnswer(seconds: 60)
            #expect(health?.hasPrefix("HTTP/1.1 200") == true, "\(health ?? "no answer")")
        }
    }

    /// The first answers of `connections` (by index) that answer within `seconds`, polling each in
    /// turn until `expecting` have (bounded by the time and by 10,000 rounds), off the cooperative pool.
    static func answered(_ connections: [RawConnection], expecting: Int, within seconds: Double) async -> [Int: String] {
        await offTheCooperativePool {
            var answers: [Int: String] = [:]
            let deadline = Date().addingTimeInterval(seconds)
            var rounds = 0
            while answers.count < expecting, Date() < deadline, rounds < 10_000 {
                rounds += 1
                for (index, connection) in connections.enumerated() where answers[index] == nil {
                    if let bytes = connection.read(seconds: 0.01) { answers[index] = String(decoding: bytes, as: UTF8.self) }
                }
            }
            return answers
        }
    }
}
