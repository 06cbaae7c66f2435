import WellnessApplication
import WellnessDomain

/// A sync log held in memory.
public actor InMemorySyncLogRepository: SyncLogRepository {
    private struct Entry {
        var record: SyncRecord
        var sequence: Int64
        var pending: Bool
    }

    private struct Key: Hashable {
        let collection: RecordCollection
        let key: String
    }

    private var entries: [Key: Entry] = [:]
    private var lastSequence: Int64 = 0
    private var values: [String: String] = [:]

    private let exclusion = SyncExclusion()

    public init() {}

    public nonisolated func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await exclusion.run(body)
    }

    public func records(in collection: RecordCollection) -> [SyncRecord] {
        entries.values.filter { $0.record.collection == collection }.map(\.record)
    }

    public func records(in collection: RecordCollection, keys: [String]) -> [SyncRecord] {
        Set(keys).compactMap { entries[Key(collection: collection, key: $0)]?.record }
    }

    public func save(_ records: [SyncRecord], pending: Bool) {
        for record in records {
            lastSequence += 1
            entries[Key(collection: record.collection, key: record.key)] = Entry(record: record, sequence: lastSequence,
                                                                                 pending: pending)
        }
    }

    public func pending(limit: Int) -> [SyncRecord] {
        entries.values.filter(\.pending).sorted { $0.sequence < $1.sequence }.prefix(max(limit, 0)).map(\.record)
    }

    public func markSent(_ records: [SyncRecord]) {
        for record in records {
            let key = Key(collection: record.collection, key: record.key)
            if entries[key]?.record == record { entries[key]?.pending = false }
        }
    }

    public func changes(after sequence: Int64, limit: Int) -> [SequencedSyncRecord] {
        entries.values.filter { $0.sequence > sequence }.sorted { $0.sequence < $1.sequence }.prefix(max(limit, 0))
            .map { SequencedSyncRecord(sequence: $0.sequence, record: $0.record) }
    }

    public func removeTombstones(stampedBefore time: Int64) -> Int64? {
        let old = entries.filter { !$0.value.pending && !$0.value.record.isPresent && $0.value.record.lifeStamp.time < time }
        for key in old.keys { entries[key] = nil }
        return old.values.map(\.sequence).max()
    }

    public func value(_ name: String) -> String? { values[name] }

    public func setValue(_ value: String?, for name: String) { values[name] = value }

    public func setValues(_ values: [String: String?]) {
        for (name, value) in values { self.values[name] = value }
    }
}
