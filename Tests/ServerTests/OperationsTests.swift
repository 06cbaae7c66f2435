import Foundation
import Logging
import NIOHTTP1
import Testing
import WellnessComposition
import WellnessServer
import WellnessServerHost
import WellnessTestSupport
import WellnessWire

/// Liveness, readiness, metrics and the request log: what whoever runs the server watches (issue 18).
@Suite("Operations: /healthz, /readyz, /metrics and the request log")
struct OperationsTests {
    @Test("/healthz answers 200 {\"status\":\"ok\",\"version\":…} without a token, even for a token past its rate limit")
    func healthz() async throws {
        try await TestServer.withServer(rateLimit: RateLimit(limit: 1, window: 60)) { server in
            let reply = try await server.get("/healthz")
            #expect(reply.status == 200, "\(reply)")
            #expect(try reply.object() as? [String: String] == ["status": "ok", "version": WellnessVersion.current])
            #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(reply.header("X-Request-Id")?.isEmpty == false)

            let (_, token) = try await server.account("ann@example.org")
            #expect(try await server.get("/api/v1/goals", token: token).status == 200)
            #expect(try await server.get("/api/v1/goals", token: token).status == 429)
            for _ in 1...3 {
                #expect(try await server.get("/healthz", token: token).status == 200)
                #expect(try await server.get("/readyz", token: token).status == 200)
                #expect(try await server.get("/metrics", token: token).status == 200)
            }
        }
    }

    @Test("every answer names the server and its version in the Server header, errors included",
          arguments: ["/healthz", "/readyz", "/metrics", "/api/v1/goals", "/no/such/path"])
    func serverHeader(path: String) async throws {
        try await TestServer.withServer { server in
            let reply = try await server.get(path)
            #expect(reply.header("Server") == "wellness/\(WellnessVersion.current)", "\(reply)")
            #expect(WellnessVersion.current.split(separator: ".").count == 3)
        }
    }

    @Test("/healthz, /readyz and /metrics take GET only (405 with Allow)", arguments: ["/healthz", "/readyz", "/metrics"])
    func operationsRoutesAreGetOnly(path: String) async throws {
        try await TestServer.withServer { server in
            let reply = try await server.request(.POST, path, body: Data("{}".utf8))
            #expect(reply.status == 405, "\(reply)")
            #expect(reply.header("Allow") == "GET")
        }
    }

    @Test("/readyz is 200 while the data directory is there, 503 SERVICE_UNAVAILABLE with Retry-After while it is gone, 200 once it is back",
          arguments: [StoreKind.sqlite, .json])
    func readyz(store: StoreKind) async throws {
        let document = try OpenAPIDocument.load()
        try await TestServer.withServer(store: store) { server in
            // The accounts database is open before the directory goes: the check must not
            // trust open files alone.
            let (_, token) = try await server.account("ann@example.org")
            try OpenAPITests.check(try await server.get("/readyz"), "GET /readyz", document, expecting: 200)
            #expect(try await server.get("/readyz").object() as? [String: String] == ["status": "ready"])

            let directory = server.directory.url
            let away = directory.deletingLastPathComponent().appendingPathComponent(directory.lastPathComponent + "-away")
            try FileManager.default.moveItem(at: directory, to: away)
            let unready: Reply
            do {
                unready = try await server.get("/readyz")
                try FileManager.default.moveItem(at: away, to: directory)
            } catch {
                try? FileManager.default.moveItem(at: away, to: directory)
                throw error
            }
            try OpenAPITests.check(unready, "GET /readyz", document, expecting: 503)
            #expect(unready.error?.code == "SERVICE_UNAVAILABLE")
            #expect(unready.header("Retry-After") == "5")
            #expect(!unready.text.contains(directory.path), "the answer names a path: \(unready)")
            // Alive all along: liveness never looks at the store.
            #expect(try await server.get("/healthz").status == 200)

            #expect(try await server.get("/readyz").status == 200)
            #expect(try await server.get("/api/v1/goals", token: token).status == 200)
        }
    }

    @Test("/metrics counts the requests just made by route template and status, with a latency histogram and the open stores")
    func metrics() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            let (_, token) = try await server.account("ann@example.org")
            #expect(try await server.get("/api/v1/goals", token: token).status == 200)
            #expect(try await server.get("/api/v1/goals", token: token).status == 200)
            let ghost = UUID().uuidString.lowercased()
            #expect(try await server.post("/api/v1/goals/\(ghost)/tips", token: token, json: ["goal_title": "Ghost"]).status == 404)
            #expect(try await server.get("/api/v1/goals").status == 401)
            #expect(try await server.get("/nowhere/\(ghost)").status == 404)

