import Foundation
import Testing
import WellnessComposition
import WellnessHTTP
import WellnessServer
import WellnessServerHost
import WellnessTestSupport
import WellnessWire

/// https end to end on loopback: `serve --tls-cert/--tls-key` and a client that trusts the
/// server's self-signed certificate (`WELLNESS_CA_FILE`); a client that does not trust it
/// never gets through.
@Suite("https")
struct HTTPSTests {
    /// A self-signed certificate for 127.0.0.1 and localhost, and its key.
    static func selfSigned(in directory: TemporaryDirectory) async throws -> ServerConfiguration.TLSFiles {
        let made = try await SelfSignedCertificate.make(in: directory.url)
        return ServerConfiguration.TLSFiles(certificateChain: made.certificate, privateKey: made.privateKey)
    }

    static func withTLSServer(_ body: (TestServer, ServerConfiguration.TLSFiles) async throws -> Void) async throws {
        let directory = try TemporaryDirectory(prefix: "wellness-https-test")
        let files = try await selfSigned(in: directory)
        let clock = FixedWallClock(TestServer.start)
        let host = try TestServer.makeHost(directory: directory, clock: clock)
        try await TestServer.run(host, directory: directory, clock: clock,
                                 configuration: ServerConfiguration(host: "127.0.0.1", port: 0,
                                                                    rateLimit: TestServer.generousLimit, tls: files)) { server in
            try await body(server, files)
        }
    }

    @Test("a client trusting the server's certificate logs in and reads its session over https")
    func trustedClient() async throws {
        try await Self.withTLSServer { server, files in
            #expect(server.url.scheme == "https")
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            let client = try TrustedCertificates.client(alsoTrusting: files.certificateChain)
            let grant = try await HTTPSessionAPI(WellnessAPIClient(server: server.url, token: nil, client: client,
                                                                   timeout: TestServer.clientLimit))
                .logIn(email: "ann@example.org", password: TestServer.password)
            let session = try await HTTPSessionAPI(WellnessAPIClient(server: server.url, token: grant.accessToken,
                                                                     client: client, timeout: TestServer.clientLimit)).session()
            #expect(session.email == "ann@example.org")
        }
    }

    @Test("a client that does not trust the certificate cannot log in")
    func untrustedClient() async throws {
        try await Self.withTLSServer { server, _ in
            try await server.host.addAccount(email: "ann@example.org", password: TestServer.password)
            await #expect(throws: (any Error).self) {
                try await HTTPSessionAPI(WellnessAPIClient(server: server.url, token: nil))
                    .logIn(email: "ann@example.org", password: TestServer.password)
            }
        }
    }

    @Test("a missing or non-PEM TLS file stops the server before it listens, naming the file")
    func badFiles() async throws {
        let directory = try TemporaryDirectory(prefix: "wellness-https-test")
        let files = try await Self.selfSigned(in: directory)
        let notPEM = directory.file("not.pem")
        try Data("hello".utf8).write(to: notPEM)
        let host = try TestServer.makeHost(directory: directory, clock: FixedWallClock(TestServer.start))
        for broken in [ServerConfiguration.TLSFiles(certificateChain: directory.file("missing.pem"), privateKey: files.privateKey),
                       ServerConfiguration.TLSFiles(certificateChain: files.certificateChain, privateKey: notPEM)] {
            #expect {
                _ = try host.server(ServerConfiguration(port: 0, tls: broken)).application()
            } throws: { error in
                guard case .unreadableTLSFile(let path, _) = error as? ServerStartError else { return false }
                return path == broken.certificateChain.path && path.hasSuffix("missing.pem")
                    || path == notPEM.path
            }
        }
        #expect(throws: TrustedCertificatesError.self) { try TrustedCertificates.client(alsoTrusting: notPEM) }
    }
}
