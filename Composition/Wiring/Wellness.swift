import Foundation
import WellnessApplication
import WellnessDomain
import WellnessTips

/// The composition root: every use case, wired to one set of repositories, one clock and one
/// calendar, grouped by feature. The CLI, the tests and any app build it the same way:
///
/// ```swift
/// let wellness = try Wellness.make(WellnessConfiguration(store: .memory))
/// let journal = try await wellness.journal.toggleTag(.coffee)
/// let nudges = try await wellness.nudges.evaluate()
/// ```
public struct Wellness: Sendable {
    /// The repositories every use case is wired to.
    public let repositories: WellnessRepositories
    /// The clock and the person's calendar every use case is given.
    public let time: TimeContext
    /// The core's string tables in the container's language.
    public let localizer: Localizer
    /// The intervention catalog in use: the one given, else the bundled one in the container's language.
    public let catalog: InterventionCatalog

    /// Which tracking modules are on, and when each was last used.
    public let modules: Modules
    /// The dog being tracked.
    public let profile: Profile
    /// Suggestions to adapt the app to how it is used.
    public let nudges: Nudges
    /// The daily interventions of the catalog.
    public let interventions: Interventions
    /// The catch-up deck: missed items of the last 24 hours.
    public let catchUp: CatchUp
    /// The daily journal.
    public let journal: Journal
    /// The supplement stack and what was taken.
    public let supplements: Supplements
    /// The exercise library.
    public let exercises: Exercises
    /// Goals and their tips.
    public let goals: Goals
    /// Moods, one a day.
    public let moods: Moods
    /// Weigh-ins.
    public let weight: Weight
    /// Health data imported from an Apple Health export.
    public let health: Health
    /// Walks, added and planned.
    public let walks: Walks
    /// Training sessions per skill.
    public let training: Training
    /// What the puppy met, by category.
    public let socialization: Socialization
    /// Puppy milestones, built-in and own.
    public let milestones: Milestones
    /// Meals, planned and given.
    public let feeding: Feeding
    /// Medications given on a schedule, and the doses given.
    public let medications: Medications
    /// Documents kept in the store.
    public let documents: Documents
    /// Check-ins, insights, trends, tiers and the offline queue; local or from a server.
    public let drift: Drift

    let getTodaySummary: GetTodaySummary
    let listDue: ListDue

