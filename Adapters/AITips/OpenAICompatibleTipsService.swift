import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import WellnessApplication
import WellnessDomain

/// Goal tips from a language model behind an OpenAI-compatible chat completions endpoint
/// (`POST {base}/v1/chat/completions`), the dialect Ollama, llama.cpp's server, vLLM, LM Studio
/// and OpenAI all speak.
///
/// One call takes at most ``AITipsConfiguration/timeout`` in all. A 429 is retried once when its
/// `Retry-After` ends within that time; a server that refuses `response_format` (400) is asked
/// once more with the JSON shape in the prompt only. The answer is read strictly
/// (``AITipsAnswer``). Every failure is logged (at warning, without the key or what was sent)
/// and thrown as a ``GoalTipsServiceError``, so ``GetGoalTips`` can fall back to the rules.
public struct OpenAICompatibleTipsService: GoalTipsService {
    /// Where the service is, which model is asked, and how long a call may take.
    public let configuration: AITipsConfiguration
    let client: HTTPClient
    let logger: Logger

    /// `client` defaults to ``AITipsHTTPClient/shared``.
    public init(_ configuration: AITipsConfiguration, client: HTTPClient = AITipsHTTPClient.shared,
                logger: Logger = Logger(label: "wellness.tips")) {
        self.configuration = configuration
        self.client = client
        self.logger = logger
    }

    /// `scheme://host[:port]` of the endpoint, as logs and errors name it.
    public var destination: String { RemoteTipsGate.destination(of: configuration.baseURL) }

