import WellnessApplication
import WellnessDomain

extension WellnessRepositories {
    /// Fresh, empty in-memory repositories, keeping `registry`'s kinds of records.
    public static func inMemory(registry: RecordRegistry = .standard) -> WellnessRepositories {
        let changes = StoreChangeFeed()
        let checkins = InMemoryCheckinRepository(changes: changes)
        let weights = InMemoryWeightRepository(changes: changes)
        let moduleSettings = InMemoryModuleSettingsRepository(changes: changes)
        return WellnessRepositories(moduleSettings: moduleSettings,
                                    dogProfile: InMemoryDogProfileRepository(changes: changes),
                                    nudgeSnoozes: InMemoryNudgeSnoozeRepository(changes: changes),
                                    interventionLog: InMemoryInterventionLogRepository(changes: changes),
                                    journals: InMemoryJournalRepository(changes: changes),
                                    supplements: InMemorySupplementRepository(changes: changes),
                                    exercises: InMemoryExerciseRepository(changes: changes),
                                    goals: InMemoryGoalRepository(changes: changes),
                                    moods: InMemoryMoodRepository(changes: changes),
                                    weights: weights,
                                    health: InMemoryHealthRepository(keptWith: weights),
                                    checkins: checkins,
                                    checkinQueue: InMemoryCheckinQueueRepository(changes: changes),
                                    tier: InMemoryTierRepository(changes: changes),
                                    driftCache: InMemoryDriftCacheRepository(changes: changes),
                                    idempotency: InMemoryIdempotencyRepository(checkins: checkins),
                                    syncLog: InMemorySyncLogRepository(),
                                    records: InMemoryRecordRepositories(changes: changes, moduleSettings: moduleSettings),
                                    registry: registry,
                                    changes: changes,
                                    location: "memory", modulesKeptWithRecords: true)
    }
}
