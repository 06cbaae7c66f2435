import WellnessDomain

/// What `wellness` with no subcommand shows: today's state at a glance.
public struct TodaySummary: Sendable, Equatable {
    public let today: LocalDay
    public let enabledModules: [TrackingModule]
    public let dog: DogProfileStatus?
    public let nudges: [Nudge]
    public let catchUp: CatchUpResult
    public let journal: DailyJournal
    public let supplements: [SupplementStatus]
}

/// Gathers today's summary from every capability.
public struct GetTodaySummary: Sendable {
    let modules: ListModules
    let profile: GetDogProfile
    let nudges: EvaluateNudges
    let deck: BuildCatchUpDeck
    let journal: GetJournal
    let supplements: ListSupplements
    let time: TimeContext

    public init(modules: ListModules, profile: GetDogProfile, nudges: EvaluateNudges, deck: BuildCatchUpDeck,
                journal: GetJournal, supplements: ListSupplements, time: TimeContext) {
        self.modules = modules
        self.profile = profile
        self.nudges = nudges
        self.deck = deck
        self.journal = journal
        self.supplements = supplements
        self.time = time
    }

    public func execute() async throws -> TodaySummary {
        TodaySummary(today: time.today(),
                     enabledModules: try await modules.execute().enabledModules,
                     dog: try await profile.execute(),
                     nudges: try await nudges.execute(),
                     catchUp: try await deck.execute(),
                     journal: try await journal.execute(),
                     supplements: try await supplements.execute())
    }
}
