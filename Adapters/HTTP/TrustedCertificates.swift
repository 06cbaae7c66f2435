import AsyncHTTPClient
import Foundation
import NIOSSL

/// The HTTP clients that talk to Wellness servers: AsyncHTTPClient's shared one, which trusts
/// the system's certificate authorities, or — for a server with a private authority or a
/// self-signed certificate — one that also trusts the certificates of a PEM file. Each is made
/// once per process and kept for its life (as the shared one is).
public enum TrustedCertificates {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var clients: [String: HTTPClient] = [:] // guarded by `lock`

    /// The client for servers whose certificates the system trusts, and also those of `file`.
    /// Throws ``TrustedCertificatesError`` naming the file when it holds no PEM certificate.
    public static func client(alsoTrusting file: URL?) throws -> HTTPClient {
        guard let file else { return .shared }
        return try lock.withLock {
            if let client = clients[file.path] { return client }
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
            let client = HTTPClient(eventLoopGroupProvider: .singleton,
                                    configuration: HTTPClient.Configuration(tlsConfiguration: tls))
            clients[file.path] = client
            return client
        }
    }
}

/// Why a file of trusted certificates cannot be used.
public enum TrustedCertificatesError: Error, Sendable, Equatable, LocalizedError {
    case unreadable(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .unreadable(path, reason): "cannot trust the certificates in \(path): \(reason)"
        }
    }
}
