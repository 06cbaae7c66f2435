import Foundation
import WellnessApplication
import WellnessDomain
import WellnessFileSystem

/// A store's sync log in `sync.json`: every record with its sequence number and pending mark,
/// by sequence number, and the named values. The file is written whole, atomically, under the
/// store's lock (each change reads and rewrites it), so a save of many records is all or nothing.
/// A store without the file (one from before sync, or just restored) has an empty log.
///
/// The file is not one of the store's collections: a backup never holds it, and a restore
/// removes it with the rest of the old data, so a restored store starts as a new device.
public struct JSONFileSyncLogRepository: SyncLogRepository {
    private let store: JSONFileStore
    private let exclusion = SyncExclusion()
    static let file = "sync"
    /// Held while a process syncs the store (``exclusively(_:)``).
    static let lockFile = ".wellness-sync.lock"

    /// Keeps its data in `store`'s `sync.json`. Its methods throw `JSONFileStoreError` when the
    /// file cannot be read, decoded or written, or holds an entry that breaks the log's rules.
    public init(store: JSONFileStore) {
        self.store = store
    }

    /// In this process, and against another process syncing the same directory (by a lock
    /// file, waited for up to a minute).
    public func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let lock = FileLock(store.directory.appendingPathComponent(Self.lockFile))
        let location = store.directory.path
        return try await exclusion.run(acquiring: {
            guard let held = try await lock.acquire(within: .seconds(60)) else { throw SyncError.busy(location) }
            return { held.release() }
        }, body)
    }

    // MARK: - Reads

    public func records(in collection: RecordCollection) async throws -> [SyncRecord] {
        try await log().entries.filter { $0.record.collection == collection }.map(\.record)
    }

    public func records(in collection: RecordCollection, keys: [String]) async throws -> [SyncRecord] {
        let keys = Set(keys)
        return try await log().entries.filter { $0.record.collection == collection && keys.contains($0.record.key) }
            .map(\.record)
    }

    public func pending(limit: Int) async throws -> [SyncRecord] {
        try await log().entries.filter(\.pending).prefix(max(limit, 0)).map(\.record)
    }

    public func changes(after sequence: Int64, limit: Int) async throws -> [SequencedSyncRecord] {
        try await log().entries.filter { $0.sequence > sequence }.prefix(max(limit, 0))
            .map { SequencedSyncRecord(sequence: $0.sequence, record: $0.record) }
    }

    public func value(_ name: String) async throws -> String? {
        try await log().values[name]
    }

    /// The log as the file holds it, checked; empty when there is no file.
    private func log() async throws -> Log {
        try check(try await store.read(Self.file, as: Log.self) ?? Log())
    }

    // MARK: - Writes

    public func save(_ records: [SyncRecord], pending: Bool) async throws {
        guard !records.isEmpty else { return }
        try await change { log in
            var sequence = log.entries.last?.sequence ?? 0
            var replaced: [Key: Entry] = [:]
            for record in records {
                sequence += 1
                replaced[Key(record)] = Entry(sequence: sequence, pending: pending, record: record)
            }
            log.entries.removeAll { replaced[Key($0.record)] != nil }
            log.entries += replaced.values.sorted { $0.sequence < $1.sequence }
        }
    }

    public func markSent(_ records: [SyncRecord]) async throws {
        guard !records.isEmpty else { return }
        let sent = Dictionary(grouping: records, by: Key.init)
        try await change { log in
            for index in log.entries.indices where log.entries[index].pending {
                if sent[Key(log.entries[index].record)]?.contains(log.entries[index].record) == true {
                    log.entries[index].pending = false
                }
            }
        }
    }

    public func setValue(_ value: String?, for name: String) async throws {
        try await change { log in log.values[name] = value }
    }

    public func setValues(_ values: [String: String?]) async throws {
        guard !values.isEmpty else { return }
        try await change { log in for (name, value) in values { log.values[name] = value } }
    }

    public func removeTombstones(stampedBefore time: Int64) async throws -> Int64? {
        let path = store.url(of: Self.file).path
        return try await store.update(Self.file, as: Log.self) { stored in
            var log = try Self.check(stored ?? Log(), path: path)
            let old = { (entry: Entry) in !entry.pending && !entry.record.isPresent && entry.record.lifeStamp.time < time }
            let removed = log.entries.filter(old).map(\.sequence).max()
            guard removed != nil else { return nil }
            log.entries.removeAll(where: old)
            stored = log
            return removed
        }
    }

    /// Reads the log, lets `body` change it, and writes it back (when it changed), under the
    /// store's lock.
    private func change(_ body: @escaping @Sendable (inout Log) -> Void) async throws {
        let path = store.url(of: Self.file).path
        try await store.update(Self.file, as: Log.self) { stored in
            var log = try Self.check(stored ?? Log(), path: path)
            body(&log)
            stored = log
        }
    }

    // MARK: - The file

    /// The file's contents: `{"entries": [...], "values": {...}}`, entries by sequence number.
    struct Log: Codable, Equatable, Sendable {
        var entries: [Entry] = []
        var values: [String: String] = [:]
    }

    /// One record of the log: `{"sequence", "pending", "record"}`.
    struct Entry: Codable, Equatable, Sendable {
        var sequence: Int64
        var pending: Bool
        var record: SyncRecord
    }

    private struct Key: Hashable {
        let collection: RecordCollection
        let key: String

        init(_ record: SyncRecord) {
            collection = record.collection
            key = record.key
        }
    }

    private func check(_ log: Log) throws -> Log {
        try Self.check(log, path: store.url(of: Self.file).path)
    }

    /// `log` when its entries are in increasing sequence numbers from 1, one per collection and
    /// key, with no values on a deleted record; else the file at `path` is corrupt.
    private static func check(_ log: Log, path: String) throws -> Log {
        var keys = Set<Key>()
        var previous: Int64 = 0
        for (index, entry) in log.entries.enumerated() {
            let problem: String? = if entry.sequence <= previous {
                "sequence \(entry.sequence) does not follow \(previous)"
            } else if !keys.insert(Key(entry.record)).inserted {
                "a second entry for \(entry.record.collection) \(entry.record.key)"
            } else if !entry.record.isPresent && !entry.record.values.isEmpty {
                "a deleted record (life \(entry.record.life)) holds values"
            } else {
                nil
            }
            if let problem { throw JSONFileStoreError.corruptFile(path: path, reason: "at .entries[\(index)]: \(problem)") }
            previous = entry.sequence
        }
        return log
    }
}
