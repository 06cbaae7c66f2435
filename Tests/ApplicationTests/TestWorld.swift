import Foundation
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// In-memory repositories, a fixed clock and the person's calendar, with the use cases on them.
struct TestWorld {
    let clock: FixedWallClock
    let calendar: Calendar
    let time: TimeContext
    let settings: InMemoryModuleSettingsRepository
    let deckSettings = InMemoryModuleSettingsRepository(ModuleSettings.defaults(at: Fixtures.instant("2000-01-01T00:00:00Z")))
    let profiles: InMemoryDogProfileRepository
    let snoozes: InMemoryNudgeSnoozeRepository
    let log: InMemoryInterventionLogRepository
    let health: InMemoryHealthDataSource
    let catalog: InterventionCatalog
    let journals = InMemoryJournalRepository()
    let supplements = InMemorySupplementRepository()
    let exercises = InMemoryExerciseRepository()
    let goals = InMemoryGoalRepository()
    let moods = InMemoryMoodRepository()

    init(now: String = "2026-03-01T10:00:00+01:00", zone: String = "Europe/Amsterdam",
         settings: ModuleSettings? = nil, profile: DogProfile? = nil,
         catalog: [Intervention] = TestWorld.sampleCatalog) {
        clock = FixedWallClock(Fixtures.instant(now))
        calendar = Fixtures.calendar(zone)
        time = TimeContext(clock: clock, calendar: calendar)
        self.settings = InMemoryModuleSettingsRepository(settings)
        profiles = InMemoryDogProfileRepository(profile)
        snoozes = InMemoryNudgeSnoozeRepository()
        log = InMemoryInterventionLogRepository()
        health = InMemoryHealthDataSource()
        self.catalog = try! InterventionCatalog(items: catalog)
    }

    /// A small catalog with every section and tracking type: catalog order is card order.
    static let sampleCatalog = Fixtures.catalog

    var now: Date { clock.now() }

    /// Moves the clock `days` local calendar days forward.
    func advance(days: Int) { clock.advance(days: days, calendar: calendar) }

    var listModules: ListModules { ListModules(settings: settings, time: time) }
    var setModulesEnabled: SetModulesEnabled { SetModulesEnabled(settings: settings, time: time) }
    var resetModules: ResetModules { ResetModules(settings: settings, time: time) }
    var recordModuleUse: RecordModuleUse { RecordModuleUse(settings: settings, time: time) }
    var setUpModules: SetUpModules { SetUpModules(settings: settings, time: time) }
    var setDogProfile: SetDogProfile { SetDogProfile(profiles: profiles, time: time) }
    var getDogProfile: GetDogProfile { GetDogProfile(profiles: profiles, time: time) }
    var evaluateNudges: EvaluateNudges {
        EvaluateNudges(settings: settings, profiles: profiles, snoozes: snoozes, time: time)
    }
    var dismissNudge: DismissNudge {
        DismissNudge(nudges: evaluateNudges, snoozes: snoozes, time: time)
    }
    var applyNudge: ApplyNudge { ApplyNudge(settings: settings, profiles: profiles, time: time) }
    var listInterventions: ListInterventions { ListInterventions(catalog: catalog) }
    var completeIntervention: CompleteIntervention { CompleteIntervention(catalog: catalog, log: log, time: time) }
    var interventionHistory: GetInterventionHistory { GetInterventionHistory(catalog: catalog, log: log) }
    /// The deck sees a first run long before any test's now, so the 24-hour rules are tested
    /// on their own; `FirstRunDeckTests` test the first run with `settings`.
    var buildCatchUpDeck: BuildCatchUpDeck {
        BuildCatchUpDeck(catalog: catalog, log: log, health: health, modules: ListModules(settings: deckSettings, time: time),
                         time: time)
    }
    var recordDecision: RecordDecision { RecordDecision(catalog: catalog, log: log, time: time) }
    var decideCatchUpCard: DecideCatchUpCard { DecideCatchUpCard(deck: buildCatchUpDeck, record: recordDecision) }
    var todaySummary: GetTodaySummary {
        GetTodaySummary(modules: listModules, profile: getDogProfile, nudges: evaluateNudges, deck: buildCatchUpDeck,
                        journal: GetJournal(journals: journals, time: time),
                        supplements: ListSupplements(supplements: supplements, time: time), time: time)
    }
}

extension TestWorld {
    /// Sets the clock to an ISO 8601 instant.
    func set(now iso: String) { clock.set(Fixtures.instant(iso)) }

