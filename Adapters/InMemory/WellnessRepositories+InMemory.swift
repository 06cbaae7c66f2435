import WellnessApplication
import WellnessDomain

extension WellnessRepositories {
    /// Fresh, empty in-memory repositories, keeping `registry`'s kinds of records.
    public static func inMemory(registry: RecordRegistry = .standard) -> WellnessRepositories {
        let checkins = InMemoryCheckinRepository()
        let weights = InMemoryWeightRepository()
        return WellnessRepositories(moduleSettings: InMemoryModuleSettingsRepository(),
                                    dogProfile: InMemoryDogProfileRepository(),
                                    nudgeSnoozes: InMemoryNudgeSnoozeRepository(),
                                    interventionLog: InMemoryInterventionLogRepository(),
                                    journals: InMemoryJournalRepository(),
                                    supplements: InMemorySupplementRepository(),
                                    exercises: InMemoryExerciseRepository(),
                                    goals: InMemoryGoalRepository(),
                                    moods: InMemoryMoodRepository(),
                                    weights: weights,
                                    health: InMemoryHealthRepository(keptWith: weights),
                                    checkins: checkins,
                                    checkinQueue: InMemoryCheckinQueueRepository(),
                                    tier: InMemoryTierRepository(),
                                    driftCache: InMemoryDriftCacheRepository(),
                                    idempotency: InMemoryIdempotencyRepository(checkins: checkins),
                                    records: InMemoryRecordRepositories(),
                                    registry: registry,
                                    location: "memory")
    }
}
