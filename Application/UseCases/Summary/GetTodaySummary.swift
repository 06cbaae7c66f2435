import WellnessDomain

/// Gathers today's summary from every capability.
public struct GetTodaySummary: Sendable {
    let modules: ListModules
    let profile: GetDogProfile
    let nudges: EvaluateNudges
    let deck: BuildCatchUpDeck
    let journal: GetJournal
    let supplements: ListSupplements
    let goals: ListGoals?
    let tips: GetGoalTips?
    let insights: ComputeWeeklyInsights?
    let time: TimeContext
    /// Today's check-in, the weight trend, moods and health data; each optional (no line without it).
    var glance = Glance()

    /// What the summary shows of the day beyond the deck: each use case optional.
    public struct Glance: Sendable {
        /// Today's check-in.
        public var checkin: ReadCheckinToday?
        /// The latest weigh-in and its 7-day change.
        public var weight: GetWeightTrend?
        /// Today's mood.
        public var moods: ListMoods?
        /// Yesterday's health day.
        public var health: GetHealthSummary?
        /// What is due now (``ListDue``: only what the enabled modules and the other trackers hold).
        public var due: ListDue?

        /// A glance of the given use cases (none by default).
        public init(checkin: ReadCheckinToday? = nil, weight: GetWeightTrend? = nil, moods: ListMoods? = nil,
                    health: GetHealthSummary? = nil, due: ListDue? = nil) {
            self.checkin = checkin
            self.weight = weight
            self.moods = moods
            self.health = health
            self.due = due
        }
    }

    /// A use case gathering from each of these, with today from `time`; without `goals` and `tips` the
    /// summary has no goals, without `insights` no insights.
    public init(modules: ListModules, profile: GetDogProfile, nudges: EvaluateNudges, deck: BuildCatchUpDeck,
                journal: GetJournal, supplements: ListSupplements, goals: ListGoals? = nil, tips: GetGoalTips? = nil,
                insights: ComputeWeeklyInsights? = nil, glance: Glance = Glance(), time: TimeContext) {
        self.modules = modules
        self.profile = profile
        self.nudges = nudges
        self.deck = deck
        self.journal = journal
        self.supplements = supplements
        self.goals = goals
        self.tips = tips
        self.insights = insights
        self.glance = glance
        self.time = time
    }

    /// A service failure for one goal leaves its tips empty instead of failing the summary.
    func goalsWithTips() async throws -> [GoalWithTips] {
        guard let goals, let tips else { return [] }
        var result: [GoalWithTips] = []
        for goal in try await goals.execute() {
            do {
                result.append(GoalWithTips(goal: goal, tips: try await tips.execute(goal.id)))
            } catch is GoalTipsError {
                result.append(GoalWithTips(goal: goal, tips: nil))
            }
        }
        return result
    }

    /// Today's summary. A goal whose tips fail with `GoalTipsError` gets `nil` tips; any other failure
    /// is thrown.
    public func execute() async throws -> TodaySummary {
        let settings = try await modules.execute()
        var summary = TodaySummary(today: time.today(),
                            enabledModules: settings.enabledModules,
                            needsSetup: settings.needsSetup,
                            dog: try await profile.execute(),
                            nudges: try await nudges.execute(),
                            catchUp: try await deck.execute(),
                            journal: try await journal.execute(),
                            supplements: try await supplements.execute(),
                            goals: try await goalsWithTips(),
                            insights: try await insights?.execute(days: 7))
        summary.checkin = try await glance.checkin?.execute()
        summary.due = try await glance.due?.execute() ?? []
        if let trend = try await glance.weight?.execute(), trend.latest != nil { summary.weight = trend }
        let today = summary.today
        summary.mood = try await glance.moods?.execute(days: 1).first { $0.day == today }
        if let health = glance.health, try await health.health.hasSamples() {
            let yesterday = today.adding(days: -1)
            summary.health = try await health.execute(days: 2).first { $0.day == yesterday }
        }
        return summary
    }
}
