import WellnessApplication

/// What the server needs of one account: the single-user use cases, on that account's own
/// store (the composition root opens it by the account's id).
public struct AccountWorkspace: Sendable {
    /// The account's clock and calendar: its own time zone, where its days begin.
    public let time: TimeContext
    /// Check-ins sent with an idempotency key (`POST` and `PUT /api/checkins`).
    public let submitCheckin: SubmitCheckin
    /// Today's check-in (`GET /api/checkins/today`).
    public let listCheckins: ListCheckins
    /// `GET /api/insights/weekly`.
    public let weeklyInsights: ComputeWeeklyInsights
    /// `GET /api/trends` (its 30- and 90-day lengths are Pro).
    public let trends: GetTrends
    /// `GET /api/alerts`.
    public let alerts: ListDriftAlerts
    /// The account's tier, for `GET /api/auth/session`.
    public let tier: GetTier
    /// `POST /api/v1/goals`.
    public let addGoal: AddGoal
    /// `GET /api/v1/goals`.
    public let listGoals: ListGoals
    /// Fresh tips for a goal (`POST /api/v1/goals/{goalId}/tips`).
    public let goalTips: GetGoalTips
    /// The account's data as a backup archive (`GET /api/account/export`).
    public let backUp: BackUpStore
    /// The account's sync with its devices (`POST /api/sync/push`, `GET /api/sync/pull`); `nil`
    /// when its store keeps no sync log.
    public let sync: ServeSync?

    /// The account's use cases, each on that account's store, in its time zone (`time`).
    public init(time: TimeContext, submitCheckin: SubmitCheckin, listCheckins: ListCheckins, weeklyInsights: ComputeWeeklyInsights,
                trends: GetTrends, alerts: ListDriftAlerts, tier: GetTier, addGoal: AddGoal,
                listGoals: ListGoals, goalTips: GetGoalTips, backUp: BackUpStore, sync: ServeSync? = nil) {
        self.sync = sync
        self.time = time
        self.submitCheckin = submitCheckin
        self.listCheckins = listCheckins
        self.weeklyInsights = weeklyInsights
        self.trends = trends
        self.alerts = alerts
        self.tier = tier
        self.addGoal = addGoal
        self.listGoals = listGoals
        self.goalTips = goalTips
        self.backUp = backUp
    }
}
