import Foundation
import WellnessDomain

/// The repositories a backup reads and a restore writes: every collection of one person's store.
///
/// Caches (the Drift server's responses) and a server's idempotency records are not part of it:
/// they are rebuilt or expire on their own.
public struct BackupRepositories: Sendable {
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
    /// The last tips generated per goal.
    public var tipsCache: any TipsCacheRepository
    /// Mood entries, one per day.
    public var moods: any MoodRepository
    /// Weigh-ins; written through ``health``'s transaction, which keeps them.
    public var weights: any WeightRepository
    /// Health samples; its transaction also writes the weigh-ins.
    public var health: any HealthRepository
    /// Check-ins, at most one per local day.
    public var checkins: any CheckinRepository
    /// The offline queue of check-ins, and until when the server asked to wait.
    public var checkinQueue: any CheckinQueueRepository
    /// The stored tier.
    public var tier: any TierRepository

    /// The repositories of one store, one for each collection.
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
    /// How many records of each collection the store holds.
    public let counts: BackupCounts
    /// The store's settings.
    public let settings: BackupSettings

    /// Contents of `counts` records, and `settings`.
    public init(counts: BackupCounts, settings: BackupSettings) {
        self.counts = counts
        self.settings = settings
    }

    /// No record, and settings nobody has changed (``BackupSettings/isUnused``).
    public var isEmpty: Bool { counts.total == 0 && settings.isUnused }
}
