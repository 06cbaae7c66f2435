import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Testing
import WellnessComposition
import WellnessServerHost
import WellnessHTTP
import WellnessPostgres
import WellnessServer
import WellnessTestSupport
import WellnessWire

/// A Wellness server running in this process on an ephemeral loopback port, with its host (to
/// add accounts and look at stored data) and the settable clock it reads.
struct TestServer: Sendable {
    /// The password every test account gets.
    static let password = "correct horse battery"
    /// "Now" when a test starts: 10 March 2026, 11:00 in Amsterdam.
    static let start = Fixtures.instant("2026-03-10T10:00:00Z")
    static let calendar = Fixtures.calendar("Europe/Amsterdam")
    /// The local day of ``start``.
    static let today = Fixtures.day("2026-03-10")
    /// A budget no ordinary test reaches.
    static let generousLimit = RateLimit(limit: 10_000, window: 60)
    /// A budget of synced records no ordinary test reaches.
    static let generousSyncLimit = RateLimit(limit: 10_000_000, window: 600)
    /// How long a server may take to start, and a request to be answered, before a test calls it
    /// hung: generous, because the whole suite shares two cores (a hang detector, not a speed
    /// check; speed is the benchmark's).
    static let startLimit: Duration = .seconds(180)
    static let requestLimit: TimeAmount = .seconds(60)
    /// The test servers' idle and body timeouts (the product's are 30 s and 10 s): each request
    /// body races a timer, and a starved machine can leave a task unscheduled for longer than
    /// 10 s. The tests of those timeouts set their own.
    static let patient: Duration = .seconds(300)
    /// The server's request log is not interesting in test output. (A handler that keeps
    /// metadata all the same: Hummingbird reads the request id back from the logger.)
    static let quietLogger = Logger(label: "wellness.server.tests", factory: { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = .critical
        return handler
    })

    let host: ServerHost
    let clock: FixedWallClock
    let directory: TemporaryDirectory
    let configuration: ServerConfiguration
    /// `http://127.0.0.1:<port>` (`https://` when the configuration has TLS).
    let url: URL

    // MARK: - Starting and stopping

    /// A host on a fresh (or the given) directory, with the test clock and a cheap bcrypt.
    static func makeHost(store: StoreKind = .memory, directory: TemporaryDirectory, clock: FixedWallClock,
                         calendar: Calendar = calendar, sessionLifetime: TimeInterval = StartSession.defaultLifetime,
                         tipsService: (any GoalTipsService)? = nil) throws -> ServerHost {
        try ServerHost(store: store, directory: directory.url, clock: clock, calendar: calendar, bcryptCost: 4,
                       sessionLifetime: sessionLifetime, tipsService: tipsService, logger: quietLogger)
    }

    /// Runs `body` against a new server on a new host, then stops the server.
    static func withServer<T>(store: StoreKind = .memory, clock: FixedWallClock = FixedWallClock(start),
                              calendar: Calendar = calendar, rateLimit: RateLimit = generousLimit, maxBodyBytes: Int = 64 * 1024,
                              sessionLifetime: TimeInterval = StartSession.defaultLifetime,
                              tipsService: (any GoalTipsService)? = nil, trustedProxies: TrustedProxies = TrustedProxies(),
                              maxSyncBodyBytes: Int = ServerConfiguration.defaultMaxSyncBodyBytes, syncRateLimit: RateLimit = generousSyncLimit,
                              _ body: (TestServer) async throws -> T) async throws -> T {
        let directory = try TemporaryDirectory(prefix: "wellness-server-test")
        let database = store == .memory ? try await postgresBackend() : nil
        let host = if let database {
            ServerHost(postgres: database, clock: clock, calendar: calendar, bcryptCost: 4,
                       sessionLifetime: sessionLifetime, tipsService: tipsService, logger: quietLogger)
        } else {
            try makeHost(store: store, directory: directory, clock: clock, calendar: calendar,
                         sessionLifetime: sessionLifetime, tipsService: tipsService)
        }
        defer { if let database { Task { await database.close() } } }
        return try await run(host, directory: directory, clock: clock,
                             configuration: ServerConfiguration(host: "127.0.0.1", port: 0, rateLimit: rateLimit,
                                                                maxBodyBytes: maxBodyBytes, idleTimeout: patient,
                                                                bodyTimeout: patient, trustedProxies: trustedProxies,
                                                                readinessLimit: patient, maxSyncBodyBytes: maxSyncBodyBytes,
                                                                syncRateLimit: syncRateLimit),
                             body)
    }