    public func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
        let started = ContinuousClock.now
        do {
            let tips = try await ask(goal, context, deadline: started + configuration.timeout)
            logger.debug("AI tips answered", metadata: ["destination": "\(destination)", "model": "\(configuration.model)",
                                                        "tips": "\(tips.count)", "seconds": "\(seconds(since: started))"])
            return TipsAnswer(tips: tips, source: .ai)
        } catch {
            // Reasons never quote an answer (AITipsAnswerError gives lengths); the key is redacted besides.
            let error = redacted(error)
            logger.warning("AI tips failed; the rules answer instead", metadata: [
                "destination": "\(destination)", "model": "\(configuration.model)", "reason": "\(reason(error))",
            ])
            throw error
        }
    }

    /// `error` with the API key, should any reason quote it, replaced by `<redacted>`.
    private func redacted(_ error: GoalTipsServiceError) -> GoalTipsServiceError {
        guard let key = configuration.apiKey?.value else { return error }
        switch error {
        case .unavailable(let reason): return .unavailable(reason.replacingOccurrences(of: key, with: "<redacted>"))
        case .invalidResponse(let reason): return .invalidResponse(reason.replacingOccurrences(of: key, with: "<redacted>"))
        default: return error
        }
    }

    private func reason(_ error: GoalTipsServiceError) -> String {
        switch error {
        case .unavailable(let reason), .invalidResponse(let reason): reason
        case .rateLimited(let seconds): "rate limited" + (seconds.map { ", retry after \($0) s" } ?? "")
        case .unauthorized: "unauthorized"
        case .remoteNotAllowed(let destination): "not allowed to send to \(destination)"
        }
    }

    private func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = (ContinuousClock.now - start).components
        return String(format: "%.1f", Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }

    // MARK: - The exchange

    private func ask(_ goal: Goal, _ context: UserContext,
                     deadline: ContinuousClock.Instant) async throws(GoalTipsServiceError) -> [GoalTip] {
        var structured = true
        var retriedRateLimit = false
        while true {
            let body: Data
            do {
                body = try AITipsPrompt.body(goal: goal, context: context, model: configuration.model,
                                             language: configuration.language, structured: structured)
            } catch {
                throw .invalidResponse("the request could not be written: \(error)")
            }
            let (status, headers, answer) = try await send(body, deadline: deadline)
            switch status {
            case 200..<300:
                return try Self.tips(fromCompletion: answer, goal: goal.id)
            case 400 where structured:
                // An older server that does not know `response_format`: the prompt states the shape too.
                logger.debug("AI tips: the server refused response_format; asking without it",
                             metadata: ["destination": "\(destination)"])
                structured = false
            case 429:
                let wait = ApiFailure.retryAfterSeconds(headers.first(name: "Retry-After"))
                guard !retriedRateLimit, let wait, ContinuousClock.now + .seconds(wait) < deadline else {
                    throw .rateLimited(retryAfter: wait)
                }
                retriedRateLimit = true
                do { try await Task.sleep(for: .seconds(wait)) } catch { throw .unavailable("cancelled") }
            case 401, 403:
                throw .unavailable("\(destination) refused the API key (HTTP \(status))")
            default:
                throw .unavailable("\(destination) answered HTTP \(status)")
            }
        }
    }

    /// One POST, bounded by `deadline`: the status, headers and at most 1 MB of body.
    private func send(_ body: Data, deadline: ContinuousClock.Instant) async throws(GoalTipsServiceError)
        -> (Int, HTTPHeaders, Data) {
        var request = HTTPClientRequest(url: configuration.endpoint.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        if let key = configuration.apiKey { request.headers.add(name: "Authorization", value: "Bearer \(key.value)") }
        request.body = .bytes(ByteBuffer(bytes: Array(body)))
        let remaining = deadline - ContinuousClock.now
        let limit = configuration.timeout
        let client = self.client
        let prepared = request
        do {
            return try await Self.before(deadline) {
                let response = try await client.execute(prepared, deadline: .now() + max(.zero, TimeAmount(remaining)))
                let data = try await response.body.collect(upTo: 1 << 20)
                return (Int(response.status.code), response.headers, Data(data.readableBytesView))
            }
        } catch let error where Self.isTimeout(error) {
            throw .unavailable("\(destination) gave no answer within \(Self.describe(limit))")
        } catch let error as HTTPClientError where error == .bodyLengthMismatch {
            throw .invalidResponse("\(destination) sent a broken answer")
        } catch is NIOTooManyBytesError {
            throw .invalidResponse("\(destination) sent more than 1 MB")
        } catch {
            throw .unavailable("could not connect to \(destination): \(Self.describe(error))")
        }
    }

    /// The tips in a chat completion: `choices[0].message.content`.
    static func tips(fromCompletion data: Data, goal: Goal.ID) throws(GoalTipsServiceError) -> [GoalTip] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let choices = object["choices"] as? [Any], let first = choices.first as? [String: Any],
              let message = first["message"] as? [String: Any], let content = message["content"] as? String else {
            throw .invalidResponse("the answer is not a chat completion with a message")
        }
        do {
            return try AITipsAnswer.tips(from: content, goal: goal)
        } catch {
            throw .invalidResponse(error.description)
        }
    }

    struct DeadlineExceeded: Error {}

    /// Our deadline, or AsyncHTTPClient's own, passed first.
    static func isTimeout(_ error: any Error) -> Bool {
        if error is DeadlineExceeded { return true }
        guard let error = error as? HTTPClientError else { return false }
        return error == .deadlineExceeded || error == .readTimeout
    }

    /// `body`'s value, or ``DeadlineExceeded`` at `deadline` (and `body` cancelled): the answer
    /// comes at the deadline even when `body` is slow to notice its cancellation.
    static func before<T: Sendable>(_ deadline: ContinuousClock.Instant,
                                    _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation)
                race.attach(Task {
                    do { race.finish(.success(try await body())) } catch { race.finish(.failure(error)) }
                })
                race.attach(Task {
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    race.finish(.failure(DeadlineExceeded()))
                })
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The first result of a body and its timer wins; then both tasks are cancelled.
    final class Race<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?
        private var result: Result<T, any Error>?
        private var tasks: [Task<Void, Never>] = []

        func start(_ continuation: CheckedContinuation<T, any Error>) {
            let early = lock.withLock { () -> Result<T, any Error>? in
                if result == nil { self.continuation = continuation }
                return result
            }
            if let early { continuation.resume(with: early) }
        }

        func attach(_ task: Task<Void, Never>) {
            let finished = lock.withLock { () -> Bool in
                tasks.append(task)
                return result != nil
            }
            if finished { task.cancel() }
        }

        func finish(_ outcome: Result<T, any Error>) {
            let taken = lock.withLock { () -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>])? in
                guard result == nil else { return nil }
                result = outcome
                defer { continuation = nil }
                return (continuation, tasks)
            }
            guard let (continuation, tasks) = taken else { return }
            continuation?.resume(with: outcome)
            for task in tasks { task.cancel() }
        }
    }

    static func describe(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds >= 1 ? "\(seconds) s" : "\(duration.components.attoseconds / 1_000_000_000_000_000) ms"
    }

    /// A transport error in a few words (no headers, so never the key).
    static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        if text.localizedCaseInsensitiveContains("refused") { return "connection refused" }
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }
}

/// The HTTP client AI tips use unless given another: made once per process and kept for its
/// life. It does not follow redirects (the key goes to the configured host only) and does not
/// retry a refused connection (a closed port fails at once instead of after the timeout).
public enum AITipsHTTPClient {
    /// The client, made on first use and never shut down.
    public static let shared: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
}
