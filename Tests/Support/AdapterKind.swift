import Foundation
import WellnessApplication
import WellnessComposition

/// The storage adapters every repository contract suite runs against, built by the same
/// factories the app uses (`WellnessRepositories`), so tests and app wire stores one way.
public enum AdapterKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case inMemory
    case jsonFile
    case sqlite

    public var description: String { rawValue }

    /// A fresh, empty set of this adapter's repositories in a new temporary directory.
    public func makeStore() throws -> TestStore {
        let directory = try TemporaryDirectory()
        return TestStore(directory: directory, repositories: try open(directory))
    }

    /// A second, independent set of repositories on the same files (as another process would
    /// open them); for in-memory, the same instances.
    public func reopen(_ store: TestStore) throws -> TestStore {
        guard self != .inMemory else { return store }
        return TestStore(directory: store.directory, repositories: try open(store.directory))
    }

    private func open(_ directory: TemporaryDirectory) throws -> WellnessRepositories {
        switch self {
        case .inMemory: .inMemory()
        case .jsonFile: try .jsonFiles(in: directory.url)
        case .sqlite: try .sqlite(in: directory.url)
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
    /// Health samples, kept with ``weights``.
    public let health: any HealthRepository
    public let checkins: any CheckinRepository
    public let checkinQueue: any CheckinQueueRepository
    public let tier: any TierRepository
    public let driftCache: any DriftCacheRepository
    /// The idempotency records kept with ``checkins``.
    public let idempotency: any IdempotencyRepository

    init(directory: TemporaryDirectory, repositories: WellnessRepositories) {
        self.directory = directory
        moduleSettings = repositories.moduleSettings
        dogProfile = repositories.dogProfile
        nudgeSnoozes = repositories.nudgeSnoozes
        interventionLog = repositories.interventionLog
        journals = repositories.journals
        supplements = repositories.supplements
        exercises = repositories.exercises
        // Every built-in store serves goals and their tips cache from one adapter.
        goals = repositories.goals as! any GoalRepository & TipsCacheRepository
        moods = repositories.moods
        weights = repositories.weights
        health = repositories.health
        checkins = repositories.checkins
        checkinQueue = repositories.checkinQueue
        tier = repositories.tier
        driftCache = repositories.driftCache
        idempotency = repositories.idempotency!
    }
}
