import Foundation

/// A self-signed certificate for 127.0.0.1 and localhost (P-256, valid two days) and its key,
/// as PEM files made by the `openssl` command, for https tests on loopback.
public struct SelfSignedCertificate: Sendable {
    public let certificate: URL
    public let privateKey: URL

    /// Writes `cert.pem` and `key.pem` into `directory`.
    public init(in directory: URL) throws {
        certificate = directory.appendingPathComponent("cert.pem")
        privateKey = directory.appendingPathComponent("key.pem")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                             "-nodes", "-days", "2", "-subj", "/CN=localhost",
                             "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                             "-keyout", privateKey.path, "-out", certificate.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl could not make a certificate"])
        }
    }
}
