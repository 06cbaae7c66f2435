import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import WellnessApplication
import WellnessDomain
import WellnessWire

/// The request context: Hummingbird's core storage plus the account the bearer token belongs
/// to, once the authentication middleware found it.
public struct APIRequestContext: RequestContext {
    /// Hummingbird's own per-request storage, which `RequestContext` requires.
    public var coreContext: CoreRequestContextStorage
    /// The authenticated account (routes behind the authentication middleware only).
    public var account: Account?
    /// The bearer token as sent (for logout).
    var token: String?

    /// The request's id: Hummingbird's (in every log line as `hb.request.id`), or a fresh one
    /// when the logger keeps no metadata (a no-op log handler).
    public let requestID: String
    /// The IP address of the connection's peer, as it shows it (a proxy's, behind one; the
    /// client's for the login back-off comes from ``TrustedProxies/client(peer:forwardedFor:)``).
    public let clientAddress: String
    /// The request's connection (to stop reading a body that comes too slowly).
    let channel: any Channel

    /// Takes the peer's address from the channel (`unknown` when it has none) and the request id
    /// from the logger's metadata.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
        requestID = source.logger[metadataKey: "hb.request.id"]?.description
            ?? String(UInt64.random(in: .min ... .max), radix: 16)
    }

    /// The account, or 401 (a route outside the authenticated group asked for it).
    func requireAccount() throws -> Account {
        guard let account else { throw APIError.unauthorized }
        return account
    }
}

/// Turns every failure into the JSON error envelope: ours as they are, Hummingbird's (no
/// route, wrong method, body too large) mapped to a code, a store that is away a 503 with
/// `Retry-After`, anything else a logged 500 that does not leak details. Also tags every answer with `X-Request-Id`.
struct ErrorEnvelopeMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as APIError {
            response = try error.response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            response = try APIError.from(error).response(from: request, context: context)
        } catch AccountError.notAuthenticated, AccountError.noSuchAccount {
            // The account was deleted while this request was under way (by another process, say).
            response = try APIError.unauthorized.response(from: request, context: context)
        } catch let error as any StoreAvailabilityError where error.isUnavailable {
            // The store is away (a database restarting, say): the client may try again shortly.
            context.logger.warning("store unavailable", metadata: ["error": "\(error)"])
            response = try APIError.storeUnavailable.response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)"])
            response = try APIError(.internalServerError, .internalError, "the server could not answer; try again later")
                .response(from: request, context: context)
        }
        response.headers[HTTPField.Name("X-Request-Id")!] = context.requestID
        return response
    }
}

/// Lets a request through only with a valid bearer token (`Authorization: Bearer …`), and
/// puts its account in the context.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let authenticate: AuthenticateSession

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        guard let header = request.headers[.authorization], header.count > 7,
              header.prefix(7).lowercased() == "bearer " else { throw APIError.unauthorized }
        let token = Self.trimmed(header.dropFirst(7))
        let account: Account
        do {
            account = try await authenticate.execute(token).account
        } catch AccountError.notAuthenticated {
            throw APIError.unauthorized
        }
        var context = context
        context.account = account
        context.token = token
        context.logger[metadataKey: "account"] = .stringConvertible(account.id) // described only if logged
        return try await next(request, context)
    }

    /// `text` without the spaces and tabs around it (HTTP's optional whitespace, RFC 9110 §5.6.3).
    static func trimmed(_ text: Substring) -> String {
        let utf8 = text.utf8
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}

/// At most `limit` requests per window per account token; past it, 429 `RATE_LIMITED` with
/// `Retry-After`. Reading the session and logging out (here or everywhere) are never counted nor
/// refused: a client that hit the limit can still see where it stands and end its sessions. The
/// sync routes are not counted here either: they count the records they carry instead
/// (``ServerConfiguration/syncRateLimit``).
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let limiter: RateLimiter

    /// `METHOD path` of the requests outside the limit.
    static let exempt = Set([Wire.Route.session, Wire.Route.logOut, Wire.Route.logOutEverywhere,
                             Wire.Route.syncPush, Wire.Route.syncPull].map(\.description))

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        if let token = context.token, !Self.exempt.contains("\(request.method.rawValue) \(request.uri.path)"),
           let wait = await limiter.admit(token) {
            throw APIError.rateLimited(retryAfter: wait)
        }
        return try await next(request, context)
    }
}

/// The counters of ``RateLimit`` per client key, with the clock injected.
actor RateLimiter {
    let limit: RateLimit
    let now: @Sendable () -> Date
    private var counters: [String: RateLimit.Counter] = [:]

    init(limit: RateLimit, now: @escaping @Sendable () -> Date) {
        self.limit = limit
        self.now = now
    }

    /// `nil` to let the request through (counting `cost` units), else the seconds to wait.
    func admit(_ key: String, cost: Int = 1) -> Int? {
        let now = self.now()
        if counters.count > 10_000 {
            counters = counters.filter { now.timeIntervalSince($0.value.windowStart) < limit.window }
        }
        var counter = counters[key] ?? RateLimit.Counter(start: now)
        let wait = counter.admit(at: now, under: limit, cost: cost)
        counters[key] = counter
        return wait
    }

    /// Counts `cost` more units for `key`: what an admitted request turned out to cost.
    func charge(_ key: String, cost: Int) {
        let now = self.now()
        var counter = counters[key] ?? RateLimit.Counter(start: now)
        counter.charge(cost, at: now, under: limit)
        counters[key] = counter
    }
}

/// For a request no route answered: when its path is a route's path (parameters match any
/// segment), 405 `METHOD_NOT_ALLOWED` with `Allow` listing that path's methods; else on to 404.
/// Where several route paths match, the most specific one counts, as in the router: at the first
/// segment where they differ, a fixed segment beats a parameter (`/api/checkins/today` is GET
/// only, though `PUT /api/checkins/{date}` exists).
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    /// Each route path's segments (`{name}` or `:name` for a parameter) with its methods.
    let paths: [(segments: [Substring], methods: [String])]

    init(routes: [(method: String, path: String)]) {
        var methods: [String: [String]] = [:]
        for route in routes { methods[route.path, default: []].append(route.method) }
        paths = methods.map { path, methods in (path.split(separator: "/"), methods.sorted()) }
    }

    static func isParameter(_ segment: Substring) -> Bool { segment.hasPrefix("{") || segment.hasPrefix(":") }

    /// The methods of the most specific route path matching `path`; empty when none matches.
    func allowedMethods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        let matching = paths.filter { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { template, segment in
                    Self.isParameter(template) || template == segment
                }
        }
        // Fixed segments as 1, parameters as 0: the lexicographically greatest shape is the most specific.
        func shape(_ segments: [Substring]) -> [Int] { segments.map { Self.isParameter($0) ? 0 : 1 } }
        guard let best = matching.map({ shape($0.segments) }).max(by: { $0.lexicographicallyPrecedes($1) }) else {
            return []
        }
        return Set(matching.filter { shape($0.segments) == best }.flatMap(\.methods)).sorted()
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        let allowed = allowedMethods(for: request.uri.path)
        guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else { return try await next(request, context) }
        let list = allowed.joined(separator: ", ")
        throw APIError(.methodNotAllowed, .methodNotAllowed, "\(request.method.rawValue) is not allowed here; allowed: \(list)",
                       headers: [.allow: list])
    }
}
