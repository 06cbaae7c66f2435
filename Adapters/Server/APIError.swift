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
    /// The machine-readable code, sent as `error.code`: a ``Wire/ErrorCode``'s text, or
    /// `HTTP_<status>` for a status of Hummingbird's that none names.
    public let code: String
    /// The human-readable explanation, sent as `error.message`.
    public let message: String
    /// Extra headers sent with the answer (`Retry-After`, `WWW-Authenticate`, `Allow`).
    public var headers: HTTPFields = [:]
    /// The record a sync push's server refused, sent as `error.record`.
    public var record: Wire.ErrorBody.RefusedRecord?

    /// An error answer with this status, code, message and extra headers.
    public init(_ status: HTTPResponse.Status, _ code: Wire.ErrorCode, _ message: String, headers: HTTPFields = [:]) {
        self.init(status, code: code.rawValue, message, headers: headers)
    }

    private init(_ status: HTTPResponse.Status, code: String, _ message: String, headers: HTTPFields) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// The answer: the JSON envelope as the body, with `headers` and a JSON `Content-Type`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        let data = try Wire.encoder.encode(Wire.ErrorBody(code: code, message: message, record: record))
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: - The answers the API gives

    static func validation(_ message: String) -> APIError { APIError(.badRequest, .validationError, message) }

    /// A string field (named by its path) holding a NUL.
    static func nul(_ field: String) -> APIError { validation("\"\(field)\" must not contain NUL (U+0000)") }

    /// A request body's refused field, named.
    static func validation(_ error: Wire.FieldError) -> APIError {
        switch error {
        case .missing(let field): validation("\"\(field)\" is required")
        case .notText(let field): validation("\"\(field)\" must be a string")
        case .containsNUL(let field): nul(field)
        case .notWholeNumber(let field, let range):
            validation("\"\(field)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        case .notDay(let field): validation("\"\(field)\" must be a real date YYYY-MM-DD")
        }
    }

    /// What `read` returns; a ``Wire/FieldError`` it throws becomes 400 naming the field.
    static func readingFields<T>(_ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as Wire.FieldError {
            throw validation(error)
        }
    }

    static var unauthorized: APIError {
        APIError(.unauthorized, .unauthorized, "a valid bearer token is required; log in at \(Wire.Route.logIn)",
                 headers: [.wwwAuthenticate: "Bearer"])
    }

    /// A password with a NUL or another control character, which no password can hold.
    static var passwordControlCharacter: APIError {
        validation("\"password\" must not contain NUL or other control characters")
    }

    static var invalidCredentials: APIError { APIError(.unauthorized, .invalidCredentials, "wrong email or password") }

    static func rateLimited(retryAfter seconds: Int) -> APIError {
        APIError(.tooManyRequests, .rateLimited, "too many requests; try again in \(seconds) seconds",
                 headers: [.retryAfter: "\(seconds)"])
    }

    static func duplicateCheckin(_ day: LocalDay) -> APIError {
        APIError(.conflict, .duplicateCheckin, "already checked in on \(day)")
    }

    static func proRequired(_ feature: FeatureKey) -> APIError {
        APIError(.forbidden, .proRequired, "'\(feature.rawValue)' needs the Pro tier")
    }

    /// How long a client is asked to wait when the store is away.
    static let storeRetrySeconds = 5

    /// The server's store cannot be reached now (503, `Retry-After`).
    static var storeUnavailable: APIError {
        APIError(.serviceUnavailable, .serviceUnavailable, "the server's store is not reachable; try again later",
                 headers: [.retryAfter: "\(storeRetrySeconds)"])
    }

    static var goalNotFound: APIError { APIError(.notFound, .goalNotFound, "Goal not found") }

    /// 408: the body was too slow, or too many are being read; the connection closes after it.
    static func requestTimeout(_ message: String) -> APIError {
        APIError(.requestTimeout, .requestTimeout, message, headers: [.connection: "close"])
    }

    static func tooLarge(_ limit: Int) -> APIError {
        APIError(.contentTooLarge, .payloadTooLarge, "the request body is larger than \(limit) bytes")
    }

    /// The envelope of an error Hummingbird itself raised (no route, wrong method, …).
    static func from(_ error: any HTTPResponseError) -> APIError {
        let code: Wire.ErrorCode? = switch error.status.code {
        case 400: .badRequest
        case 404: .notFound
        case 405: .methodNotAllowed
        case 413: .payloadTooLarge
        default: error.status.code >= 500 ? .internalError : nil
        }
        let message = (error as? HTTPError)?.body ?? error.status.reasonPhrase.lowercased()
        return APIError(error.status, code: code?.rawValue ?? "HTTP_\(error.status.code)", message,
                        headers: (error as? HTTPError)?.headers ?? [:])
    }
}
