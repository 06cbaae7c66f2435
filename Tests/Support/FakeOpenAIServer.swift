import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A small OpenAI-compatible server on 127.0.0.1 for tests: `POST /v1/chat/completions` answers
/// with the scripted replies in turn (the last one again once they run out) and records every
/// request it got.
public actor FakeOpenAIServer {
    public enum Reply: Sendable {
        /// A chat completion whose message content is `content`.
        case completion(String)
        /// Any status, headers and body.
        case raw(status: Int, headers: [String: String], body: String)
        /// No answer until the test ends (at most 60 s).
        case hang
    }

    public struct Received: Sendable {
        public let authorization: String?
        public let json: String
        init(authorization: String?, data: Data) {
            self.authorization = authorization
            json = String(decoding: data, as: UTF8.self)
        }
        /// The request body as a JSON object (empty when it is none).
        public var body: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:]
        }
    }

    private var replies: [Reply]
    public private(set) var received: [Received] = []
    private var released = false
    /// How many `hang` replies were answered (when the test ended): none while it runs.
    public private(set) var hangsAnswered = 0

    init(_ replies: [Reply]) { self.replies = replies }

    public var requests: Int { received.count }

    func next(_ request: Received) -> Reply {
        received.append(request)
        return replies.count > 1 ? replies.removeFirst() : replies.first ?? .raw(status: 500, headers: [:], body: "")
    }

    func release() { released = true }
    func hangAnswered() { hangsAnswered += 1 }
    var isReleased: Bool { released }

    /// The JSON of a chat completion with `content`.
    public static func completion(_ content: String) -> String {
        let object: [String: Any] = [
            "id": "chatcmpl-1", "object": "chat.completion", "model": "test",
            "choices": [["index": 0, "finish_reason": "stop", "message": ["role": "assistant", "content": content]]],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `body` with a server answering `replies` on 127.0.0.1, then stops it.
    public static func with<T: Sendable>(_ replies: [Reply],
                                  _ body: @Sendable (FakeOpenAIServer, URL) async throws -> T) async throws -> T {
        let server = FakeOpenAIServer(replies)
        let router = Router()
        router.post("/v1/chat/completions") { request, _ -> Response in
            let data = try await request.body.collect(upTo: 1 << 20)
            let received = Received(authorization: request.headers[.authorization], data: Data(data.readableBytesView))
            switch await server.next(received) {
            case .completion(let content):
                return Self.response(200, [:], Self.completion(content))
            case let .raw(status, headers, body):
                return Self.response(status, headers, body)
            case .hang:
                for _ in 0..<600 where await !server.isReleased { try? await Task.sleep(for: .milliseconds(100)) }
                await server.hangAnswered()
                return Self.response(504, [:], "")
            }
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(router: router,
                                      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
                                      onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
                                      logger: Self.quiet)
        let running = Task { try await application.runService() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(port)") else {
            running.cancel()
            throw CancellationError()
        }
        do {
            let result = try await body(server, url)
            await server.release()
            running.cancel()
            _ = await running.result
            return result
        } catch {
            await server.release()
            running.cancel()
            _ = await running.result
            throw error
        }
    }

    /// Stopping by cancellation is how every test ends: nothing to report.
    static let quiet: Logger = {
        var logger = Logger(label: "fake-openai")
        logger.logLevel = .critical
        return logger
    }()

    private static func response(_ status: Int, _ headers: [String: String], _ body: String) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        for (name, value) in headers {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        return Response(status: HTTPResponse.Status(code: status), headers: fields,
                        body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

/// A port on 127.0.0.1 that nothing listens on: bound by a server that then stopped.
public func closedPort() async throws -> URL {
    try await FakeOpenAIServer.with([.completion("")]) { _, url in url }
}