    /// Wires the use cases to the given repositories. `catalog` defaults to the bundled one, in
    /// `locale` like the default supplements a new store is seeded with;
    /// `health` to the health data imported into the store; `remote` (a login to a server) to none.
    public init(repositories: WellnessRepositories, clock: any WallClock, calendar: Calendar,
                locale: WellnessLocale = .en, nudgeRules: NudgeRules = NudgeRules(),
                catalog: InterventionCatalog? = nil,
                health: (any HealthDataSource)? = nil,
                tipsService: (any GoalTipsService)? = nil,
                tierOverride: Tier? = nil,
                remote: RemoteConnection? = nil) throws {
        let localizer = Localizer(locale: locale)
        let catalog = try catalog ?? InterventionCatalog.bundled(localizedBy: localizer)
        let time = TimeContext(clock: clock, calendar: calendar)
        self.repositories = repositories
        self.time = time
        self.localizer = localizer
        self.catalog = catalog
        modules = Modules(settings: repositories.moduleSettings, time: time)
        profile = Profile(profiles: repositories.dogProfile, time: time)
        nudges = Nudges(repositories: repositories, rules: nudgeRules, time: time)
        interventions = Interventions(catalog: catalog, log: repositories.interventionLog, time: time)
        catchUp = CatchUp(catalog: catalog, log: repositories.interventionLog,
                          health: health ?? RecordedHealthData(health: repositories.health),
                          modules: modules.listModules, time: time)
        journal = Journal(journals: repositories.journals, time: time)
        supplements = Supplements(supplements: repositories.supplements,
                                  defaults: SupplementStack.defaults(named: { key, _ in localizer.string(key) }), time: time)
        exercises = Exercises(exercises: repositories.exercises, defaults: try ExerciseDefinition.bundledLibrary())
        // Every call to the server goes through one decorator per port and the process's one
        // connectivity; the first (but the queue's own) sends the waiting check-ins.
        let connected = remote.map { ConnectedServer($0, queue: repositories.checkinQueue, time: time) }
        let remoteTips = connected?.tips
        // The server's tips while logged in; else the configured service, with the rules to fall
        // back on; else the rules.
        let rules = RuleBasedGoalTipsService(language: locale.rawValue)
        goals = Goals(repositories: repositories, service: remoteTips ?? tipsService ?? rules,
                      fallback: remoteTips == nil && tipsService != nil ? rules : nil, time: time)
        moods = Moods(moods: repositories.moods, time: time)
        weight = Weight(weights: repositories.weights, time: time)
        self.health = Health(health: repositories.health, time: time)
        walks = Walks(repositories: repositories, time: time)
        training = Training(repositories: repositories, time: time)
        socialization = Socialization(repositories: repositories, windowWeeks: nudgeRules.socializationWindowWeeks,
                                      time: time)
        milestones = Milestones(repositories: repositories, time: time)
        feeding = Feeding(repositories: repositories, time: time)
        medications = Medications(repositories: repositories, time: time)
        documents = Documents(repositories: repositories, time: time)
        drift = Drift(repositories: repositories, tierOverride: tierOverride, server: connected, time: time)
        // What is due: one source per tracker, oldest first across them all.
        listDue = ListDue(modules: repositories.moduleSettings, sources: [
            walks.listWalks.dueSource,
            feeding.listMeals.dueSource,
            medications.listMedications.dueSource,
            documents.listDocuments.dueSource,
            repositories.supplements.dueSource(time: time),
            drift.readCheckinToday.dueSource,
        ], marker: repositories.records.repository(for: DueMarkerRecords.self), time: time)
        getTodaySummary = GetTodaySummary(
            modules: modules.listModules, profile: profile.getDogProfile, nudges: nudges.evaluateNudges,
            deck: catchUp.buildCatchUpDeck, journal: journal.getJournal, supplements: supplements.listSupplements,
            goals: goals.listGoals, tips: goals.getGoalTips, insights: drift.computeWeeklyInsights,
            glance: GetTodaySummary.Glance(checkin: drift.readCheckinToday, weight: weight.getWeightTrend,
                                           moods: moods.listMoods, health: self.health.getHealthSummary,
                                           due: listDue),
            time: time)
    }

    /// Builds the container for a configuration, opening (and creating) its store.
    public static func make(_ configuration: WellnessConfiguration) throws -> Wellness {
        let repositories = try WellnessRepositories.make(
            configuration.store, directory: configuration.dataDirectory, logger: configuration.logger)
        return try Wellness(repositories: repositories, clock: configuration.clock, calendar: configuration.calendar,
                            locale: configuration.locale, catalog: configuration.catalog, health: configuration.health,
                            tipsService: configuration.tipsService, tierOverride: configuration.tierOverride,
                            remote: configuration.remote)
    }

    /// Today at a glance: modules, the dog, nudges, the catch-up deck, the journal,
    /// supplements, goals with their tips, the week's Drift picture, today's check-in (the
    /// server's when logged in), the latest weigh-in, today's mood and yesterday's health day.
    public func todaySummary() async throws -> TodaySummary {
        try await getTodaySummary.execute()
    }

    /// What is due now or overdue, oldest first: planned walks and meals, doses, documents expiring,
    /// supplements not taken, today's check-in.
    public func due() async throws -> [DueItem] {
        try await listDue.execute()
    }

    /// What fell due since the previous call (everything due, the first time); marks now as
    /// looked at, in this store only.
    public func newlyDue() async throws -> [DueItem] {
        try await listDue.new()
    }
}
