import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import WellnessApplication
import WellnessDomain
import WellnessWire

/// The Wellness HTTP API on Hummingbird 2 (`wellness serve`): accounts and sessions,
/// check-ins with idempotency keys, trends, insights, alerts, goals and tips. Every route but
/// login and the operations routes (`/healthz`, `/readyz`, `/metrics`) needs a bearer token and
/// counts against its rate limit; failed logins back off per
/// email and client address (``LoginThrottle``). Errors are always `{"error": {"code", "message"}}`.
public struct APIServer: Sendable {
    /// Logging in, checking a bearer token, logging out (here or everywhere), changing the password.
    public struct Sessions: Sendable {
        let start: StartSession
        let authenticate: AuthenticateSession
        let end: EndSession
        let endEvery: EndEverySession
        let changePassword: ChangePassword
        /// Keeps the time zone a sync names as its account's (`nil`: a sync's zone is only checked).
        let noteTimeZone: NoteTimeZone?

        /// The use cases behind logging in, checking a bearer token, logging out, logging out
        /// everywhere, changing the password and keeping the zone a sync names.
        public init(start: StartSession, authenticate: AuthenticateSession, end: EndSession, endEvery: EndEverySession,
                    changePassword: ChangePassword, noteTimeZone: NoteTimeZone? = nil) {
            self.noteTimeZone = noteTimeZone
            self.start = start
            self.authenticate = authenticate
            self.end = end
            self.endEvery = endEvery
            self.changePassword = changePassword
        }
    }

    let sessions: Sessions
    let workspace: @Sendable (Account) async throws -> AccountWorkspace
    /// Deletes an account, its sessions and all its data, given its password and the client's
    /// address (throws `AccountError.invalidCredentials` for a wrong one,
    /// `AccountError.tooManyAttempts` when the login throttle says to wait).
    let deleteAccount: @Sendable (Account, String, String) async throws -> Void
    let time: TimeContext
    /// How the server listens and what it allows.
    public let configuration: ServerConfiguration
    let logger: Logger
    /// Words an error of the core for an error answer's `message`.
    let describe: @Sendable (any Error) -> String
    let limiter: RateLimiter
    /// The records the sync routes carry, per token (``ServerConfiguration/syncRateLimit``).
    let syncLimiter: RateLimiter
    /// The request bodies being read now (``BodyDeadlineMiddleware``).
    let bodyReaders: BodyReaders
    /// Readiness, open stores, holding a store for a request, and the metrics.
    public let operations: ServerOperations

    /// A server that opens an account's workspace with `workspace` for each request, deletes accounts
    /// with `deleteAccount` and words core errors with `describe`; nothing listens until `run(onRunning:)`.
    public init(sessions: Sessions,
                workspace: @escaping @Sendable (Account) async throws -> AccountWorkspace,
                deleteAccount: @escaping @Sendable (Account, String, String) async throws -> Void, time: TimeContext,
                configuration: ServerConfiguration = ServerConfiguration(),
                logger: Logger = Logger(label: "wellness.server"),
                operations: ServerOperations = ServerOperations(),
                describe: @escaping @Sendable (any Error) -> String) {
        self.sessions = sessions
        self.operations = operations
        self.describe = describe
        self.workspace = workspace
        self.deleteAccount = deleteAccount
        self.time = time
        self.configuration = configuration
        self.logger = logger
        limiter = RateLimiter(limit: configuration.rateLimit, now: { time.now() })
        syncLimiter = RateLimiter(limit: configuration.syncRateLimit, now: { time.now() })
        bodyReaders = BodyReaders(limit: configuration.maxBodyReaders)
    }

    /// Every route the server answers, as `METHOD /path` with `{parameter}` placeholders (what
    /// the OpenAPI document must describe).
    public var routes: [String] {
        router().routes.map { "\($0.method.rawValue) \($0.path.description)" }.sorted()
    }