    /// With `WELLNESS_TEST_SERVER_BACKEND=postgres` (and `WELLNESS_TEST_POSTGRES_URL`), the servers
    /// tests start on the default store run on PostgreSQL instead, each on a schema of its own:
    /// `.ci/run` runs this suite a second time so. `nil` otherwise.
    static func postgresBackend() async throws -> PostgresDatabase? {
        let environment = ProcessInfo.processInfo.environment
        guard environment["WELLNESS_TEST_SERVER_BACKEND"] == "postgres" else { return nil }
        let configuration = try PostgresTestDatabase.freshConfiguration()
        return try await PostgresDatabase.open(configuration, logger: quietLogger)
    }

    /// The check-ins the server holds for `account` (the last 30 days), whichever its backend.
    func storedCheckins(_ account: Account.ID) async throws -> [Checkin] {
        try await host.accountWorkspace(account).listCheckins.execute(days: 30)
    }

    /// Serves `host` on an ephemeral loopback port while `body` runs.
    static func run<T>(_ host: ServerHost, directory: TemporaryDirectory, clock: FixedWallClock,
                       configuration: ServerConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0,
                                                                                rateLimit: generousLimit,
                                                                                idleTimeout: patient, bodyTimeout: patient),
                       _ body: (TestServer) async throws -> T) async throws -> T {
        // A few servers at a time: the whole test run shares two cores with the CLI suites'
        // child processes, and a hundred servers starting at once can take longer than any
        // sensible start-up limit.
        await ServerSlots.shared.acquire()
        defer { Task { await ServerSlots.shared.release() } }
        let box = PortBox()
        let application = try host.server(configuration).application(onRunning: { port in await box.set(port) })
        let task = Task { try await application.run() }
        do {
            let port = try await box.wait(upTo: Self.startLimit)
            let server = TestServer(host: host, clock: clock, directory: directory, configuration: configuration,
                                    url: URL(string: "\(configuration.tls == nil ? "http" : "https")://127.0.0.1:\(port)")!)
            let result = try await body(server)
            task.cancel()
            _ = try? await task.value
            return result
        } catch {
            task.cancel()
            _ = try? await task.value
            throw error
        }
    }

    // MARK: - Accounts

    /// Adds an account and logs it in; returns the account and its bearer token.
    func account(_ email: String, tier: Tier = .free) async throws -> (account: Account, token: String) {
        let account = try await host.addAccount(email: email, password: Self.password, tier: tier)
        return (account, try await logIn(email))
    }

    /// Expects `waiting` to be the login back-off's first 429 (`RATE_LIMITED`, `Retry-After: 1`),
    /// and ann's login from the same address to wait too: what wrong passwords lead to,
    /// whichever route took them.
    func expectLoginBackOff(_ waiting: Reply, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(waiting.status == 429, sourceLocation: sourceLocation)
        #expect(waiting.error?.code == "RATE_LIMITED", sourceLocation: sourceLocation)
        #expect(waiting.headers.first(name: "Retry-After") == "1", sourceLocation: sourceLocation)
        let login = try await post("/api/auth/login", json: ["email": "ann@example.org", "password": Self.password])
        #expect(login.status == 429, "the login from the same address waits too", sourceLocation: sourceLocation)
    }

    /// Logs in over HTTP; returns the bearer token.
    func logIn(_ email: String, password: String = TestServer.password) async throws -> String {
        let reply = try await post("/api/auth/login", json: ["email": email, "password": password])
        guard reply.status == 200 else { throw TestServerError.unexpected(reply) }
        return try reply.decode(Wire.LoginResponse.self).accessToken
    }

    /// The client adapters' shared HTTP client for this server.
    func api(token: String?, onUnauthorized: @escaping @Sendable () async -> Void = {}) -> WellnessAPIClient {
        WellnessAPIClient(server: url, token: token, timeout: Self.clientLimit, onUnauthorized: onUnauthorized)
    }

    /// How long a test's client waits for one answer: a login hashes a password, which a starved
    /// 2-core machine running the whole suite in parallel can take well over the clients' 10 s for.
    static let clientLimit: Duration = .seconds(60)

    // MARK: - Raw requests

    /// Sends a request as given (no `Accept`, no defaults beyond what is asked).
    func request(_ method: HTTPMethod, _ path: String, token: String? = nil, headers: [(String, String)] = [],
                 body: Data? = nil, chunked: Bool = false) async throws -> Reply {
        var request = HTTPClientRequest(url: url.absoluteString + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            if !request.headers.contains(name: "Content-Type") {
                request.headers.add(name: "Content-Type", value: "application/json")
            }
            request.body = chunked ? .bytes(Array(body), length: .unknown) : .bytes(ByteBuffer(bytes: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: Self.requestLimit)
        let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Reply(status: Int(response.status.code), headers: response.headers, body: Data(bytes.readableBytesView))
    }

    func get(_ path: String, token: String? = nil) async throws -> Reply {
        try await request(.GET, path, token: token)
    }

    /// POSTs `json` (a JSON object built with `JSONSerialization`, so any shape can be sent).
    func post(_ path: String, token: String? = nil, headers: [(String, String)] = [], json: [String: Any])
        async throws -> Reply {
        try await request(.POST, path, token: token, headers: headers, body: Self.data(json))
    }

    /// POSTs a JSON text as it is.
    func post(_ path: String, token: String? = nil, text: String) async throws -> Reply {
        try await request(.POST, path, token: token, body: Data(text.utf8))
    }

    /// POSTs a check-in under an idempotency key.
    func checkin(_ fields: [String: Any], key: String = UUID().uuidString, token: String) async throws -> Reply {
        try await post("/api/checkins", token: token, headers: [(Wire.idempotencyKeyHeader, key)], json: fields)
    }

    /// A check-in's JSON fields.
    static func checkinFields(_ date: String = "2026-03-10", energy: Int = 4, stress: Int = 2, social: Int = 3,
                              contact: String? = nil) -> [String: Any] {
        var fields: [String: Any] = ["date": date, "energy": energy, "stress": stress, "social": social]
        if let contact { fields["key_contact"] = contact }
        return fields
    }

    static func data(_ json: [String: Any]) -> Data {
        // Only test-built dictionaries of strings, numbers, arrays and objects come here.
        try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    }
}

/// An HTTP answer as received.
struct Reply: Sendable, CustomStringConvertible {
    let status: Int
    let headers: HTTPHeaders
    let body: Data

    func header(_ name: String) -> String? { headers.first(name: name) }

    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw TestServerError.notAnObject(self)
        }
        return object
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try Wire.decoder.decode(type, from: body) }

    /// `{"error": {"code", "message"}}`, decoded strictly.
    var error: Wire.ErrorBody.Detail? { (try? Wire.decoder.decode(Wire.ErrorBody.self, from: body))?.error }

    var text: String { String(decoding: body, as: UTF8.self) }

    var description: String { "\(status) \(text)" }
}

enum TestServerError: Error, CustomStringConvertible {
    case noPort
    case unexpected(Reply)
    case notAnObject(Reply)

    var description: String {
        switch self {
        case .noPort: "the server did not report a port in time"
        case .unexpected(let reply): "unexpected answer: \(reply)"
        case .notAnObject(let reply): "not a JSON object: \(reply)"
        }
    }
}

/// The port the server bound, once it says so.
actor PortBox {
    private var port: Int?

    func set(_ port: Int) { self.port = port }

    /// Polls until the port is known, for at most `limit`.
    func wait(upTo limit: Duration) async throws -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while clock.now < deadline {
            if let port, port > 0 { return port }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestServerError.noPort
    }
}

/// Counts calls (of `onUnauthorized`, say) across tasks.
actor Counter {
    private(set) var count = 0
    func increment() { count += 1 }
}

/// At most `limit` in-process servers at once across the test run.
actor ServerSlots {
    static let shared = ServerSlots(limit: 4)
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    func acquire() async {
        guard running >= limit else {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume() // the slot passes straight on
        }
    }
}
