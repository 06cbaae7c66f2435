import Foundation
import HTTPTypes
import Hummingbird
import WellnessApplication
import NIOCore
import WellnessWire

/// The routes for whoever runs the server: liveness, readiness and metrics. None needs a token
/// nor counts against a rate limit: a load balancer and a metrics scraper have no account.
/// `/metrics` shows route templates, statuses and counts only (no account, email or path
/// asked for); an operator who exposes the server beyond loopback keeps it off the public side.
extension APIServer {
    /// `METHOD /path` of the operations routes.
    public static let operationsRoutes = Wire.Route.operations.map(\.description)

    func addOperationsRoutes(to router: Router<APIRequestContext>) {
        // Alive: the process answers HTTP. Touches no store, so a slow database never makes a
        // supervisor restart a server that is only busy. (A local disk that stalls outright
        // stalls the SQLite lookups of authenticated requests, and with them the threads that
        // would answer here: a restart is then what is needed.)
        router.on(Wire.Route.health) { _, _ in try Self.json(StatusBody(status: "ok", version: WellnessVersion.current)) }

        // Ready: the server's store answers (the accounts database, the data directory).
        router.on(Wire.Route.ready) { _, context in
            do {
                try await Self.finish(within: configuration.readinessLimit, operations.checkReady)
            } catch {
                context.logger.warning("not ready", metadata: ["error": "\(describe(error))"])
                throw APIError.storeUnavailable
            }
            return try Self.json(StatusBody(status: "ready"))
        }

        router.on(Wire.Route.metrics) { _, _ in
            let text = operations.metrics.exposition(openStores: await operations.openStores(),
                                                     databaseConnections: operations.databaseConnections?())
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
        }
    }
}

extension APIServer {
    /// Runs `body` and returns when it does, or throws ``ReadinessTimeout`` once `limit` has
    /// passed, whichever comes first. A body still running then is cancelled and left to end on
    /// its own: a blocked database call may not notice, and the caller must not wait for it.
    static func finish(within limit: Duration, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await Deadline.run(within: limit, orThrow: { ReadinessTimeout(limit: limit) }, body)
    }
}

/// The store did not answer within the readiness limit.
struct ReadinessTimeout: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "the store did not answer within \(limit)" }
}

/// `{"status": "ok", "version": "0.1.0"}` (`/healthz`) or `{"status": "ready"}` (`/readyz`).
struct StatusBody: Encodable {
    let status: String
    /// The server's ``WellnessVersion/current`` (`/healthz` only).
    var version: String?
}
