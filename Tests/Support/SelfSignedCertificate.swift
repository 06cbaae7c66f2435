import Foundation

/// A self-signed certificate for 127.0.0.1 and localhost (P-256, valid two days) and its key,
/// as PEM files made by the `openssl` command, for https tests on loopback.
public struct SelfSignedCertificate: Sendable {
    public let certificate: URL
    public let privateKey: URL

    /// Writes `cert.pem` and `key.pem` into `directory`, waiting for `openssl` on a Dispatch
    /// thread rather than one of Swift's cooperative ones (two on CI, which other tests need).
    public static func make(in directory: URL) async throws -> SelfSignedCertificate {
        try await offTheCooperativePool { try SelfSignedCertificate(in: directory) }
    }

    /// Writes `cert.pem` and `key.pem` into `directory`, blocking the calling thread.
    public init(in directory: URL) throws {
        certificate = directory.appendingPathComponent("cert.pem")
        privateKey = directory.appendingPathComponent("key.pem")
        // `openssl` from PATH, through ChildProcess (never Foundation's Process, which crashes
        // in a test process with many open descriptors).
        let finished = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
             "-nodes", "-days", "2", "-subj", "/CN=localhost",
             "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
             "-keyout", privateKey.path, "-out", certificate.path],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            timeout: 60)
        guard let finished, finished.status == 0 else {
            let reason = finished.map { "exit \($0.status): \($0.standardError)" } ?? "timed out"
            throw CocoaError(.fileWriteUnknown,
                             userInfo: [NSLocalizedDescriptionKey: "openssl could not make a certificate (\(reason))"])
        }
    }
}