    /// The application, ready to run; `onRunning` gets the port actually bound. Throws
    /// ``ServerStartError/unreadableTLSFile(path:reason:)`` when the TLS files cannot be used.
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        let idle = TimeAmount(configuration.idleTimeout)
        var server: HTTPServerBuilder = .http1(configuration: HTTP1Channel.Configuration(idleTimeout: idle))
        if let tls = configuration.tls { server = try .tls(server, tlsConfiguration: try Self.tlsConfiguration(tls)) }
        return Application(router: router(),
                           server: server,
                           configuration: ApplicationConfiguration(
                               address: .hostname(configuration.host, port: configuration.port),
                               // Every answer's `Server` header: `wellness/<version>`.
                               serverName: WellnessVersion.serverHeader,
                               availableConnectionsDelegate: .maximum(configuration.maxConnections, logger: logger)),
                           onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
                           logger: logger)
    }

    /// Serves until SIGINT or SIGTERM, then finishes the requests in flight and stops.
    /// Throws ``ServerStartError/addressInUse(host:port:)`` when another process listens on the port.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        do {
            try await application(onRunning: onRunning).runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServerStartError.addressInUse(host: configuration.host, port: configuration.port)
        }
    }

    /// Who the login back-off counts `request`'s client under (``LoginClientKey``): its
    /// connection's peer, or what a trusted proxy forwarded for, an IPv6 address by its /64.
    /// Worked out only where it counts.
    func client(of request: Request, _ context: APIRequestContext) -> String {
        LoginClientKey.of(peer: context.clientAddress, forwardedFor: request.headers[values: Self.forwardedFor],
                          trusting: configuration.trustedProxies)
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    // MARK: - Routes

    /// Every route, each resource's from its own file (`APIServer+…Routes.swift`), on the paths
    /// of ``Wire/Route``'s table. All but login and the operations routes need a bearer token,
    /// count against its rate limit and hold the account's store while they run.
    func router() -> Router<APIRequestContext> {
        let router = Router(context: APIRequestContext.self)
        router.add(middleware: RecordRequestsMiddleware(metrics: operations.metrics,
                                                        quietPaths: Set(Wire.Route.operations.map(\.template))))
        router.add(middleware: ErrorEnvelopeMiddleware())
        router.add(middleware: BodyDeadlineMiddleware(maxBodyBytes: configuration.maxBodyBytes,
                                                      pathLimits: [Wire.Route.syncPush.template: configuration.maxSyncBodyBytes],
                                                      timeout: configuration.bodyTimeout, readers: bodyReaders))
        addOperationsRoutes(to: router)
        let api = router.group()
            .add(middleware: AuthenticationMiddleware(authenticate: sessions.authenticate))
            .add(middleware: RateLimitMiddleware(limiter: limiter))
            .add(middleware: HoldStoreMiddleware(hold: operations.holdStore))
        addAuthRoutes(to: router, authenticated: api)
        addAccountRoutes(to: api)
        addCheckinRoutes(to: api)
        addDriftRoutes(to: api)
        addGoalRoutes(to: api)
        addSyncRoutes(to: api)
        // Added last, so it runs only where no route answered: a known path asked with another
        // method is 405 with `Allow`, an unknown path stays 404.
        router.add(middleware: MethodNotAllowedMiddleware(routes: router.routes.map { ($0.method.rawValue, $0.path.description) }))
        return router
    }

    // MARK: - Helpers

    /// The server side of TLS from PEM files, each refusal naming the file.
    static func tlsConfiguration(_ files: ServerConfiguration.TLSFiles) throws -> TLSConfiguration {
        func load<T>(_ file: URL, _ read: (String) throws -> T) throws -> T {
            guard FileManager.default.isReadableFile(atPath: file.path) else {
                throw ServerStartError.unreadableTLSFile(path: file.path, reason: "no readable file there")
            }
            do {
                return try read(file.path)
            } catch {
                throw ServerStartError.unreadableTLSFile(path: file.path, reason: "not PEM (\(error))")
            }
        }
        let chain = try load(files.certificateChain) { try NIOSSLCertificate.fromPEMFile($0) }
        guard !chain.isEmpty else {
            throw ServerStartError.unreadableTLSFile(path: files.certificateChain.path, reason: "it holds no certificate")
        }
        let key = try load(files.privateKey) { try NIOSSLPrivateKey(file: $0, format: .pem) }
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                        privateKey: .privateKey(key))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws
        -> Response {
        json(bytes: try Wire.encoder.encode(value), status: status, headers: headers)
    }

    /// A JSON answer whose bytes are already written.
    static func json(bytes: some Sequence<UInt8>, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:])
        -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// Why the server could not start.
public enum ServerStartError: WellnessError, Equatable, LocalizedError {
    /// Another process already listens on this address and port.
    case addressInUse(host: String, port: Int)
    /// A TLS certificate or key file is missing or not PEM.
    case unreadableTLSFile(path: String, reason: String)

    public enum Code: String, CaseIterable, Sendable { case addressInUse, unreadableTLSFile }

    public static let family = "serverStart"

    public var code: Code {
        switch self {
        case .addressInUse: .addressInUse
        case .unreadableTLSFile: .unreadableTLSFile
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case let .addressInUse(host, port): [.verbatim(host), .number(port), .number(port)]
        case let .unreadableTLSFile(path, reason): [.verbatim(path), .verbatim(reason)]
        }
    }

    /// The message in English, for logs and for a front end without the presenter's tables.
    public var errorDescription: String? {
        switch self {
        case let .addressInUse(host, port):
            "cannot listen on \(host):\(port): port \(port) is already in use (another server runs there; choose another port)"
        case let .unreadableTLSFile(path, reason):
            "cannot use \(path) for TLS: \(reason)"
        }
    }
}
