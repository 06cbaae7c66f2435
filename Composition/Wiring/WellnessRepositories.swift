import Foundation
import Logging
import WellnessApplication
import WellnessInMemory
import WellnessJSONFile
import WellnessSQLite

/// One implementation of every repository port. Pick one of the built-in stores, or build
/// your own from any adapters that conform to the ports.
public struct WellnessRepositories: Sendable {
    /// The module choices and each module's activity.
    public var moduleSettings: any ModuleSettingsRepository
    /// The profile of the dog being tracked.
    public var dogProfile: any DogProfileRepository
    /// The "Not now" snoozes of nudges.
    public var nudgeSnoozes: any NudgeSnoozeRepository
    /// Completions of interventions and catch-up decisions about them.
    public var interventionLog: any InterventionLogRepository
    /// Daily journals, one per local day.
    public var journals: any JournalRepository
    /// The supplement stack and what was taken on which day.
    public var supplements: any SupplementRepository
    /// The exercise library.
    public var exercises: any ExerciseRepository
    /// Goals.
    public var goals: any GoalRepository
    /// Mood entries, one per day.
    public var moods: any MoodRepository
    /// The last tips generated per goal; `init` sets it to the `goals` adapter, which keeps both.
    public var tipsCache: any TipsCacheRepository
    /// Weigh-ins.
    public var weights: any WeightRepository
    /// Imported health samples, kept with ``weights`` so that an import saves both at once.
    public var health: any HealthRepository
    /// Check-ins, at most one per local day.
    public var checkins: any CheckinRepository
    /// The offline queue of check-ins waiting to be sent to a server.
    public var checkinQueue: any CheckinQueueRepository
    /// The stored tier (a tier override wins over it).
    public var tier: any TierRepository
    /// Answers of a server's Drift API, cached with the moment each was fetched.
    public var driftCache: any DriftCacheRepository
    /// The idempotency records of check-ins submitted to a server, kept with ``checkins`` so
    /// that a submission writes both at once; `nil` for a store that takes no submissions (a
    /// server cannot open an account on it).
    public var idempotency: (any IdempotencyRepository)?
    /// Where the data lives, for messages (a file, a directory, or "memory").
    public var location: String
    /// The database or directory of a built-in store on disk, which a restore replaces whole;
    /// `nil` for memory and for stores built from other adapters.
    var disk: DiskStore?

    /// A store from any adapters, `goals` keeping the tips cache too. A restore fills such a
    /// store only while it is empty (it cannot replace it), and it cannot be migrated.
    public init(moduleSettings: any ModuleSettingsRepository, dogProfile: any DogProfileRepository,
                nudgeSnoozes: any NudgeSnoozeRepository, interventionLog: any InterventionLogRepository,
                journals: any JournalRepository, supplements: any SupplementRepository,
                exercises: any ExerciseRepository, goals: any GoalRepository & TipsCacheRepository,
                moods: any MoodRepository, weights: any WeightRepository, health: any HealthRepository,
                checkins: any CheckinRepository,
                checkinQueue: any CheckinQueueRepository, tier: any TierRepository,
                driftCache: any DriftCacheRepository, idempotency: (any IdempotencyRepository)? = nil,
                location: String) {
        self.moduleSettings = moduleSettings
        self.dogProfile = dogProfile
        self.nudgeSnoozes = nudgeSnoozes
        self.interventionLog = interventionLog
        self.journals = journals
        self.supplements = supplements
        self.exercises = exercises
        self.goals = goals
        self.moods = moods
        self.tipsCache = goals
        self.weights = weights
        self.health = health
        self.checkins = checkins
        self.checkinQueue = checkinQueue
        self.tier = tier
        self.driftCache = driftCache
        self.idempotency = idempotency
        self.location = location
    }

