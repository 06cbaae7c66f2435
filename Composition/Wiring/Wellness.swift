import Foundation
import WellnessApplication
import WellnessDomain
import WellnessHTTP
import WellnessInMemory
import WellnessJSONFile
import WellnessTips

/// The composition root: every use case, wired to one set of repositories, one clock and one
/// calendar. The CLI, the tests and any app build it the same way:
///
/// ```swift
/// let wellness = try Wellness.make(WellnessConfiguration(store: .memory))
/// let nudges = try await wellness.evaluateNudges.execute()
/// ```
public struct Wellness: Sendable {
    public let repositories: WellnessRepositories
    public let time: TimeContext
    public let localizer: Localizer
    public let catalog: InterventionCatalog

    // MARK: - Modules
    public let listModules: ListModules
    public let setModulesEnabled: SetModulesEnabled
    public let resetModules: ResetModules
    public let recordModuleUse: RecordModuleUse

    // MARK: - Dog profile
    public let setDogProfile: SetDogProfile
    public let getDogProfile: GetDogProfile

    // MARK: - Nudges
    public let evaluateNudges: EvaluateNudges
    public let dismissNudge: DismissNudge
    public let applyNudge: ApplyNudge

    // MARK: - Interventions and the catch-up deck
    public let listInterventions: ListInterventions
    public let completeIntervention: CompleteIntervention
    public let interventionHistory: GetInterventionHistory
    public let buildCatchUpDeck: BuildCatchUpDeck
    public let recordDecision: RecordDecision
    public let decideCatchUpCard: DecideCatchUpCard

    // MARK: - Journal
    public let toggleJournalTag: ToggleJournalTag
    public let setJournalNotes: SetJournalNotes
    public let getJournal: GetJournal
    public let listJournals: ListJournals

    // MARK: - Supplements
    public let listSupplements: ListSupplements
    public let addSupplement: AddSupplement
    public let editSupplement: EditSupplement
    public let moveSupplement: MoveSupplement
    public let removeSupplement: RemoveSupplement
    public let setSupplementTaken: SetSupplementTaken
    public let supplementAdherence: GetSupplementAdherence

    // MARK: - Exercise library
    public let listExercises: ListExercises
    public let searchExercises: SearchExercises

    // MARK: - Goals, moods and tips
    public let addGoal: AddGoal
    public let listGoals: ListGoals
    public let removeGoal: RemoveGoal
    public let logMood: LogMood
    public let listMoods: ListMoods
    public let getGoalTips: GetGoalTips

    // MARK: - Weight
    public let addWeight: AddWeight
    public let listWeights: ListWeights
    public let removeWeight: RemoveWeight
    public let weightTrend: GetWeightTrend
    public let importWeightCSV: ImportWeightCSV
    public let exportWeightCSV: ExportWeightCSV
    public let weightChart: MakeWeightChart

    // MARK: - Drift
    public let recordCheckin: RecordCheckin
    public let listCheckins: ListCheckins
    public let weeklyInsights: ComputeWeeklyInsights
    public let trends: GetTrends
    public let features: ManageFeatures
    public let checkinQueue: ManageCheckinQueue
    public let driftCache: StaleWhileRevalidate

    // MARK: - Summary
    public let todaySummary: GetTodaySummary

    // MARK: - A server (client side)
    /// Logging in and out of a server.
    public let session: ClientSession
    /// Set while logged in to a server: check-ins are queued for it, tips come from it, and
    /// the Drift views read from it.
    public let server: ServerConnection?

