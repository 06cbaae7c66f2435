import Foundation
import WellnessApplication
import WellnessInMemory
import WellnessJSONFile
import WellnessSQLite

/// The storage adapters every repository contract suite runs against.
public enum AdapterKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case inMemory
    case jsonFile
    case sqlite

    public var description: String { rawValue }

    /// A fresh, empty set of this adapter's repositories in a new temporary directory.
    public func makeStore() throws -> TestStore {
        let directory = try TemporaryDirectory()
        switch self {
        case .inMemory:
            return TestStore(directory: directory,
                             moduleSettings: InMemoryModuleSettingsRepository(),
                             dogProfile: InMemoryDogProfileRepository(),
                             nudgeSnoozes: InMemoryNudgeSnoozeRepository(),
                             interventionLog: InMemoryInterventionLogRepository(),
                             journals: InMemoryJournalRepository(),
                             supplements: InMemorySupplementRepository(),
                             exercises: InMemoryExerciseRepository(),
                             goals: InMemoryGoalRepository(),
                             moods: InMemoryMoodRepository(),
                             weights: InMemoryWeightRepository(),
                             checkins: InMemoryCheckinRepository(),
                             checkinQueue: InMemoryCheckinQueueRepository(),
                             tier: InMemoryTierRepository(),
                             driftCache: InMemoryDriftCacheRepository())
        case .jsonFile:
            let store = try JSONFileStore(directory: directory.url)
            return TestStore(directory: directory,
                             moduleSettings: JSONFileModuleSettingsRepository(store: store),
                             dogProfile: JSONFileDogProfileRepository(store: store),
                             nudgeSnoozes: JSONFileNudgeSnoozeRepository(store: store),
                             interventionLog: JSONFileInterventionLogRepository(store: store),
                             journals: JSONFileJournalRepository(store: store),
                             supplements: JSONFileSupplementRepository(store: store),
                             exercises: JSONFileExerciseRepository(store: store),
                             goals: JSONFileGoalRepository(store: store),
                             moods: JSONFileMoodRepository(store: store),
                             weights: JSONFileWeightRepository(store: store),
                             checkins: JSONFileCheckinRepository(store: store),
                             checkinQueue: JSONFileCheckinQueueRepository(store: store),
                             tier: JSONFileTierRepository(store: store),
                             driftCache: JSONFileDriftCacheRepository(store: store))
        case .sqlite:
            let database = try SQLiteDatabase(file: directory.url.appendingPathComponent("wellness.sqlite"))
            return TestStore(directory: directory,
                             moduleSettings: SQLiteModuleSettingsRepository(database: database),
                             dogProfile: SQLiteDogProfileRepository(database: database),
                             nudgeSnoozes: SQLiteNudgeSnoozeRepository(database: database),
                             interventionLog: SQLiteInterventionLogRepository(database: database),
                             journals: SQLiteJournalRepository(database: database),
                             supplements: SQLiteSupplementRepository(database: database),
                             exercises: SQLiteExerciseRepository(database: database),
                             goals: SQLiteGoalRepository(database: database),
                             moods: SQLiteMoodRepository(database: database),
                             weights: SQLiteWeightRepository(database: database),
                             checkins: SQLiteCheckinRepository(database: database),
                             checkinQueue: SQLiteCheckinQueueRepository(database: database),
                             tier: SQLiteTierRepository(database: database),
                             driftCache: SQLiteDriftCacheRepository(database: database))
        }
    }

    /// A second, independent set of repositories on the same files (as another process would
    /// open them); for in-memory, the same instances.
    public func reopen(_ store: TestStore) throws -> TestStore {
        switch self {
        case .inMemory:
            return store
        case .jsonFile:
            let files = try JSONFileStore(directory: store.directory.url)
            return TestStore(directory: store.directory,
                             moduleSettings: JSONFileModuleSettingsRepository(store: files),
                             dogProfile: JSONFileDogProfileRepository(store: files),
                             nudgeSnoozes: JSONFileNudgeSnoozeRepository(store: files),
                             interventionLog: JSONFileInterventionLogRepository(store: files),
                             journals: JSONFileJournalRepository(store: files),
                             supplements: JSONFileSupplementRepository(store: files),
                             exercises: JSONFileExerciseRepository(store: files),
                             goals: JSONFileGoalRepository(store: files),
                             moods: JSONFileMoodRepository(store: files),
                             weights: JSONFileWeightRepository(store: files),
                             checkins: JSONFileCheckinRepository(store: files),
                             checkinQueue: JSONFileCheckinQueueRepository(store: files),
                             tier: JSONFileTierRepository(store: files),
                             driftCache: JSONFileDriftCacheRepository(store: files))
        case .sqlite:
            let database = try SQLiteDatabase(file: store.directory.url.appendingPathComponent("wellness.sqlite"))
            return TestStore(directory: store.directory,
                             moduleSettings: SQLiteModuleSettingsRepository(database: database),
                             dogProfile: SQLiteDogProfileRepository(database: database),
                             nudgeSnoozes: SQLiteNudgeSnoozeRepository(database: database),
                             interventionLog: SQLiteInterventionLogRepository(database: database),
                             journals: SQLiteJournalRepository(database: database),
                             supplements: SQLiteSupplementRepository(database: database),
                             exercises: SQLiteExerciseRepository(database: database),
                             goals: SQLiteGoalRepository(database: database),
                             moods: SQLiteMoodRepository(database: database),
                             weights: SQLiteWeightRepository(database: database),
                             checkins: SQLiteCheckinRepository(database: database),
                             checkinQueue: SQLiteCheckinQueueRepository(database: database),
                             tier: SQLiteTierRepository(database: database),
                             driftCache: SQLiteDriftCacheRepository(database: database))
        }
    }
}

/// One adapter's repositories plus the directory holding its files.
public struct TestStore: Sendable {
    public let directory: TemporaryDirectory
    public let moduleSettings: any ModuleSettingsRepository
    public let dogProfile: any DogProfileRepository
    public let nudgeSnoozes: any NudgeSnoozeRepository
    public let interventionLog: any InterventionLogRepository
    public let journals: any JournalRepository
    public let supplements: any SupplementRepository
    public let exercises: any ExerciseRepository
    /// Goals and their cached tips (one adapter serves both ports).
    public let goals: any GoalRepository & TipsCacheRepository
    public let moods: any MoodRepository
    public let weights: any WeightRepository
    public let checkins: any CheckinRepository
    public let checkinQueue: any CheckinQueueRepository
    public let tier: any TierRepository
    public let driftCache: any DriftCacheRepository
}
