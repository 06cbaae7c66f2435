import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import WellnessComposition
import WellnessHTTP
import WellnessServer
import WellnessTestSupport

/// Who closes an idle connection: the Wellness client before the server, so no request goes out
/// on a connection the server is closing at that moment.
@Suite("Idle connections")
struct IdleConnectionTests {
    @Test("the clients drop an idle connection before a server with the default idle timeout would")
    func clientClosesFirst() throws {
        let server = ServerConfiguration(port: 0)
        #expect(TrustedCertificates.idleConnectionTimeout < server.idleTimeout)
        #expect(TrustedCertificates.idleConnectionTimeout >= .seconds(1), "a connection is still reused between requests")
        #expect(TrustedCertificates.configuration().connectionPool.idleTimeout
                == TimeAmount(TrustedCertificates.idleConnectionTimeout))
        #expect(TrustedCertificates.configuration(tls: .makeClientConfiguration()).connectionPool.idleTimeout
                == TimeAmount(TrustedCertificates.idleConnectionTimeout), "the clients trusting a PEM file too")
        #expect(try TrustedCertificates.client(alsoTrusting: nil) === TrustedCertificates.shared)
    }

    @Test("an idle timeout beyond what NIO counts in nanoseconds is clamped, not a crash")
    func hugeIdleTimeout() throws {
        let directory = try TemporaryDirectory(prefix: "wellness-server-test")
        let host = try TestServer.makeHost(directory: directory, clock: FixedWallClock(TestServer.start))
        _ = try host.server(ServerConfiguration(port: 0, idleTimeout: .seconds(Int64.max))).application()
    }
}
