import Foundation
import Prometheus

/// One server's metrics in the Prometheus text format (`GET /metrics`): requests by method,
/// route and status, their latency, how many account stores are open and, on a database,
/// how many of its pool's connections are in use.
///
/// The metrics live in a registry of this server's own, never in the process-wide
/// `MetricsSystem`: several servers in one process (the tests start many) keep their counts
/// apart, and nothing has to be bootstrapped once per process. Routes are the router's templates
/// (`/api/v1/goals/{goalId}/tips`), never the paths asked for, so the number of series stays
/// bounded whatever clients send.
public final class ServerMetrics: Sendable {
    /// Where the collectors live; `emitToString()` gives the exposition text.
    public let registry: PrometheusCollectorRegistry

    /// The label of a request that matched no route (404, 405).
    public static let unmatchedRoute = "unmatched"

    /// Latency buckets from 5 ms (a health check) to 10 s (a login on a starved machine, an AI tips call).
    static let buckets: [Duration] = [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
                                      .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
                                      .milliseconds(2500), .seconds(5), .seconds(10)]

    /// Metrics kept in `registry`: by default a new one of this server's own.
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    /// Counts one answered request and records how long it took.
    func record(method: String, route: String, status: Int, duration: Duration) {
        let series = collectors.series(RequestSeries(method: method, route: route, status: status)) { key in
            (registry.makeCounter(descriptor: Self.requests,
                                  labels: [("method", key.method), ("route", key.route), ("status", "\(key.status)")]),
             registry.makeDurationHistogram(descriptor: Self.latency, labels: [("method", key.method), ("route", key.route)],
                                            buckets: Self.buckets))
        }
        series.requests.increment()
        series.latency.record(duration)
    }

    static var requests: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "wellness", subsystem: "http", metricName: "requests",
                             unitName: "total", helpText: "Requests answered, by method, route and status.")
    }
    static var latency: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "wellness", subsystem: "http", metricName: "request_duration",
                             unitName: "seconds", helpText: "Time from a request's head to its answer, by method and route.")
    }

    /// The collectors of each series once made: the registry finds one by building its full name
    /// and comparing label lists, on every request otherwise. Bounded as the series are (routes
    /// are templates, statuses the server's own).
    private let collectors = SeriesCache()

    /// The exposition text, with the open-stores gauge set to `openStores` first, and the
    /// database connections in use to `databaseConnections` when the host has a pool.
    func exposition(openStores: Int, databaseConnections: Int? = nil) -> [UInt8] {
        let gauge = MetricNameDescriptor(namespace: "wellness", metricName: "open_account_stores", unitName: "",
                                         helpText: "Account stores this process holds open.")
        registry.makeGauge(descriptor: gauge).set(Double(openStores))
        if let databaseConnections {
            let connections = MetricNameDescriptor(namespace: "wellness", subsystem: "database",
                                                   metricName: "connections_in_use", unitName: "",
                                                   helpText: "Connections of this process's database pool in use.")
            registry.makeGauge(descriptor: connections).set(Double(databaseConnections))
        }
        return registry.emitToBuffer()
    }
}

/// One request series' labels.
private struct RequestSeries: Hashable {
    let method: String
    let route: String
    let status: Int
}

/// The counter and histogram of each request series, made once under a lock.
private final class SeriesCache: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [RequestSeries: (requests: Counter, latency: DurationHistogram)] = [:]

    func series(_ key: RequestSeries,
                make: (RequestSeries) -> (Counter, DurationHistogram)) -> (requests: Counter, latency: DurationHistogram) {
        lock.withLock {
            if let series = made[key] { return series }
            let series = make(key)
            made[key] = series
            return series
        }
    }
}