    /// Wires the use cases to the given repositories. `catalog` defaults to the bundled one;
    /// `health` to an in-memory source with nothing authorised.
    public init(repositories: WellnessRepositories, clock: any WallClock, calendar: Calendar,
                locale: WellnessLocale = .en, nudgeRules: NudgeRules = NudgeRules(),
                catalog: InterventionCatalog? = nil,
                health: any HealthDataSource = InMemoryHealthDataSource(),
                tipsService: any GoalTipsService = RuleBasedGoalTipsService(),
                tierOverride: Tier? = nil,
                credentials: any CredentialStore = InMemoryCredentialStore(),
                login: StoredCredentials? = nil) throws {
        let catalog = try catalog ?? InterventionCatalog.bundled()
        let exerciseDefaults = try ExerciseDefinition.bundledLibrary()
        let time = TimeContext(clock: clock, calendar: calendar)
        let settings = repositories.moduleSettings
        let profiles = repositories.dogProfile
        let snoozes = repositories.nudgeSnoozes
        self.repositories = repositories
        self.time = time
        self.localizer = Localizer(locale: locale)
        self.catalog = catalog
        listModules = ListModules(settings: settings, time: time)
        setModulesEnabled = SetModulesEnabled(settings: settings, time: time)
        resetModules = ResetModules(settings: settings, time: time)
        recordModuleUse = RecordModuleUse(settings: settings, time: time)
        setDogProfile = SetDogProfile(profiles: profiles, time: time)
        getDogProfile = GetDogProfile(profiles: profiles, time: time)
        evaluateNudges = EvaluateNudges(settings: settings, profiles: profiles, snoozes: snoozes,
                                        rules: nudgeRules, time: time)
        dismissNudge = DismissNudge(nudges: evaluateNudges, snoozes: snoozes, time: time)
        applyNudge = ApplyNudge(settings: settings, profiles: profiles, rules: nudgeRules, time: time)
        let log = repositories.interventionLog
        listInterventions = ListInterventions(catalog: catalog)
        completeIntervention = CompleteIntervention(catalog: catalog, log: log, time: time)
        interventionHistory = GetInterventionHistory(catalog: catalog, log: log)
        buildCatchUpDeck = BuildCatchUpDeck(catalog: catalog, log: log, health: health, time: time)
        recordDecision = RecordDecision(catalog: catalog, log: log, time: time)
        decideCatchUpCard = DecideCatchUpCard(deck: buildCatchUpDeck, record: recordDecision)
        toggleJournalTag = ToggleJournalTag(journals: repositories.journals, time: time)
        setJournalNotes = SetJournalNotes(journals: repositories.journals, time: time)
        getJournal = GetJournal(journals: repositories.journals, time: time)
        listJournals = ListJournals(journals: repositories.journals, time: time)
        let supplements = repositories.supplements
        listSupplements = ListSupplements(supplements: supplements, time: time)
        addSupplement = AddSupplement(supplements: supplements)
        editSupplement = EditSupplement(supplements: supplements)
        moveSupplement = MoveSupplement(supplements: supplements)
        removeSupplement = RemoveSupplement(supplements: supplements)
        setSupplementTaken = SetSupplementTaken(supplements: supplements, time: time)
        supplementAdherence = GetSupplementAdherence(supplements: supplements, time: time)
        listExercises = ListExercises(exercises: repositories.exercises, defaults: exerciseDefaults)
        searchExercises = SearchExercises(exercises: repositories.exercises, defaults: exerciseDefaults)
        addGoal = AddGoal(goals: repositories.goals, time: time)
        listGoals = ListGoals(goals: repositories.goals)
        removeGoal = RemoveGoal(goals: repositories.goals)
        logMood = LogMood(moods: repositories.moods, time: time)
        listMoods = ListMoods(moods: repositories.moods, time: time)
        let session = ClientSession(credentials: credentials) { url, token in
            HTTPSessionAPI(WellnessAPIClient(server: url, token: token))
        }
        self.session = session
        let api = login.map { login in
            WellnessAPIClient(server: login.server, token: login.accessToken,
                              onUnauthorized: { _ = try? await session.handleUnauthorized() })
        }
        getGoalTips = GetGoalTips(goals: repositories.goals, moods: repositories.moods, journals: repositories.journals,
                                  cache: repositories.tipsCache,
                                  service: api.map { HTTPGoalTipsService($0) } ?? tipsService, time: time)
        let weights = repositories.weights
        addWeight = AddWeight(weights: weights, time: time)
        listWeights = ListWeights(weights: weights, time: time)
        removeWeight = RemoveWeight(weights: weights)
        weightTrend = GetWeightTrend(weights: weights, time: time)
        importWeightCSV = ImportWeightCSV(weights: weights, time: time)
        exportWeightCSV = ExportWeightCSV(weights: weights, time: time)
        weightChart = MakeWeightChart(weights: weights, time: time)
        let tier: any TierSource = tierOverride.map { FixedTierSource($0) } ?? repositories.tier
        recordCheckin = RecordCheckin(checkins: repositories.checkins, queue: api == nil ? nil : repositories.checkinQueue,
                                      time: time)
        listCheckins = ListCheckins(checkins: repositories.checkins, time: time)
        weeklyInsights = ComputeWeeklyInsights(checkins: repositories.checkins, tier: tier, time: time)
        trends = GetTrends(checkins: repositories.checkins, tier: tier, time: time)
        features = ManageFeatures(tier: tier, store: repositories.tier)
        checkinQueue = ManageCheckinQueue(queue: repositories.checkinQueue)
        let driftCache = StaleWhileRevalidate(cache: repositories.driftCache, time: time)
        self.driftCache = driftCache
        if let login, let api {
            server = ServerConnection(
                login: login, sync: FlushCheckinQueue(queue: repositories.checkinQueue, api: HTTPCheckinAPI(api), time: time),
                drift: ReadRemoteDrift(remote: HTTPDriftRemote(api), cache: driftCache))
        } else {
            server = nil
        }
        todaySummary = GetTodaySummary(modules: listModules, profile: getDogProfile,
                                       nudges: evaluateNudges, deck: buildCatchUpDeck, journal: getJournal,
                                       supplements: listSupplements, goals: listGoals, tips: getGoalTips,
                                       insights: weeklyInsights, time: time)
    }

    /// Builds the container for a configuration, opening (and creating) its store.
    public static func make(_ configuration: WellnessConfiguration) throws -> Wellness {
        let repositories = try WellnessRepositories.make(
            configuration.store, directory: configuration.dataDirectory, logger: configuration.logger)
        let credentials: any CredentialStore
        let login: StoredCredentials?
        if configuration.store == .memory {
            credentials = InMemoryCredentialStore()
            login = nil
        } else {
            let store = JSONFileCredentialStore(store: try JSONFileStore(directory: configuration.dataDirectory,
                                                                         logger: configuration.logger))
            credentials = store
            login = try store.load()
        }
        return try Wellness(repositories: repositories, clock: configuration.clock,
                            calendar: configuration.calendar, locale: configuration.locale,
                            catalog: configuration.catalog, health: configuration.health,
                            tipsService: configuration.tipsService, tierOverride: configuration.tierOverride,
                            credentials: credentials, login: login)
    }
}

/// A login to a server and what it enables.
public struct ServerConnection: Sendable {
    public let login: StoredCredentials
    /// Sends the offline queue (`wellness sync`, and after each check-in).
    public let sync: FlushCheckinQueue
    /// Insights and trends from the server, through the stale-while-revalidate cache.
    public let drift: ReadRemoteDrift
}
