import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WellnessApplication
import WellnessWire

/// Reads a request's whole body before any other middleware or route looks at it, within the
/// server's body timeout (``ServerConfiguration/bodyTimeout``) and while at most a bounded number
/// of bodies are read at once (``ServerConfiguration/maxBodyReaders``): a client that trickles a
/// body, or many of them, cannot hold the connections that `/healthz` and everyone else need.
/// Too slow, or one reader too many: 408 `REQUEST_TIMEOUT` with `Connection: close`, and the
/// connection's input is closed so nothing waits for the rest of the body. Authentication comes
/// after (a body is read before its token is looked at), so unauthenticated requests hold at most
/// that share of the connections too. Routes then read the body from memory. A body past its
/// path's limit is 413: `maxBodyBytes`, or one of `pathLimits` (a sync push's).
struct BodyDeadlineMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let defaultLimit: Int
    /// The paths whose bodies may be larger (or must be smaller) than `defaultLimit`.
    let pathLimits: [String: Int]
    let timeout: Duration
    let readers: BodyReaders

    init(maxBodyBytes: Int, pathLimits: [String: Int] = [:], timeout: Duration, readers: BodyReaders) {
        defaultLimit = maxBodyBytes
        self.pathLimits = pathLimits
        self.timeout = timeout
        self.readers = readers
    }

    /// The largest body a request to `path` may send.
    func limit(for path: String) -> Int { pathLimits[path] ?? defaultLimit }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        guard Self.hasBody(request) else { return try await next(request, context) }
        let maxBodyBytes = limit(for: request.uri.path)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodyBytes {
            throw APIError.tooLarge(maxBodyBytes)
        }
        guard readers.enter() else {
            Self.stopReading(context)
            throw APIError.requestTimeout("the server reads as many request bodies as it allows at once; try again")
        }
        let body = request.body
        let limit = maxBodyBytes
        let buffer: ByteBuffer
        do {
            defer { readers.leave() }
            buffer = try await Deadline.run(within: timeout, orThrow: { BodyTimedOut() }) {
                try await body.collect(upTo: limit)
            }
        } catch is BodyTimedOut {
            Self.stopReading(context)
            throw APIError.requestTimeout("the request body did not arrive within \(timeout.components.seconds) seconds")
        } catch {
            throw APIError.tooLarge(maxBodyBytes)
        }
        var request = request
        request.body = RequestBody(buffer: buffer)
        return try await next(request, context)
    }

    /// Whether the request says a body follows (a length above 0, or chunks).
    static func hasBody(_ request: Request) -> Bool {
        if let length = request.headers[.contentLength] { return length != "0" }
        return request.headers[.transferEncoding] != nil
    }

    /// Closes the connection's input: the rest of the body is not waited for, and the connection
    /// closes once the answer is written.
    static func stopReading(_ context: Context) {
        context.channel.close(mode: .input, promise: nil)
    }

    struct BodyTimedOut: Error {}
}

/// How many request bodies are being read now, up to a limit.
final class BodyReaders: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var count = 0

    init(limit: Int) { self.limit = max(1, limit) }

    /// Counts one more reader; `false` (and nothing counted) when `limit` are reading already.
    func enter() -> Bool {
        lock.withLock {
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func leave() { lock.withLock { count -= 1 } }
}
