import Foundation
import WellnessDomain

/// One implementation of every repository port: the whole of one person's store. Each store
/// adapter builds its bundle (`WellnessRepositories.inMemory()`, `.sqlite(in:)`,
/// `.jsonFiles(in:)`); an app builds its own from any adapters that conform to the ports, or
/// swaps one port of a built-in bundle.
///
/// Which kinds of records the store keeps is its ``registry``: backup, restore and `migrate`
/// iterate it. A kind without a port of its own is kept in ``records``.
public struct WellnessRepositories: Sendable {
    /// The module choices and each module's activity.
    public var moduleSettings: any ModuleSettingsRepository {
        didSet {
            swapped()
            modulesKeptWithRecords = false
        }
    }
    /// The profile of the dog being tracked.
    public var dogProfile: any DogProfileRepository { didSet { swapped() } }
    /// The "Not now" snoozes of nudges.
    public var nudgeSnoozes: any NudgeSnoozeRepository { didSet { swapped() } }
    /// Completions of interventions and catch-up decisions about them.
    public var interventionLog: any InterventionLogRepository { didSet { swapped() } }
    /// Daily journals, one per local day.
    public var journals: any JournalRepository { didSet { swapped() } }
    /// The supplement stack and what was taken on which day.
    public var supplements: any SupplementRepository { didSet { swapped() } }
    /// The exercise library.
    public var exercises: any ExerciseRepository { didSet { swapped() } }
    /// Goals.
    public var goals: any GoalRepository { didSet { swapped() } }
    /// Mood entries, one per day.
    public var moods: any MoodRepository { didSet { swapped() } }
    /// The last tips generated per goal; `init` sets it to the `goals` adapter, which keeps both.
    public var tipsCache: any TipsCacheRepository { didSet { swapped() } }
    /// Weigh-ins.
    public var weights: any WeightRepository { didSet { swapped() } }
    /// Imported health samples, kept with ``weights`` so that an import saves both at once.
    public var health: any HealthRepository { didSet { swapped() } }
    /// Check-ins, at most one per local day.
    public var checkins: any CheckinRepository { didSet { swapped() } }
    /// The offline queue of check-ins waiting to be sent to a server.
    public var checkinQueue: any CheckinQueueRepository { didSet { swapped() } }
    /// The stored tier (a tier override wins over it).
    public var tier: any TierRepository { didSet { swapped() } }
    /// Answers of a server's Drift API, cached with the moment each was fetched.
    public var driftCache: any DriftCacheRepository { didSet { swapped() } }
    /// The idempotency records of check-ins submitted to a server, kept with ``checkins`` so
    /// that a submission writes both at once; `nil` for a store that takes no submissions (a
    /// server cannot open an account on it).
    public var idempotency: (any IdempotencyRepository)? { didSet { swapped() } }
    /// What sync knows of the store's records (``SyncLogRepository``); `nil` for a store that
    /// cannot sync.
    public var syncLog: (any SyncLogRepository)? { didSet { swapped() } }
    /// The records of the kinds that have no port of their own (an app's own kinds).
    public var records: any RecordRepositories {
        didSet {
            swapped()
            modulesKeptWithRecords = false
        }
    }
    /// The kinds of records the store keeps, which a backup holds.
    public let registry: RecordRegistry
    /// Where the store tells what changed in it: each built-in store reports its own writes
    /// here and notices other processes' (see ``StoreChangeFeed``). A port swapped in reports
    /// only if its adapter is given this feed.
    public let changes: StoreChangeFeed
    /// Where the data lives, for messages (a file, a directory, or "memory").
    public var location: String
    /// The built-in store on disk these repositories are, which a restore replaces whole; `nil`
    /// for memory, for a bundle of other adapters, and as soon as one port is swapped.
    public private(set) var onDisk: (any StoreOnDisk)?
    /// Whether ``records`` records a module's use in ``moduleSettings`` itself, in the same
    /// transaction (``RecordRepository/write(_:removing:usingModule:at:)``): true for the
    /// built-in bundles until either port is swapped (see ``tracker(for:)``).
    public private(set) var modulesKeptWithRecords: Bool

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
                syncLog: (any SyncLogRepository)? = nil, records: any RecordRepositories, registry: RecordRegistry = .standard,
                changes: StoreChangeFeed = StoreChangeFeed(), location: String, onDisk: (any StoreOnDisk)? = nil,
                modulesKeptWithRecords: Bool = false) {
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
        self.syncLog = syncLog
        self.records = records
        self.registry = registry
        self.changes = changes
        self.location = location
        self.onDisk = onDisk
        self.modulesKeptWithRecords = modulesKeptWithRecords
    }

    /// A port was replaced: the store on disk no longer holds all of this bundle's data.
    private mutating func swapped() {
        onDisk = nil
    }

    /// Every day a store can hold.
    public static let allDays = LocalDay.first...(LocalDay(year: CivilTime.years.upperBound, month: 12, day: 31) ?? LocalDay.first)
    /// Every instant a store can hold.
    public static let allTime = DateInterval(start: Date(timeIntervalSince1970: -62_135_596_800),
                                             end: Date(timeIntervalSince1970: 253_402_300_800))
}

/// A built-in store on disk (a SQLite database, a directory of JSON files), which a restore
/// replaces whole: the archive is restored into a new store of the same kind beside it, read
/// back, and moved in at once.
public protocol StoreOnDisk: Sendable {
    /// The kind of store, as `--store` names it (`sqlite`, `json`).
    var kind: String { get }
    /// The data directory the store is in.
    var directory: URL { get }
    /// A new, empty store of the same kind in `directory`, keeping `registry`'s kinds.
    func emptyStore(in directory: URL, registry: RecordRegistry) throws -> WellnessRepositories
    /// Replaces this store's contents with `staged`'s (a store ``emptyStore(in:registry:)``
    /// opened), at once: a reader sees all of the old or all of the new.
    func replaceContents(with staged: any StoreOnDisk) async throws
}
