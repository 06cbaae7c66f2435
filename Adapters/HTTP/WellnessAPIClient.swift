import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import WellnessApplication
import WellnessDomain
import WellnessWire

/// A Wellness server's API over AsyncHTTPClient, for one server and (optionally) one bearer
/// token. Answers are mapped to the typed failures the Drift state machines expect: no answer
/// at all is ``ApiFailure/offline``, 401 ``ApiFailure/unauthorized`` (and `onUnauthorized`
/// runs, once per refused token), 409 `.conflict`, 429 `.rateLimited` (with its `Retry-After`), any other error status
/// `.other(status:)`.
public struct WellnessAPIClient: Sendable {
    /// The server's base URL; each request's path is appended to it.
    public let server: URL
    let token: String?
    let client: HTTPClient
    /// How long each kind of request may wait for its answer.
    public let timeouts: ServerTimeouts
    let onUnauthorized: @Sendable () async -> Void

    /// `timeouts` bound each request from sending it to the last byte of its answer (the
    /// connection's own timeout is `client`'s). The default `client` trusts the system's
    /// certificate authorities, closes idle connections before a server would and gives up on a
    /// connection after a second (``TrustedCertificates/shared``).
    public init(server: URL, token: String?, client: HTTPClient = TrustedCertificates.shared,
                timeouts: ServerTimeouts = ServerTimeouts(), onUnauthorized: @escaping @Sendable () async -> Void = {}) {
        self.server = server
        self.token = token
        self.client = client
        self.timeouts = timeouts
        self.onUnauthorized = onUnauthorized
    }

    /// A client whose every request may take `timeout`.
    public init(server: URL, token: String?, client: HTTPClient = TrustedCertificates.shared, timeout: Duration,
                onUnauthorized: @escaping @Sendable () async -> Void = {}) {
        var timeouts = ServerTimeouts(response: timeout)
        timeouts.tips = timeout
        timeouts.transfer = timeout
        timeouts.passwordCheck = timeout
        self.init(server: server, token: token, client: client, timeouts: timeouts, onUnauthorized: onUnauthorized)
    }

    /// An answer: status, headers and body.
    public struct Answer: Sendable {
        /// The HTTP status code.
        public let status: Int
        /// The answer's headers.
        public let headers: HTTPHeaders
        /// The whole body, as received.
        public let body: Data

        /// The failure an error answer stands for (a 429 with its `Retry-After`); `nil` below 400.
        public var failure: ApiFailure? { ApiFailure(status: status, retryAfter: headers.first(name: "Retry-After")) }

        /// The `{"error": {"code", "message"}}` of an error answer, if it has one.
        public var error: Wire.ErrorBody.Detail? { (try? Wire.decoder.decode(Wire.ErrorBody.self, from: body))?.error }

        /// The code of an error answer, when it has one this client knows.
        public var errorCode: Wire.ErrorCode? { error.flatMap { Wire.ErrorCode(rawValue: $0.code) } }
    }

    /// Sends a request to `route`, its parameters filled by `parameters` in order and `query`
    /// (without the `?`) appended; throws ``ApiFailure/offline`` when no answer came within
    /// `timeout` (``ServerTimeouts/response`` when `nil`).
    public func send(_ route: Wire.Route, _ parameters: [String] = [], query: String? = nil,
                     json body: (some Encodable)? = Optional<Never>.none, headers extra: [(String, String)] = [],
                     maxBodyBytes: Int = 16 * 1024 * 1024, timeout: Duration? = nil) async throws -> Answer {
        try await send(route.method.http, route.path(parameters) + (query.map { "?\($0)" } ?? ""), json: body,
                       headers: extra, maxBodyBytes: maxBodyBytes, timeout: timeout)
    }

    /// Sends a request; throws ``ApiFailure/offline`` when no answer came within `timeout`
    /// (``ServerTimeouts/response`` when `nil`).
    public func send(_ method: HTTPMethod, _ path: String, json body: (some Encodable)? = Optional<Never>.none,
                     headers extra: [(String, String)] = [], maxBodyBytes: Int = 16 * 1024 * 1024,
                     timeout: Duration? = nil) async throws -> Answer {
        var request = HTTPClientRequest(url: server.absoluteString + path)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in extra { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try Wire.encoder.encode(body)))
        }
        let answer: Answer
        do {
            let response = try await client.execute(request, timeout: TimeAmount(timeout ?? timeouts.response))
            let bytes = try await response.body.collect(upTo: maxBodyBytes)
            answer = Answer(status: Int(response.status.code), headers: response.headers, body: Data(bytes.readableBytesView))
        } catch {
            throw ApiFailure.offline
        }
        if answer.status == 401, token != nil { await onUnauthorized() }
        return answer
    }

    /// The body of a 2xx answer decoded as `T`; any other status as its ``ApiFailure``.
    public func decode<T: Decodable>(_ type: T.Type, from answer: Answer) throws -> T {
        if let failure = answer.failure { throw failure }
        do {
            return try Wire.decoder.decode(T.self, from: answer.body)
        } catch {
            throw ApiFailure.other(status: nil)
        }
    }
}

