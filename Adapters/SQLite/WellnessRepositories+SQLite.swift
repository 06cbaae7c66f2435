import Foundation
import Logging
import WellnessApplication
import WellnessDomain

extension WellnessRepositories {
    /// Repositories on `wellness.sqlite` in `directory` (created 0700 if missing), keeping
    /// `registry`'s kinds of records.
    public static func sqlite(in directory: URL, registry: RecordRegistry = .standard,
                              logger: Logger = Logger(label: "wellness.sqlite")) throws -> WellnessRepositories {
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
                                    syncLog: SQLiteSyncLogRepository(database: database),
                                    records: SQLiteRecordRepositories(database: database),
                                    registry: registry,
                                    changes: database.changes ?? StoreChangeFeed(),
                                    location: database.path,
                                    onDisk: SQLiteStoreOnDisk(database: database, directory: directory, logger: logger),
                                    modulesKeptWithRecords: true)
    }
}

/// A `wellness.sqlite`, which a restore replaces whole (``SQLiteDatabase/replaceContents(with:)``).
struct SQLiteStoreOnDisk: StoreOnDisk {
    let database: SQLiteDatabase
    let directory: URL
    let logger: Logger

    var kind: String { "sqlite" }

    func emptyStore(in directory: URL, registry: RecordRegistry) throws -> WellnessRepositories {
        try .sqlite(in: directory, registry: registry, logger: logger)
    }

    func replaceContents(with staged: any StoreOnDisk) async throws {
        guard let staged = staged as? SQLiteStoreOnDisk else {
            preconditionFailure("a SQLite store is replaced by a SQLite store, not a \(staged.kind) one")
        }
        try await database.replaceContents(with: staged.database)
    }
}
