import Foundation
import Logging
import WellnessApplication
import WellnessDomain

extension WellnessRepositories {
    /// Repositories on JSON files in `directory` (created 0700 if missing), keeping
    /// `registry`'s kinds of records.
    public static func jsonFiles(in directory: URL, registry: RecordRegistry = .standard,
                                 logger: Logger = Logger(label: "wellness.jsonfile")) throws -> WellnessRepositories {
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
                                    syncLog: JSONFileSyncLogRepository(store: store),
                                    records: JSONFileRecordRepositories(store: store),
                                    registry: registry,
                                    changes: store.changes,
                                    location: directory.path,
                                    onDisk: JSONFileStoreOnDisk(store: store, registry: registry, logger: logger),
                                    modulesKeptWithRecords: true)
    }
}

/// A directory of JSON files, whose data files a restore replaces all at once
/// (``JSONFileStore/replaceCollections(_:with:)``).
struct JSONFileStoreOnDisk: StoreOnDisk {
    let store: JSONFileStore
    let registry: RecordRegistry
    let logger: Logger

    var kind: String { "json" }
    var directory: URL { store.directory }

    func emptyStore(in directory: URL, registry: RecordRegistry) throws -> WellnessRepositories {
        try .jsonFiles(in: directory, registry: registry, logger: logger)
    }

    /// The files a restore replaces: the repositories' (``JSONFileStore/personalCollections``),
    /// those of the registry's kinds that have no repository of their own, and the sync log,
    /// which no archive holds (so a restored store starts as a new device, as a SQLite one does).
    var files: [String] {
        JSONFileStore.personalCollections + registry.collections.map(JSONFileRecordRepositories.file(of:))
            + [JSONFileSyncLogRepository.file]
    }

    func replaceContents(with staged: any StoreOnDisk) async throws {
        guard let staged = staged as? JSONFileStoreOnDisk else {
            preconditionFailure("a JSON store is replaced by a JSON store, not a \(staged.kind) one")
        }
        try await store.replaceCollections(files, with: staged.store)
    }
}
