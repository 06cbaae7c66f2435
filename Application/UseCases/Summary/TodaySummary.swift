import WellnessDomain

/// What `wellness` with no subcommand shows: today's state at a glance.
public struct TodaySummary: Sendable, Equatable {
    public let today: LocalDay
    public let enabledModules: [TrackingModule]
    /// The modules were never chosen: the first-run selection (`setup`) is still to do.
    public let needsSetup: Bool
    public let dog: DogProfileStatus?
    public let nudges: [Nudge]
    public let catchUp: CatchUpResult
    public let journal: DailyJournal
    public let supplements: [SupplementStatus]
    /// Each goal with its tips (from the cache when fresh).
    public let goals: [GoalWithTips]
    /// The weekly Drift picture (7 days ending today), when check-ins are wired in.
    public let insights: WeeklyInsights?
}
