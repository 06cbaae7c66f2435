import Foundation
import HTTPTypes
import Hummingbird
import WellnessDomain
import WellnessWire

/// An error answer: `{"error": {"code", "message"}}` with its status and any extra headers
/// (`Retry-After`, `WWW-Authenticate`).
public struct APIError: Error, HTTPResponseError, Sendable {
    /// The HTTP status of the answer.
    public let status: HTTPResponse.Status
    /// The machine-readable code, sent as `error.code` (`VALIDATION_ERROR`, `UNAUTHORIZED`, …).
    public let code: String
    /// The human-readable explanation, sent as `error.message`.
    public let message: String
    /// Extra headers sent with the answer (`Retry-After`, `WWW-Authenticate`, `Allow`).
    public var headers: HTTPFields = [:]

    /// An error answer with this status, code, message and extra headers.
    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// The answer: the JSON envelope as the body, with `headers` and a JSON `Content-Type`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        let data = try Wire.encoder.encode(Wire.ErrorBody(code: code, message: message))
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: - The answers the API gives

    static func validation(_ message: String) -> APIError { APIError(.badRequest, "VALIDATION_ERROR", message) }

    /// A string field (named by its path) holding a NUL.
    static func nul(_ field: String) -> APIError { validation("\"\(field)\" must not contain NUL (U+0000)") }

    static var unauthorized: APIError {
        APIError(.unauthorized, "UNAUTHORIZED", "a valid bearer token is required; log in at POST /api/auth/login",
                 headers: [.wwwAuthenticate: "Bearer"])
    }

    static var invalidCredentials: APIError { APIError(.unauthorized, "INVALID_CREDENTIALS", "wrong email or password") }

    static func rateLimited(retryAfter seconds: Int) -> APIError {
        APIError(.tooManyRequests, "RATE_LIMITED", "too many requests; try again in \(seconds) seconds",
                 headers: [.retryAfter: "\(seconds)"])
    }

    static func duplicateCheckin(_ day: LocalDay) -> APIError {
        APIError(.conflict, "DUPLICATE_CHECKIN", "already checked in on \(day)")
    }

    static func proRequired(_ feature: FeatureKey) -> APIError {
        APIError(.forbidden, "PRO_REQUIRED", "'\(feature.rawValue)' needs the Pro tier")
    }

    /// How long a client is asked to wait when the store is away.
    static let storeRetrySeconds = 5

    /// The server's store cannot be reached now (503, `Retry-After`).
    static var storeUnavailable: APIError {
        APIError(.serviceUnavailable, "SERVICE_UNAVAILABLE", "the server's store is not reachable; try again later",
                 headers: [.retryAfter: "\(storeRetrySeconds)"])
    }

    static var goalNotFound: APIError { APIError(.notFound, "GOAL_NOT_FOUND", "Goal not found") }

    static func tooLarge(_ limit: Int) -> APIError {
        APIError(.contentTooLarge, "PAYLOAD_TOO_LARGE", "the request body is larger than \(limit) bytes")
    }

    /// The envelope of an error Hummingbird itself raised (no route, wrong method, …).
    static func from(_ error: any HTTPResponseError) -> APIError {
        let code = switch error.status.code {
        case 400: "BAD_REQUEST"
        case 404: "NOT_FOUND"
        case 405: "METHOD_NOT_ALLOWED"
        case 413: "PAYLOAD_TOO_LARGE"
        default: error.status.code >= 500 ? "INTERNAL_ERROR" : "HTTP_\(error.status.code)"
        }
        let message = (error as? HTTPError)?.body ?? error.status.reasonPhrase.lowercased()
        return APIError(error.status, code, message, headers: (error as? HTTPError)?.headers ?? [:])
    }
}
