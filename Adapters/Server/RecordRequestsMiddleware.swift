import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// One log line and the metrics for every request, once its answer is ready: method, route
/// template, status, duration and request id. Added first, so it sees the status the error
/// envelope settled on. Probes and scrapes (``APIServer/operationsRoutes``) log at debug, so
/// a load balancer's checks every few seconds do not fill the log; everything else at info.
struct RecordRequestsMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let metrics: ServerMetrics
    /// The paths logged at debug.
    let quietPaths: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request, context)
            record(request, context, status: Int(response.status.code), duration: start.duration(to: clock.now))
            return response
        } catch {
            // Only when the error envelope itself failed: the connection gets Hummingbird's answer.
            let status = (error as? any HTTPResponseError).map { Int($0.status.code) } ?? 500
            record(request, context, status: status, duration: start.duration(to: clock.now))
            throw error
        }
    }

    func record(_ request: Request, _ context: Context, status: Int, duration: Duration) {
        // The router sets the template of the route it matched; a request that matched none has
        // none (or Hummingbird's "NotFound").
        let route = context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 } ?? ServerMetrics.unmatchedRoute
        let method = request.method.rawValue
        metrics.record(method: method, route: route, status: status, duration: duration)
        let level: Logger.Level = quietPaths.contains(request.uri.path) ? .debug : .info
        // The metadata is made only when the line is logged (an autoclosure): at a level that
        // drops it, a request pays nothing for it.
        context.logger.log(level: level, "request",
                           metadata: Self.metadata(method: method, route: route, status: status, duration: duration,
                                                   context: context))
    }

    private static func metadata(method: String, route: String, status: Int, duration: Duration,
                                 context: Context) -> Logger.Metadata {
        let (seconds, attoseconds) = duration.components
        // Tenths of a millisecond, without `String(format:)` (Foundation's formatter is slow).
        let tenths = ((Double(seconds) * 1000 + Double(attoseconds) / 1e15) * 10).rounded()
        var metadata: Logger.Metadata = [
            "http.method": "\(method)", "http.route": "\(route)", "http.status": "\(status)",
            "duration_ms": "\(tenths / 10)",
        ]
        if context.logger[metadataKey: "hb.request.id"] == nil { metadata["hb.request.id"] = "\(context.requestID)" }
        return metadata
    }
}
