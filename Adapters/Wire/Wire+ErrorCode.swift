extension Wire {
    /// `error.code` of an error answer (``ErrorBody``): what went wrong, for programs. The server
    /// answers only these (and `HTTP_<status>` for a status of its framework's that none
    /// names); the client tells failures apart by them.
    public enum ErrorCode: String, Codable, Sendable, CaseIterable {
        /// 400: a field, a header, a parameter or the path is refused; the message names it.
        case validationError = "VALIDATION_ERROR"
        /// 400: the body is not a JSON object.
        case invalidJSON = "INVALID_JSON"
        /// 400 from the framework (a request it could not read).
        case badRequest = "BAD_REQUEST"
        /// 401: no valid bearer token.
        case unauthorized = "UNAUTHORIZED"
        /// 401: a login with a wrong email or password.
        case invalidCredentials = "INVALID_CREDENTIALS"
        /// 403: a wrong password where one confirms an action (deleting the account, changing
        /// its password).
        case invalidPassword = "INVALID_PASSWORD"
        /// 403: the feature needs the Pro tier.
        case proRequired = "PRO_REQUIRED"
        /// 404: no such path.
        case notFound = "NOT_FOUND"
        /// 404: no such goal for this account.
        case goalNotFound = "GOAL_NOT_FOUND"
        /// 405: the path exists, not with this method (`Allow` lists those it takes).
        case methodNotAllowed = "METHOD_NOT_ALLOWED"
        /// 409: the day already has a check-in.
        case duplicateCheckin = "DUPLICATE_CHECKIN"
        /// 409: a goal with this id exists.
        case goalExists = "GOAL_EXISTS"
        /// 413: the body is larger than the server takes.
        case payloadTooLarge = "PAYLOAD_TOO_LARGE"
        /// 408: the body did not arrive in time, or too many bodies are being read at once; the
        /// connection is closed after the answer.
        case requestTimeout = "REQUEST_TIMEOUT"
        /// 422: the idempotency key was used for a different check-in.
        case idempotencyKeyReused = "IDEMPOTENCY_KEY_REUSED"
        /// 422: a sync push held a record the server refuses (the message names its collection,
        /// its key and why); nothing of the push was kept.
        case syncRefused = "SYNC_REFUSED"
        /// 429: too many requests or failed logins (`Retry-After` says how long to wait).
        case rateLimited = "RATE_LIMITED"
        /// 500: the server failed; the message tells nothing of why.
        case internalError = "INTERNAL_ERROR"
        /// 503: the server's store is not reachable (`Retry-After`).
        case serviceUnavailable = "SERVICE_UNAVAILABLE"
        /// 503: the tips service failed.
        case tipsUnavailable = "TIPS_UNAVAILABLE"
    }
}