    /// Fresh, empty in-memory repositories.
    public static func inMemory() -> WellnessRepositories {
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
                             location: "memory")
    }

    /// Repositories on `wellness.sqlite` in `directory` (created 0700 if missing).
    public static func sqlite(in directory: URL, logger: Logger = Logger(label: "wellness.sqlite")) throws
        -> WellnessRepositories
    {
        let database = try SQLiteDatabase(file: directory.appendingPathComponent("wellness.sqlite"), logger: logger)
        return WellnessRepositories(moduleSettings: SQLiteModuleSettingsRepository(database: database),
                                    dogProfile: SQLiteDogProfileRepository(database: database),
                                    nudgeSnoozes: SQLiteNudgeSnoozeRepository(database: database),
                                    interventionLog: SQLiteInterventionLogRepository(database: database),
                                    journals: SQLiteJournalRepository(database: database),
                                    supplements: SQLiteSupplementRepository(database: database),
                                    exercises: SQLiteExerciseRepository(database: database),
                                    goals: SQLiteGoalRepository(database: database),
                                    moods: SQLiteMoodRepository(database: database),
                                    weights: SQLiteWeightRepository(database: database),
                                    health: SQLiteHealthRepository(database: database),
                                    checkins: SQLiteCheckinRepository(database: database),
                                    checkinQueue: SQLiteCheckinQueueRepository(database: database),
                                    tier: SQLiteTierRepository(database: database),
                                    driftCache: SQLiteDriftCacheRepository(database: database),
                                    idempotency: SQLiteIdempotencyRepository(database: database),
                                    location: database.path)
            .on(.sqlite(database), in: directory)
    }

    /// Repositories on JSON files in `directory` (created 0700 if missing).
    public static func jsonFiles(in directory: URL, logger: Logger = Logger(label: "wellness.jsonfile")) throws
        -> WellnessRepositories
    {
        let store = try JSONFileStore(directory: directory, logger: logger)
        return WellnessRepositories(moduleSettings: JSONFileModuleSettingsRepository(store: store),
                                    dogProfile: JSONFileDogProfileRepository(store: store),
                                    nudgeSnoozes: JSONFileNudgeSnoozeRepository(store: store),
                                    interventionLog: JSONFileInterventionLogRepository(store: store),
                                    journals: JSONFileJournalRepository(store: store),
                                    supplements: JSONFileSupplementRepository(store: store),
                                    exercises: JSONFileExerciseRepository(store: store),
                                    goals: JSONFileGoalRepository(store: store),
                                    moods: JSONFileMoodRepository(store: store),
                                    weights: JSONFileWeightRepository(store: store),
                                    health: JSONFileHealthRepository(store: store),
                                    checkins: JSONFileCheckinRepository(store: store),
                                    checkinQueue: JSONFileCheckinQueueRepository(store: store),
                                    tier: JSONFileTierRepository(store: store),
                                    driftCache: JSONFileDriftCacheRepository(store: store),
                                    idempotency: JSONFileIdempotencyRepository(store: store),
                                    location: directory.path)
            .on(.json(store), in: directory)
    }

    /// The repositories of a built-in store kind.
    public static func make(_ kind: StoreKind, directory: URL, logger: Logger) throws -> WellnessRepositories {
        switch kind {
        case .sqlite: try sqlite(in: directory, logger: logger)
        case .json: try jsonFiles(in: directory, logger: logger)
        case .memory: inMemory()
        }
    }

    /// Every collection a backup holds.
    public var backup: BackupRepositories {
        BackupRepositories(moduleSettings: moduleSettings, dogProfile: dogProfile, nudgeSnoozes: nudgeSnoozes,
                           interventionLog: interventionLog, journals: journals, supplements: supplements,
                           exercises: exercises, goals: goals, tipsCache: tipsCache, moods: moods, weights: weights,
                           health: health, checkins: checkins, checkinQueue: checkinQueue, tier: tier)
    }

    private func on(_ handle: DiskStore.Handle, in directory: URL) -> WellnessRepositories {
        var repositories = self
        repositories.disk = DiskStore(handle: handle, directory: directory)
        return repositories
    }
}

/// A built-in store on disk: what a restore moves a new store's contents into.
struct DiskStore: Sendable {
    enum Handle: Sendable {
        case sqlite(SQLiteDatabase)
        case json(JSONFileStore)
    }

    let handle: Handle
    /// The data directory it is in.
    let directory: URL

    var kind: StoreKind {
        switch handle {
        case .sqlite: .sqlite
        case .json: .json
        }
    }

    /// Replaces this store's contents with `staged`'s (a store of the same kind), at once.
    func replaceContents(with staged: DiskStore) async throws {
        switch (handle, staged.handle) {
        case (.sqlite(let database), .sqlite(let stagedDatabase)):
            try await database.replaceContents(with: stagedDatabase)
        case (.json(let store), .json(let stagedStore)):
            try await store.replaceCollections(JSONFileStore.personalCollections, with: stagedStore)
        default:
            preconditionFailure("a store is replaced by a store of its own kind")
        }
    }
}