/// The session endpoints (`/api/auth/…`).
public struct HTTPSessionAPI: SessionAPI {
    let api: WellnessAPIClient

    /// Logs in and out of `api`'s server, and reads, exports and deletes its account and changes
    /// its password, with `api`'s token.
    public init(_ api: WellnessAPIClient) { self.api = api }

    public func logIn(email: String, password: String, timeZone: String?) async throws -> AccessGrant {
        let answer = try await api.send(.logIn, json: Wire.LoginRequest(email: email, password: password,
                                                                        timeZone: timeZone),
                                        timeout: api.timeouts.passwordCheck)
        let body = try api.decode(Wire.LoginResponse.self, from: answer)
        return AccessGrant(accessToken: body.accessToken, expiresAt: body.expiresAt)
    }

    public func session() async throws -> SessionInfo {
        try api.decode(Wire.SessionResponse.self, from: try await api.send(.session)).info
    }

    public func logOut() async throws {
        let answer = try await api.send(.logOut)
        if let failure = answer.failure { throw failure }
    }

    public func logOutEverywhere() async throws {
        let answer = try await api.send(.logOutEverywhere)
        if let failure = answer.failure { throw failure }
    }

    /// `POST /api/auth/password`; 403 `INVALID_PASSWORD` is a refused current password.
    public func changePassword(current: String, new: String) async throws {
        let answer = try await api.send(.changePassword,
                                        json: Wire.ChangePasswordRequest(currentPassword: current, newPassword: new),
                                        timeout: api.timeouts.passwordCheck)
        if answer.status == 403, answer.errorCode == .invalidPassword { throw ClientSessionError.currentPasswordRefused }
        if let failure = answer.failure { throw failure }
    }

    /// `GET /api/account/export`: the archive, up to 4 GB.
    public func exportAccount() async throws -> [UInt8] {
        let answer = try await api.send(.exportAccount, maxBodyBytes: 4 << 30, timeout: api.timeouts.transfer)
        if let failure = answer.failure { throw failure }
        return Array(answer.body)
    }

    /// `DELETE /api/account` with the password; 403 `INVALID_PASSWORD` is a refused password.
    public func deleteAccount(password: String) async throws {
        let answer = try await api.send(.deleteAccount, json: Wire.DeleteAccountRequest(password: password),
                                        timeout: api.timeouts.passwordCheck)
        if answer.status == 403, answer.errorCode == .invalidPassword { throw ClientSessionError.passwordRefused }
        if let failure = answer.failure { throw failure }
    }
}

/// `POST /api/checkins` (or `PUT /api/checkins/{date}` to replace) with the queue item's id as
/// `Idempotency-Key`: 201 or 200 (or their replay) is accepted; 409 `DUPLICATE_CHECKIN` (the
/// day has one, or a replayed 409) is a duplicate — nothing left to send either way.
public struct HTTPCheckinAPI: CheckinAPI {
    let api: WellnessAPIClient

    /// Sends check-ins to `api`'s server, with its token.
    public init(_ api: WellnessAPIClient) { self.api = api }

    public func submit(_ checkin: Checkin, idempotencyKey: String, replacing: Bool) async throws -> SubmissionOutcome {
        let answer = try await api.send(replacing ? .replaceCheckin : .submitCheckin,
                                        replacing ? [checkin.day.description] : [],
                                        json: Wire.CheckinBody(checkin),
                                        headers: [(Wire.idempotencyKeyHeader, idempotencyKey)])
        switch answer.status {
        case 200, 201: return .accepted
        case 409 where answer.errorCode == .duplicateCheckin: return .duplicate
        default: throw answer.failure ?? .other(status: answer.status)
        }
    }
}

/// The Drift read endpoints; 403 `PRO_REQUIRED` becomes ``DriftError/locked(_:)``.
public struct HTTPDriftRemote: DriftRemote {
    let api: WellnessAPIClient

    /// Reads from `api`'s server, with its token.
    public init(_ api: WellnessAPIClient) { self.api = api }

    public func weeklyInsights(days: Int) async throws -> WeeklyInsights {
        let answer = try await api.send(.weeklyInsights, query: "days=\(days)")
        return try api.decode(Wire.InsightsResponse.self, from: answer).insights
    }