            let reply = try await server.get("/metrics")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type")?.hasPrefix("text/plain") == true)
            let lines = Set(reply.text.split(separator: "\n").map(String.init))
            let expected = [
                #"wellness_http_requests_total{method="GET",route="/api/v1/goals",status="200"} 2"#,
                #"wellness_http_requests_total{method="GET",route="/api/v1/goals",status="401"} 1"#,
                #"wellness_http_requests_total{method="POST",route="/api/v1/goals/{goalId}/tips",status="404"} 1"#,
                #"wellness_http_requests_total{method="GET",route="unmatched",status="404"} 1"#,
                #"wellness_http_requests_total{method="POST",route="/api/auth/login",status="200"} 1"#,
                #"wellness_http_request_duration_seconds_count{method="GET",route="/api/v1/goals"} 3"#,
                "wellness_open_account_stores 1.0",
                "# TYPE wellness_http_request_duration_seconds histogram",
            ]
            for line in expected { #expect(lines.contains(line), "no \(line) in:\n\(reply.text)") }
            #expect(lines.contains { $0.hasPrefix(#"wellness_http_request_duration_seconds_bucket{method="GET",route="/api/v1/goals",le="+Inf"} 3"#) },
                    "\(reply.text)")
            // Templates only: what a client put in a path never becomes a label.
            #expect(!reply.text.contains(ghost), "\(reply.text)")
            #expect(!reply.text.contains("nowhere"), "\(reply.text)")

            // The scrape itself is counted, once it is answered.
            let again = try await server.get("/metrics").text
            #expect(again.contains(#"wellness_http_requests_total{method="GET",route="/metrics",status="200"} 1"#), "\(again)")
        }
    }

    @Test("two servers in one process keep their metrics apart")
    func metricsPerServer() async throws {
        try await TestServer.withServer { first in
            try await TestServer.withServer { second in
                for _ in 1...3 { #expect(try await first.get("/healthz").status == 200) }
                #expect(try await second.get("/healthz").status == 200)
                let firstText = try await first.get("/metrics").text
                let secondText = try await second.get("/metrics").text
                #expect(firstText.contains(#"wellness_http_requests_total{method="GET",route="/healthz",status="200"} 3"#), "\(firstText)")
                #expect(secondText.contains(#"wellness_http_requests_total{method="GET",route="/healthz",status="200"} 1"#), "\(secondText)")
            }
        }
    }

    @Test("one info log line per request: method, route template, status, duration and the request id the answer carries")
    func requestLog() async throws {
        let records = LogRecords()
        let logger = Logger(label: "wellness.server.tests") { label in
            var handler = RecordingLogHandler(label: label, records: records)
            handler.logLevel = .info
            return handler
        }
        let directory = try TemporaryDirectory(prefix: "wellness-request-log")
        let clock = FixedWallClock(TestServer.start)
        let host = try ServerHost(store: .memory, directory: directory.url, clock: clock, calendar: TestServer.calendar,
                                  bcryptCost: 4, logger: logger)
        try await TestServer.run(host, directory: directory, clock: clock) { server in
            let (_, token) = try await server.account("ann@example.org")
            let ghost = UUID().uuidString.lowercased()
            records.clear()
            let reply = try await server.post("/api/v1/goals/\(ghost)/tips", token: token, json: ["goal_title": "Ghost"])
            #expect(reply.status == 404)
            let requestID = try #require(reply.header("X-Request-Id"))

            let lines = records.all.filter { $0.message == "request" }
            try #require(lines.count == 1, "\(records.all)")
            let line = lines[0]
            #expect(line.level == .info)
            #expect(line.metadata["http.method"] == "POST")
            #expect(line.metadata["http.route"] == "/api/v1/goals/{goalId}/tips")
            #expect(line.metadata["http.status"] == "404")
            #expect(line.metadata["hb.request.id"] == requestID)
            let duration = try #require(line.metadata["duration_ms"].flatMap(Double.init))
            #expect(duration >= 0 && duration < 60_000)
            #expect(!line.metadata.values.contains { $0.contains(ghost) }, "\(line)")

            // Probes log at debug: none of them reaches an info log.
            records.clear()
            #expect(try await server.get("/healthz").status == 200)
            #expect(try await server.get("/readyz").status == 200)
            #expect(records.all.filter { $0.message == "request" }.isEmpty, "\(records.all)")
        }
    }
}

// MARK: - A log handler that keeps what it is given

/// Log records, shared between a test and the handlers its logger makes.
final class LogRecords: @unchecked Sendable {
    struct Record: Sendable, CustomStringConvertible {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
        var description: String { "\(level) \(message) \(metadata)" }
    }

    private let lock = NSLock()
    private var records: [Record] = []

    func append(_ record: Record) { lock.withLock { records.append(record) } }
    func clear() { lock.withLock { records.removeAll() } }
    var all: [Record] { lock.withLock { records } }
}

/// Keeps metadata (Hummingbird reads the request id back from it) and records every line.
struct RecordingLogHandler: LogHandler {
    let label: String
    let records: LogRecords
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        records.append(.init(level: event.level, message: event.message.description, metadata: merged.mapValues { "\($0)" }))
    }
}
