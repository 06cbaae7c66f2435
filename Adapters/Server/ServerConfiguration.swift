import Foundation
import WellnessApplication
import WellnessDomain

/// How the server listens and what it allows.
public struct ServerConfiguration: Sendable {
    /// Loopback unless told otherwise: exposing the server is a decision, not a default.
    public var host: String
    /// 0 picks a free port (reported through `onRunning`).
    public var port: Int
    /// Requests per account token (login excluded).
    public var rateLimit: RateLimit
    /// The largest request body accepted, in bytes (but a sync push's, ``maxSyncBodyBytes``).
    public var maxBodyBytes: Int
    /// The largest sync push (`POST /api/sync/push`) of one record accepted, in bytes: a
    /// document chunk of 1 MB is 1.4 MB of JSON, larger than any other request.
    public var maxSyncBodyBytes: Int
    /// The largest sync push of more than one record accepted, in bytes (a batch): 1 MiB by
    /// default, at most ``maxSyncBodyBytes``.
    public var maxSyncBatchBytes: Int
    /// Records per account token that the sync routes carry (pushed and pulled), instead of
    /// ``rateLimit``'s requests: a new device's first pull runs at full speed, a client that
    /// loops is stopped.
    public var syncRateLimit: RateLimit
    /// How long a connection may sit without a whole request head arriving (idle between
    /// requests, or half-sent headers) before the server closes it.
    public var idleTimeout: Duration
    /// How long a request's body may take to arrive once its head has (so at least
    /// ``maxBodyBytes`` in this time); a slower one is answered 408 and its connection closed.
    public var bodyTimeout: Duration
    /// How long `/readyz` waits for the store before it answers 503 (2 s): a probe that hangs
    /// with a hung database tells a load balancer nothing until its own timeout.
    public var readinessLimit: Duration
    /// How many connections are served at once; further ones wait in the listen backlog until
    /// one closes.
    public var maxConnections: Int
    /// How many request bodies are read at once: half the connections (at least 1), so bodies,
    /// sent slowly or not, leave the other half to everyone else. One more is answered 408.
    public var maxBodyReaders: Int { max(1, maxConnections / 2) }
    /// Serve https with this certificate and key; plain http when `nil`.
    public var tls: TLSFiles?
    /// The proxies in front of the server whose `X-Forwarded-For` names the client (for the
    /// login back-off per client address); none by default.
    public var trustedProxies: TrustedProxies

    /// 4 MiB: a push of one record as large as any (a 1 MB document chunk is 1.4 MB of JSON).
    public static let defaultMaxSyncBodyBytes = 4 << 20
    /// 1 MiB: a push of a batch of records (clients send at most 768 KB of records a batch, and
    /// a record larger than that alone).
    public static let defaultMaxSyncBatchBytes = 1 << 20

    /// 2,000,000 synced records per 10 minutes per token: a new device's first pull of years of
    /// data and half a million health samples, and the push after a large Health import, go
    /// through at once.
    public static let defaultSyncRateLimit = RateLimit(limit: 2_000_000, window: 600)

    /// A certificate chain and its private key, both PEM files.
    public struct TLSFiles: Sendable, Hashable {
        /// The PEM file with the server's certificate (and any intermediate ones after it).
        public var certificateChain: URL
        /// The PEM file with the certificate's private key.
        public var privateKey: URL

        /// The two files; nothing is read until the server starts.
        public init(certificateChain: URL, privateKey: URL) {
            self.certificateChain = certificateChain
            self.privateKey = privateKey
        }
    }

    /// By default: loopback, port 8080, 120 requests a minute per token, bodies up to 64 KiB
    /// (a sync push's up to 1 MiB, or 4 MiB for one record alone) arriving within 10 seconds, 2,000,000 synced records per 10
    /// minutes per token, a 30-second idle timeout, 512 connections, plain http and no
    /// trusted proxies.
    public init(host: String = "127.0.0.1", port: Int = 8080, rateLimit: RateLimit = RateLimit(limit: 120, window: 60),
                maxBodyBytes: Int = 64 * 1024, idleTimeout: Duration = .seconds(30), bodyTimeout: Duration = .seconds(10),
                maxConnections: Int = 512, tls: TLSFiles? = nil, trustedProxies: TrustedProxies = TrustedProxies(),
                readinessLimit: Duration = .seconds(2), maxSyncBodyBytes: Int = defaultMaxSyncBodyBytes,
                maxSyncBatchBytes: Int = defaultMaxSyncBatchBytes, syncRateLimit: RateLimit = defaultSyncRateLimit) {
        self.maxSyncBodyBytes = maxSyncBodyBytes
        self.maxSyncBatchBytes = min(maxSyncBatchBytes, maxSyncBodyBytes)
        self.syncRateLimit = syncRateLimit
        self.readinessLimit = readinessLimit
        self.host = host
        self.port = port
        self.rateLimit = rateLimit
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.maxConnections = maxConnections
        self.tls = tls
        self.trustedProxies = trustedProxies
    }
}
