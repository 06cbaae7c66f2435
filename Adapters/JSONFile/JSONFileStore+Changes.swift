#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WellnessApplication
import WellnessDomain

extension JSONFileStore {
    /// The collections (as a ``StoreChange`` names them) a file of this store holds: one file
    /// may hold several (`intervention-log` holds completions and decisions), and an app's own
    /// kind is in `<collection>.records`.
    static func collections(ofFile name: String) -> Set<RecordCollection> {
        if name.hasSuffix(JSONFileRecordRepositories.fileSuffix) {
            return [RecordCollection(rawValue: String(name.dropLast(JSONFileRecordRepositories.fileSuffix.count)))]
        }
        return switch name {
        case JSONFileModuleSettingsRepository.collection: [ModuleSettingsSetting.collection]
        case JSONFileDogProfileRepository.collection: [DogProfileSetting.collection]
        case JSONFileNudgeSnoozeRepository.collection: [NudgeSnoozeRecords.collection]
        case JSONFileInterventionLogRepository.collection: [CompletionRecords.collection, DecisionRecords.collection]
        case JSONFileJournalRepository.collection: [JournalRecords.collection]
        case JSONFileSupplementRepository.stackCollection: [SupplementStackSetting.collection]
        case JSONFileSupplementRepository.logCollection: [SupplementLogRecords.collection]
        case JSONFileExerciseRepository.collection: [ExerciseLibrarySetting.collection]
        case JSONFileGoalRepository.collection: [GoalRecords.collection, GoalTipsRecords.collection]
        case JSONFileMoodRepository.collection: [MoodRecords.collection]
        case JSONFileWeightRepository.collection: [WeightRecords.collection]
        case JSONFileHealthRepository.collection: [HealthRecords.collection]
        case JSONFileCheckinRepository.collection: [CheckinRecords.collection]
        case JSONFileCheckinQueueRepository.collection: [QueuedCheckinRecords.collection, CheckinPauseSetting.collection]
        case JSONFileTierRepository.collection: [TierSetting.collection]
        case JSONFileDriftCacheRepository.collection: [.driftCache]
        case JSONFileIdempotencyRepository.collection: [.idempotency]
        case JSONFileSyncLogRepository.file: [.syncLog]
        default: []
        }
    }

    /// Tells ``changes`` that the files `names` were written or removed (`records` of them, by
    /// identity, where the caller knows which).
    func report(files names: some Sequence<String>, records: Set<String> = []) {
        let collections = names.reduce(into: Set<RecordCollection>()) { $0.formUnion(Self.collections(ofFile: $1)) }
        changes.report(collections, records: records.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: collections.map {
            ($0, records)
        }))
    }

    /// What a file looked like, to tell a rewrite from no change: every write renames a new
    /// file over the old one, so its inode changes even when size and time do not.
    struct FileStamp: Equatable, Sendable {
        let inode: UInt64
        let size: Int64
        let modified: Int64

        /// `file`'s stamp, or `nil` when it does not exist.
        init?(_ file: URL) {
            var info = stat()
            guard stat(file.path, &info) == 0 else { return nil }
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            #endif
        }
    }

    /// The stamps of the collection files (`<name>.json`, not hidden) in `directory`, by name.
    static func stamps(in directory: URL) -> [String: FileStamp] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var stamps: [String: FileStamp] = [:]
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            stamps[String(name.dropLast(".json".count))] = FileStamp(directory.appendingPathComponent(name))
        }
        return stamps
    }
}

/// The stamps of the files this process wrote last, so that a watcher tells them from another
/// process's writes (which this process did not report).
final class OwnWrites: @unchecked Sendable {
    private let lock = NSLock()
    private var stamps: [String: JSONFileStore.FileStamp?] = [:]

    func wrote(_ name: String, _ stamp: JSONFileStore.FileStamp?) {
        lock.withLock { stamps[name] = .some(stamp) }
    }

    /// Whether `stamp` is what this process left `name` as.
    func isOwn(_ name: String, _ stamp: JSONFileStore.FileStamp?) -> Bool {
        lock.withLock { stamps[name].map { $0 == stamp } ?? false }
    }
}

/// Notices what other processes write to a JSON-file store: a collection file whose stamp
/// changed, unless this process wrote it so (see ``OwnWrites``).
final class JSONFileChangeWatcher: ForeignWriteWatcher, @unchecked Sendable {
    private let directory: URL
    private let ownWrites: OwnWrites
    private let lock = NSLock()
    private var seen: [String: JSONFileStore.FileStamp]

    init(directory: URL, ownWrites: OwnWrites) {
        self.directory = directory
        self.ownWrites = ownWrites
        seen = JSONFileStore.stamps(in: directory)
    }

    func poll() async throws -> StoreChange? {
        let now = JSONFileStore.stamps(in: directory)
        let changed = lock.withLock {
            defer { seen = now }
            return Set(seen.keys).union(now.keys).filter { name in
                now[name] != seen[name] && !ownWrites.isOwn(name, now[name])
            }
        }
        let collections = changed.reduce(into: Set<RecordCollection>()) {
            $0.formUnion(JSONFileStore.collections(ofFile: $1))
        }
        return collections.isEmpty ? nil : StoreChange(origin: .anotherProcess, collections: collections)
    }
}
