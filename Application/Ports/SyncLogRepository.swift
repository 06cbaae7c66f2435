import Foundation
import WellnessDomain

/// Where a store keeps what sync knows of its records: each synced record as every device
/// converges on it (``SyncRecord``), whether this device still has to send it, the order
/// records changed in (a sequence number, which a server's pulls page by), and a few named
/// values (the device's name and clock, the server's cursor).
///
/// It is kept beside the store's records (a SQLite table, a JSON file, memory) and never in a
/// backup archive: a store restored from one starts as a new device.
public protocol SyncLogRepository: Sendable {
    /// Every record of `collection` the log holds, in no particular order.
    func records(in collection: RecordCollection) async throws -> [SyncRecord]

    /// The records of `collection` with these keys that the log holds, in no particular order.
    func records(in collection: RecordCollection, keys: [String]) async throws -> [SyncRecord]

    /// Saves `records`, each replacing the one of its collection and key, in one transaction,
    /// each taking the next sequence number (in the order given); `pending` marks them as still
    /// to be sent (or not).
    func save(_ records: [SyncRecord], pending: Bool) async throws

    /// Up to `limit` records still to be sent, by sequence number.
    func pending(limit: Int) async throws -> [SyncRecord]

    /// Clears the pending mark of each of `records` that the log still holds exactly as given
    /// (one changed since it was read stays pending).
    func markSent(_ records: [SyncRecord]) async throws

    /// Up to `limit` records whose sequence number is after `sequence`, by sequence number,
    /// each with its number.
    func changes(after sequence: Int64, limit: Int) async throws -> [SequencedSyncRecord]

    /// Removes the deleted records (tombstones) that are not pending and whose delete is stamped
    /// before `time` (milliseconds, as ``SyncStamp/time``), in one transaction; returns the
    /// greatest sequence number removed, `nil` when none was.
    func removeTombstones(stampedBefore time: Int64) async throws -> Int64?

    /// The value named `name`, if set.
    func value(_ name: String) async throws -> String?

    /// Sets (or, with `nil`, removes) the value named `name`.
    func setValue(_ value: String?, for name: String) async throws

    /// Sets (or, with `nil`, removes) each value of `values` by its name, in one step: all of
    /// them or none. The default sets them one by one; the built-in adapters write them in one
    /// transaction (sync writes its clock with what it is about to merge, and its cursor with
    /// what it merged).
    func setValues(_ values: [String: String?]) async throws

    /// Runs `body` while no other sync of this store runs: in this process (``SyncExclusion``
    /// does that) and, for a store in a file, in another process on the machine. A call made
    /// inside `body` runs at once. ``SyncReplica`` takes note of changes and merges records in
    /// within it, so what it read of the store and the log is what it writes over.
    func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T
}

/// A record of a sync log with its place in the order of changes.
public struct SequencedSyncRecord: Sendable, Equatable {
    /// After which records it changed (1 for the first).
    public let sequence: Int64
    /// The record.
    public let record: SyncRecord

    public init(sequence: Int64, record: SyncRecord) {
        self.sequence = sequence
        self.record = record
    }
}

extension SyncLogRepository {
    public func setValues(_ values: [String: String?]) async throws {
        for (name, value) in values.sorted(by: { $0.key < $1.key }) { try await setValue(value, for: name) }
    }
}
