import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL
import WellnessDomain

/// The HTTP clients that talk to Wellness servers: ``shared``, which trusts the system's
/// certificate authorities, or — for a server with a private authority or a self-signed
/// certificate — one that also trusts the certificates of a PEM file. Each is made once per
/// process and kept for its life.
///
/// They keep an idle connection for ``idleConnectionTimeout``, less than a server's idle
/// timeout (30 s by default), so the client is the one that closes it. AsyncHTTPClient's own
/// `HTTPClient.shared` keeps one for ten minutes: a request sent on a connection the server (or
/// a NAT on the way) is closing at that moment fails, and a client shows it as offline.
///
/// A connection that cannot be made fails its request at once (AsyncHTTPClient would retry it
/// until the request's deadline: ten seconds against a stopped server), and one not made within
/// the connect timeout (``ServerTimeouts/connect``) fails then.
public enum TrustedCertificates {
    /// How long a connection may wait unused for the next request before the client closes it.
    public static let idleConnectionTimeout: Duration = .seconds(20)

    /// The client for servers whose certificates the system trusts (``WellnessAPIClient``'s
    /// default).
    public static let shared = makeClient(tls: nil, connect: ServerTimeouts.defaultConnect)

    private static let lock = NSLock()
    nonisolated(unsafe) private static var clients: [String: HTTPClient] = [:] // guarded by `lock`

    /// The client for servers whose certificates the system trusts, and also those of `file`
    /// (``shared`` without one), giving up on a connection after `connect`. Throws
    /// ``TrustedCertificatesError`` naming the file when it holds no PEM certificate.
    public static func client(alsoTrusting file: URL?, connect: Duration = ServerTimeouts.defaultConnect) throws
        -> HTTPClient {
        if file == nil, connect == ServerTimeouts.defaultConnect { return shared }
        let key = "\(connect.components.seconds).\(connect.components.attoseconds) \(file?.path ?? "")"
        return try lock.withLock {
            if let client = clients[key] { return client }
            guard let file else {
                let client = makeClient(tls: nil, connect: connect)
                clients[key] = client
                return client
            }
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMFile(file.path)
            } catch {
                let reason = FileManager.default.isReadableFile(atPath: file.path) ? "not PEM certificates" : "no readable file there"
                throw TrustedCertificatesError.unreadable(path: file.path, reason: reason)
            }
            guard !certificates.isEmpty else {
                throw TrustedCertificatesError.unreadable(path: file.path, reason: "it holds no certificate")
            }
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.additionalTrustRoots = [.certificates(certificates)]
            let client = makeClient(tls: tls, connect: connect)
            clients[key] = client
            return client
        }
    }

    /// The configuration of these clients: AsyncHTTPClient's shared one (full certificate
    /// verification, at most 20 redirects), with `tls` when given, idle connections closed after
    /// ``idleConnectionTimeout``, a connection given `connect` to be made and not retried when it
    /// fails. For a client of your own that talks to a Wellness server the same way.
    public static func configuration(tls: TLSConfiguration? = nil, connect: Duration = ServerTimeouts.defaultConnect)
        -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        if let tls { configuration.tlsConfiguration = tls }
        configuration.connectionPool.idleTimeout = TimeAmount(idleConnectionTimeout)
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = TimeAmount(connect)
        return configuration
    }

    private static func makeClient(tls: TLSConfiguration?, connect: Duration) -> HTTPClient {
        HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration(tls: tls, connect: connect))
    }
}

/// Why a file of trusted certificates cannot be used.
public enum TrustedCertificatesError: WellnessError, Equatable, LocalizedError {
    case unreadable(path: String, reason: String)

    public enum Code: String, CaseIterable, Sendable { case unreadable }

    public static let family = "trustedCertificates"

    public var code: Code { .unreadable }

    public var details: [LocalizedText.Argument] {
        switch self {
        case let .unreadable(path, reason): [.verbatim(path), .verbatim(reason)]
        }
    }

    /// The message in English, for logs and for a front end without the presenter's tables.
    public var errorDescription: String? {
        switch self {
        case let .unreadable(path, reason): "cannot trust the certificates in \(path): \(reason)"
        }
    }
}
