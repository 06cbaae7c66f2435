extension Wire {
    /// A route of the API: its method and its path template, `{name}` for a parameter. The
    /// server registers exactly these and the client fills them in, so a path is spelled once.
    public struct Route: Sendable, Hashable, CustomStringConvertible {
        /// The HTTP methods the API uses.
        public enum Method: String, Sendable, Hashable {
            case GET, POST, PUT, DELETE
        }

        /// The route's method.
        public let method: Method
        /// The path, `{name}` for each parameter (`/api/checkins/{date}`).
        public let template: String

        /// The route answering `method` on `template`.
        public init(_ method: Method, _ template: String) {
            self.method = method
            self.template = template
        }

        /// `METHOD /path`, the template's placeholders as they are (`PUT /api/checkins/{date}`).
        public var description: String { "\(method.rawValue) \(template)" }

        /// The template's parameter names, in order (`["goalId"]`).
        public var parameters: [String] {
            template.split(separator: "/").filter(Self.isParameter).map { String($0.dropFirst().dropLast()) }
        }

        /// The path with the `{name}` placeholders filled by `values` in order; a placeholder
        /// without a value stays as it is.
        public func path(_ values: [String] = []) -> String {
            var values = values[...]
            return template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
                Self.isParameter(segment) ? values.popFirst() ?? String(segment) : String(segment)
            }.joined(separator: "/")
        }

        private static func isParameter(_ segment: Substring) -> Bool { segment.hasPrefix("{") && segment.hasSuffix("}") }
    }
}

extension Wire.Route {
    // MARK: - Sessions and the account

    /// Logs in: ``Wire/LoginRequest`` answered by ``Wire/LoginResponse``; needs no token.
    public static let logIn = Wire.Route(.POST, "/api/auth/login")
    /// The session of the token sent: ``Wire/SessionResponse``.
    public static let session = Wire.Route(.GET, "/api/auth/session")
    /// Ends the session of the token sent (204).
    public static let logOut = Wire.Route(.POST, "/api/auth/logout")
    /// Ends every session of the token's account, the token's too (204).
    public static let logOutEverywhere = Wire.Route(.POST, "/api/auth/logout-all")
    /// Changes the account's password: ``Wire/ChangePasswordRequest`` (204); every other session ends.
    public static let changePassword = Wire.Route(.POST, "/api/auth/password")
    /// The account's data as a backup archive.
    public static let exportAccount = Wire.Route(.GET, "/api/account/export")
    /// Deletes the account: ``Wire/DeleteAccountRequest`` (204).
    public static let deleteAccount = Wire.Route(.DELETE, "/api/account")

    // MARK: - Check-ins

    /// A new check-in: ``Wire/CheckinBody`` with an idempotency key (201).
    public static let submitCheckin = Wire.Route(.POST, "/api/checkins")
    /// The check-in of the day `{date}`, replacing any (200).
    public static let replaceCheckin = Wire.Route(.PUT, "/api/checkins/{date}")
    /// Today's check-in: ``Wire/TodayResponse``.
    public static let todayCheckin = Wire.Route(.GET, "/api/checkins/today")

    // MARK: - Drift reads (`?days=`)

    /// ``Wire/TrendsResponse``.
    public static let trends = Wire.Route(.GET, "/api/trends")
    /// ``Wire/InsightsResponse``.
    public static let weeklyInsights = Wire.Route(.GET, "/api/insights/weekly")
    /// ``Wire/AlertsResponse``.
    public static let alerts = Wire.Route(.GET, "/api/alerts")

    // MARK: - Goals and tips

    /// A new goal: ``Wire/GoalBody`` answered by ``Wire/GoalData`` (201).
    public static let addGoal = Wire.Route(.POST, "/api/v1/goals")
    /// The account's goals: ``Wire/GoalsData``.
    public static let listGoals = Wire.Route(.GET, "/api/v1/goals")
    /// Fresh tips for the goal `{goalId}`: ``Wire/TipsRequest`` answered by ``Wire/TipsData``.
    public static let goalTips = Wire.Route(.POST, "/api/v1/goals/{goalId}/tips")

    // MARK: - Sync

    /// A device's changed records: `SyncPush` answered by `SyncPushAnswer`.
    public static let syncPush = Wire.Route(.POST, "/api/sync/push")
    /// The records changed after a cursor (`?after=&limit=&timeZone=`): `SyncPage`.
    public static let syncPull = Wire.Route(.GET, "/api/sync/pull")

    // MARK: - Operations (no token)

    /// Alive: `{"status": "ok"}`.
    public static let health = Wire.Route(.GET, "/healthz")
    /// Ready: `{"status": "ready"}`, or 503.
    public static let ready = Wire.Route(.GET, "/readyz")
    /// The metrics, in Prometheus' text format.
    public static let metrics = Wire.Route(.GET, "/metrics")

    /// The routes for whoever runs the server, outside accounts and rate limits.
    public static let operations: [Wire.Route] = [health, ready, metrics]

    /// Every route the server serves.
    public static let all: [Wire.Route] = [
        logIn, session, logOut, logOutEverywhere, changePassword, exportAccount, deleteAccount,
        submitCheckin, replaceCheckin, todayCheckin,
        trends, weeklyInsights, alerts,
        addGoal, listGoals, goalTips,
        syncPush, syncPull,
    ] + operations
}