    public func trends(days: Int) async throws -> [TrendPoint] {
        let answer = try await api.send(.trends, query: "days=\(days)")
        if answer.status == 403, answer.errorCode == .proRequired, let length = TrendLength(rawValue: days),
           let feature = FeatureGate.lockedFeature(for: length, tier: .free) {
            throw DriftError.locked(feature)
        }
        return try api.decode(Wire.TrendsResponse.self, from: answer).points
    }

    public func alerts(days: Int) async throws -> [DriftAlert] {
        let answer = try await api.send(.alerts, query: "days=\(days)")
        return try api.decode(Wire.AlertsResponse.self, from: answer).alerts
    }

    public func today() async throws -> Checkin? {
        let answer = try await api.send(.todayCheckin)
        do {
            return try api.decode(Wire.TodayResponse.self, from: answer).checkin?.checkin()
        } catch let error as ApiFailure {
            throw error
        } catch {
            throw ApiFailure.other(status: nil)
        }
    }
}

/// Tips from the server's `POST /api/v1/goals/{goalId}/tips`, sending the context the client
/// gathered. A goal the server does not know yet (404 `GOAL_NOT_FOUND`) is created there with
/// the same id, then asked again. The request says which language the tips should be in; the
/// answer says whether the server's model or its rules made them.
public struct HTTPGoalTipsService: GoalTipsService {
    let api: WellnessAPIClient
    let language: String?

    /// `language` (`en`, `nl`) is asked for unless the context names its own.
    public init(_ api: WellnessAPIClient, language: String? = nil) {
        self.api = api
        self.language = language
    }

    public func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
        do {
            var answer = try await ask(goal, context)
            if answer.status == 404, answer.errorCode == .goalNotFound {
                let created = try await api.send(.addGoal, json: Wire.GoalBody(goal))
                guard created.status == 201 || created.errorCode == .goalExists else { throw Self.failure(created) }
                answer = try await ask(goal, context)
            }
            guard answer.status == 200 else { throw Self.failure(answer) }
            do {
                let data = try Wire.decoder.decode(Wire.Envelope<Wire.TipsData>.self, from: answer.body).data
                // A server from before sources were named ran the rules.
                return TipsAnswer(tips: data.tips, source: data.source ?? .rules)
            } catch {
                throw GoalTipsServiceError.invalidResponse("\(error)")
            }
        } catch let error as GoalTipsServiceError {
            throw error
        } catch {
            throw .unavailable("\(api.server.absoluteString) could not be reached")
        }
    }

    private func ask(_ goal: Goal, _ context: UserContext) async throws -> WellnessAPIClient.Answer {
        try await api.send(.goalTips, [goal.id.description],
                           json: Wire.TipsRequest(goal: goal, context: context, language: context.language ?? language),
                           timeout: api.timeouts.tips)
    }

    private static func failure(_ answer: WellnessAPIClient.Answer) -> GoalTipsServiceError {
        switch answer.status {
        case 401: .unauthorized
        case 429: .rateLimited(retryAfter: ApiFailure.retryAfterSeconds(answer.headers.first(name: "Retry-After")))
        default: .unavailable("the server answered \(answer.status)\(answer.error.map { " \($0.code)" } ?? "")")
        }
    }
}

extension Wire.Route.Method {
    /// The same method as NIO spells it.
    var http: HTTPMethod {
        switch self {
        case .GET: .GET
        case .POST: .POST
        case .PUT: .PUT
        case .DELETE: .DELETE
        }
    }
}

/// Sync's routes (`POST /api/sync/push`, `GET /api/sync/pull`): a record the server refuses is
/// `SyncError.refused` naming it (`SyncError.refusedByServer` with the server's message when the
/// server does not say which record).
public struct HTTPSyncRemote: SyncRemote {
    let api: WellnessAPIClient

    /// Syncs with `api`'s server, with its token.
    public init(_ api: WellnessAPIClient) { self.api = api }

    public func push(_ batch: SyncPush) async throws -> SyncPushAnswer {
        let answer = try await api.send(.syncPush, json: batch)
        if answer.status == 422, let error = answer.error {
            if let record = error.record {
                throw SyncError.refused(RecordCollection(rawValue: record.collection), record.key, RecordRejection(record.reason))
            }
            throw SyncError.refusedByServer(error.message)
        }
        return try api.decode(SyncPushAnswer.self, from: answer)
    }

    public func pull(after cursor: Int64, limit: Int, timeZone: String?) async throws -> SyncPage {
        var query = "after=\(cursor)&limit=\(limit)"
        if let zone = timeZone?.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { query += "&timeZone=\(zone)" }
        return try api.decode(SyncPage.self, from: try await api.send(.syncPull, query: query))
    }
}
