import WellnessDomain

/// What `wellness` with no subcommand shows: today's state at a glance.
public struct TodaySummary: Sendable, Equatable {
    /// The local day summarised.
    public let today: LocalDay
    /// The modules switched on, in declaration order.
    public let enabledModules: [TrackingModule]
    /// The modules were never chosen: the first-run selection (`setup`) is still to do.
    public let needsSetup: Bool
    /// The dog profile with its age and life phase, or `nil` when none was set.
    public let dog: DogProfileStatus?
    /// The nudges to show now.
    public let nudges: [Nudge]
    /// The catch-up deck with its hints, and the current section's summary.
    public let catchUp: CatchUpResult
    /// Today's journal (an empty one when nothing was saved).
    public let journal: DailyJournal
    /// Today's supplement stack, with what was taken.
    public let supplements: [SupplementStatus]
    /// Each goal with its tips (from the cache when fresh).
    public let goals: [GoalWithTips]
    /// The weekly Drift picture (7 days ending today), when check-ins are wired in.
    public let insights: WeeklyInsights?
    /// Today's check-in, or that there is none yet (from the server when logged in), when
    /// check-ins are wired in.
    public var checkin: CheckinToday?
    /// The latest weigh-in and the change over 7 days; `nil` without weigh-ins.
    public var weight: WeightTrend?
    /// Today's mood; `nil` when none was logged (or moods are not wired in).
    public var mood: MoodEntry?
    /// Yesterday's health day; `nil` when no health data was ever imported.
    public var health: HealthDaySummary?
    /// What is due now or overdue, oldest first (``ListDue``); empty when nothing is (or it is
    /// not wired in).
    public var due: [DueItem] = []
}
