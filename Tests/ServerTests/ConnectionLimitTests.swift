// Raw sockets through Glibc: the server's deployment target. (The same limits hold on Apple
// platforms; these tests are not compiled there.)
#if canImport(Glibc)
import Glibc
import Foundation
import Testing
import WellnessComposition
import WellnessServer
import WellnessTestSupport

/// Connections that never finish a request are closed, and the server serves at most its
/// limit of connections at once. Raw sockets on loopback only; every wait is bounded.
@Suite("Connection limits")
struct ConnectionLimitTests {
    static func withServer(idleTimeout: Duration, maxConnections: Int,
                           _ body: (TestServer) async throws -> Void) async throws {
        let directory = try TemporaryDirectory(prefix: "wellness-server-test")
        let clock = FixedWallClock(TestServer.start)
        let host = try TestServer.makeHost(directory: directory, clock: clock)
        try await TestServer.run(host, directory: directory, clock: clock,
                                 configuration: ServerConfiguration(host: "127.0.0.1", port: 0, rateLimit: TestServer.generousLimit,
                                                                    idleTimeout: idleTimeout, maxConnections: maxConnections),
                                 body)
    }

    static let halfSent = "GET /api/checkins/today HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer x"
    static let whole = "GET /api/nothing-here HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test("half-sent requests are closed after the idle timeout, and other clients are served meanwhile")
    func halfSentRequestsAreClosed() async throws {
        try await Self.withServer(idleTimeout: .seconds(1), maxConnections: 512) { server in
            let port = server.url.port!
            let slow = try (0..<20).map { _ in try RawConnection(port: port) }
            defer { slow.forEach { $0.close() } }
            for connection in slow { try connection.send(Self.halfSent) }
            let (_, token) = try await server.account("ann@example.org")
            // A connection of its own that sends its whole request at once. (The shared HTTP
            // client would reuse the login's kept-alive connection; on a starved machine that can
            // sit idle past this server's 1-s limit, and HTTP/1.1 lets the server close it just as
            // the client writes: a reset that says nothing about the half-sent requests.)
            let meanwhile = try RawConnection(port: port)
            defer { meanwhile.close() }
            try meanwhile.send("GET /api/checkins/today HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               + "Authorization: Bearer \(token)\r\nConnection: close\r\n\r\n")
            #expect(await meanwhile.readAnswer(seconds: 60)?.hasPrefix("HTTP/1.1 200") == true, "served meanwhile")
            for connection in slow {
                #expect(await connection.waitForClose(seconds: 60), "the server closed the half-sent request")
            }
        }
    }

    @Test("at most max-connections are served at once; the next is served as soon as one closes")
    func connectionCap() async throws {
        try await Self.withServer(idleTimeout: .seconds(120), maxConnections: 2) { server in
            let port = server.url.port!
            // Two kept-alive connections, each proven accepted by an answer.
            let held = try (0..<2).map { _ in try RawConnection(port: port) }
            defer { held.forEach { $0.close() } }
            for connection in held {
                try connection.send(Self.whole)
                #expect(await connection.readAnswer(seconds: 60)?.hasPrefix("HTTP/1.1 404") == true)
            }
            let waiting = try RawConnection(port: port)
            defer { waiting.close() }
            try waiting.send(Self.whole)
            #expect(await waiting.readAnswer(seconds: 2) == nil, "not served while two connections are open")
            held[0].close()
            #expect(await waiting.readAnswer(seconds: 60)?.hasPrefix("HTTP/1.1 404") == true, "served once one closed")
        }
    }
}

/// A TCP connection to 127.0.0.1 with bounded waits.
final class RawConnection: @unchecked Sendable {
    private var descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
        }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPIPE)
        }
    }

    /// Waits up to `seconds` for something to read: the bytes, or `nil` (nothing, or closed).
    func read(seconds: Double) -> [UInt8]? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? Array(buffer.prefix(count)) : nil
    }

    /// The answer's first bytes as text, or `nil` when none came within `seconds`. The wait
    /// blocks a thread of its own, never one of Swift's few cooperative threads (which the
    /// in-process server needs to answer).
    func readAnswer(seconds: Double) async -> String? {
        await offTheCooperativePool { self.read(seconds: seconds).map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Whether the peer closes the connection within `seconds` (whatever it sends first), on a
    /// thread of its own.
    func waitForClose(seconds: Double) async -> Bool {
        await offTheCooperativePool { self.blockUntilClosed(seconds: seconds) }
    }

    private func blockUntilClosed(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 500) == 1 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            if recv(descriptor, &buffer, buffer.count, 0) <= 0 { return true }
        }
        return false
    }

    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }
}
#endif