    /// The ids (`intervention@day`) of the current catch-up deck's cards.
    func deckIDs() async throws -> [String] { try await buildCatchUpDeck.execute().cards.map(\.id) }

    /// Every completion and decision in the log for days around `day`.
    func logged(around day: String) async -> (completions: [InterventionCompletion],
                                                     decisions: [InterventionDecision]) {
        let center = Fixtures.day(day)
        let range = center.adding(days: -7)...center.adding(days: 7)
        return (await log.completions(on: range), await log.decisions(on: range))
    }
}

// MARK: - Journal, supplements and exercises

extension TestWorld {
    var toggleJournalTag: ToggleJournalTag { ToggleJournalTag(journals: journals, time: time) }
    var setJournalNotes: SetJournalNotes { SetJournalNotes(journals: journals, time: time) }
    var getJournal: GetJournal { GetJournal(journals: journals, time: time) }
    var listJournals: ListJournals { ListJournals(journals: journals, time: time) }

    var listSupplements: ListSupplements { ListSupplements(supplements: supplements, time: time) }
    var addSupplement: AddSupplement { AddSupplement(supplements: supplements) }
    var editSupplement: EditSupplement { EditSupplement(supplements: supplements) }
    var moveSupplement: MoveSupplement { MoveSupplement(supplements: supplements) }
    var removeSupplement: RemoveSupplement { RemoveSupplement(supplements: supplements) }
    var setSupplementTaken: SetSupplementTaken { SetSupplementTaken(supplements: supplements, time: time) }
    var supplementAdherence: GetSupplementAdherence { GetSupplementAdherence(supplements: supplements, time: time) }

    var listExercises: ListExercises { ListExercises(exercises: exercises, defaults: TestWorld.sampleExercises) }
    var searchExercises: SearchExercises { SearchExercises(exercises: exercises, defaults: TestWorld.sampleExercises) }

    /// A small exercise library, in no particular order, with accents and every filter combination.
    static let sampleExercises: [ExerciseDefinition] = [
        ExerciseDefinition(id: .init("romanian_deadlift"), name: "Romanian Deadlift", muscleGroup: .hamstrings,
                           secondaryMuscles: [.glutes, .back], equipment: .barbell, category: .strength),
        ExerciseDefinition(id: .init("push_up"), name: "Push-Up", muscleGroup: .chest, secondaryMuscles: [.triceps],
                           equipment: .bodyweight, category: .strength),
        ExerciseDefinition(id: .init("bench_press"), name: "Bench Press", muscleGroup: .chest,
                           secondaryMuscles: [.triceps, .shoulders], equipment: .barbell, category: .strength),
        ExerciseDefinition(id: .init("dumbbell_fly"), name: "Dumbbell Fly", muscleGroup: .chest, equipment: .dumbbell,
                           category: .strength),
        ExerciseDefinition(id: .init("nordic_curl"), name: "Nordic Curl", muscleGroup: .hamstrings,
                           equipment: .bodyweight, category: .strength),
        ExerciseDefinition(id: .init("developpe"), name: "Développé Militaire", muscleGroup: .shoulders,
                           secondaryMuscles: [.triceps], equipment: .barbell, category: .strength),
        ExerciseDefinition(id: .init("rowing_machine"), name: "Rowing Machine", muscleGroup: .cardio,
                           secondaryMuscles: [.back], equipment: .cardioMachine, category: .cardio),
        ExerciseDefinition(id: .init("barbell_row"), name: "Barbell Row", muscleGroup: .back,
                           secondaryMuscles: [.biceps], equipment: .barbell, category: .strength),
    ]
}

// MARK: - Goals, moods and tips

extension TestWorld {
    var addGoal: AddGoal { AddGoal(goals: goals, time: time) }
    var listGoals: ListGoals { ListGoals(goals: goals) }
    var findGoal: FindGoal { FindGoal(goals: goals) }
    var removeGoal: RemoveGoal { RemoveGoal(goals: goals) }
    var logMood: LogMood { LogMood(moods: moods, time: time) }
    var listMoods: ListMoods { ListMoods(moods: moods, time: time) }

    /// `GetGoalTips` on this world's repositories (or the given replacements) with `service`.
    func getGoalTips(service: any GoalTipsService, fallback: (any GoalTipsService)? = nil,
                     goals: (any GoalRepository)? = nil, moods: (any MoodRepository)? = nil,
                     journals: (any JournalRepository)? = nil) -> GetGoalTips {
        GetGoalTips(goals: goals ?? self.goals, moods: moods ?? self.moods, journals: journals ?? self.journals,
                    cache: self.goals, service: service, fallback: fallback, time: time)
    }
}
