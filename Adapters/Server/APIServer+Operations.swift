import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The routes for whoever runs the server: liveness, readiness and metrics. None needs a token
/// nor counts against a rate limit: a load balancer and a metrics scraper have no account.
/// `/metrics` shows route templates, statuses and counts only (no account, email or path
/// asked for); an operator who exposes the server beyond loopback keeps it off the public side.
extension APIServer {
    /// `METHOD /path` of the operations routes.
    public static let operationsRoutes = ["GET /healthz", "GET /readyz", "GET /metrics"]

    /// Seconds a client is told to wait before asking `/readyz` again.
    static let readinessRetrySeconds = 5

    func addOperationsRoutes(to router: Router<APIRequestContext>) {
        // Alive: the process answers HTTP. Touches no store, so a slow disk never makes a
        // supervisor restart a server that is only busy.
        router.get("/healthz") { _, _ in try Self.json(StatusBody(status: "ok")) }

        // Ready: the server's store answers (the accounts database, the data directory).
        router.get("/readyz") { _, context in
            do {
                try await operations.checkReady()
            } catch {
                context.logger.warning("not ready", metadata: ["error": "\(describe(error))"])
                throw APIError(.serviceUnavailable, "SERVICE_UNAVAILABLE", "the server's store is not reachable; try again later",
                               headers: [.retryAfter: "\(Self.readinessRetrySeconds)"])
            }
            return try Self.json(StatusBody(status: "ready"))
        }

        router.get("/metrics") { _, _ in
            let text = operations.metrics.exposition(openStores: await operations.openStores())
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
        }
    }
}

/// `{"status": "ok"}` (`/healthz`) or `{"status": "ready"}` (`/readyz`).
struct StatusBody: Encodable {
    let status: String
}
