import Foundation
import WellnessDomain

/// The repositories a backup reads and a restore writes: every collection of one person's store.
///
/// Caches (the Drift server's responses) and a server's idempotency records are not part of it:
/// they are rebuilt or expire on their own.
public struct BackupRepositories: Sendable {
    public var moduleSettings: any ModuleSettingsRepository
    public var dogProfile: any DogProfileRepository
    public var nudgeSnoozes: any NudgeSnoozeRepository
    public var interventionLog: any InterventionLogRepository
    public var journals: any JournalRepository
    public var supplements: any SupplementRepository
    public var exercises: any ExerciseRepository
    public var goals: any GoalRepository
    public var tipsCache: any TipsCacheRepository
    public var moods: any MoodRepository
    /// Weigh-ins; written through ``health``'s transaction, which keeps them.
    public var weights: any WeightRepository
    public var health: any HealthRepository
    public var checkins: any CheckinRepository
    public var checkinQueue: any CheckinQueueRepository
    public var tier: any TierRepository

    public init(moduleSettings: any ModuleSettingsRepository, dogProfile: any DogProfileRepository,
                nudgeSnoozes: any NudgeSnoozeRepository, interventionLog: any InterventionLogRepository,
                journals: any JournalRepository, supplements: any SupplementRepository,
                exercises: any ExerciseRepository, goals: any GoalRepository, tipsCache: any TipsCacheRepository,
                moods: any MoodRepository, weights: any WeightRepository, health: any HealthRepository,
                checkins: any CheckinRepository, checkinQueue: any CheckinQueueRepository, tier: any TierRepository) {
        self.moduleSettings = moduleSettings
        self.dogProfile = dogProfile
        self.nudgeSnoozes = nudgeSnoozes
        self.interventionLog = interventionLog
        self.journals = journals
        self.supplements = supplements
        self.exercises = exercises
        self.goals = goals
        self.tipsCache = tipsCache
        self.moods = moods
        self.weights = weights
        self.health = health
        self.checkins = checkins
        self.checkinQueue = checkinQueue
        self.tier = tier
    }

    /// Every day a store can hold.
    static let allDays = LocalDay.first...(LocalDay(year: CivilTime.years.upperBound, month: 12, day: 31) ?? LocalDay.first)
    /// Every instant a store can hold.
    static let allTime = DateInterval(start: Date(timeIntervalSince1970: -62_135_596_800),
                                      end: Date(timeIntervalSince1970: 253_402_300_800))
}

/// What a store holds: how many records of each collection, and its settings.
public struct StoreContents: Sendable, Equatable {
    public let counts: BackupCounts
    public let settings: BackupSettings

    public init(counts: BackupCounts, settings: BackupSettings) {
        self.counts = counts
        self.settings = settings
    }

    /// No record, and settings nobody has changed (``BackupSettings/isUnused``).
    public var isEmpty: Bool { counts.total == 0 && settings.isUnused }
}
