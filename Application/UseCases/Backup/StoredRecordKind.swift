import Foundation
import WellnessDomain

/// A kind of record (``RecordKind``) with the way a store's repositories keep it: read whole
/// for a backup, written into an empty store by a restore. Every kind a registry backs up
/// conforms; ``BackUpStore`` and ``RestoreStore`` know no kind by name.
public protocol StoredRecordKind: RecordKind {
    /// Hands every record the store holds to `body`, in archive order.
    static func forEachRecord(in stores: WellnessRepositories,
                              _ body: @Sendable (Record) throws -> Void) async throws

    /// Writes `records` (in archive order, checked by the archive's reader) into an empty store.
    static func restore(_ records: [Record], into stores: WellnessRepositories) async throws

    /// How a restore writes the kind: after the archive is read whole (the default), or as it
    /// streams, inside the one transaction of the bulk kinds (weigh-ins and health samples).
    static var restoreWriting: RestoreWriting<Record> { get }

    /// Writes `record` as another device has it (see ``SyncReplica``), replacing `old` (the
    /// record of its identity this store held, when it held one). A kind kept in
    /// ``WellnessRepositories/records`` needs nothing more; a kind with a port of its own says how.
    static func save(synced record: Record, replacing old: Record?, into stores: WellnessRepositories) async throws

    /// Removes `record`, which another device deleted.
    static func remove(synced record: Record, from stores: WellnessRepositories) async throws

    /// Writes a batch of records as other devices have them: each `new` replacing its `old`
    /// (`nil` when this store held none), each `old` alone removed. By default one by one
    /// through ``save(synced:replacing:into:)`` and ``remove(synced:from:)``; a kind whose port
    /// inserts many at once in one transaction (health samples) does so.
    static func write(synced changes: [(old: Record?, new: Record?)], into stores: WellnessRepositories) async throws

    /// Whether a record removed here is removed on the other devices too: `false` for a kind
    /// whose port removes no single record (a check-in, a health sample): its removals stay on
    /// the device that made them.
    static var removalTravels: Bool { get }
}

/// When a restore writes a kind's records (see ``StoredRecordKind/restoreWriting``).
public enum RestoreWriting<Record>: Sendable {
    /// Kept until the whole archive is read and checked, then written with
    /// ``StoredRecordKind/restore(_:into:)``.
    case afterReading
    /// Inserted as each is read, in the transaction of ``HealthRepository/importSamples(_:)``;
    /// `insert` returns `false` for a record the store already holds (a duplicate, which
    /// fails the restore with `duplicate`, naming the record as `describe` does).
    case streaming(insert: @Sendable (Record, any HealthInserting) throws -> Bool,
                   describe: @Sendable (Record) -> String)
}

extension StoredRecordKind {
    public static var restoreWriting: RestoreWriting<Record> { .afterReading }

    /// Every record the store holds, in archive order.
    static func records(in stores: WellnessRepositories) async throws -> [Record] {
        let collected = LockedWriter<[Record]>([])
        try await forEachRecord(in: stores) { record in collected.run { $0.append(record) } }
        return collected.run { $0 }
    }
}

extension StoredRecordKind {
    /// Hands each of `records`, sorted by ``RecordKind/precedes(_:_:)``, to `body`: for a
    /// kind whose port lists records in another order.
    static func forEach(sorted records: [Record], _ body: (Record) throws -> Void) rethrows {
        for record in records.sorted(by: precedes) { try body(record) }
    }
}

extension RecordRegistry {
    /// The registry's kinds with how a store keeps each; a kind that does not say is a
    /// programming error, caught the first time a backup or restore runs.
    var storedKinds: [any StoredRecordKind.Type] {
        kinds.map { kind in
            guard let stored = kind as? any StoredRecordKind.Type else {
                preconditionFailure("\(kind.collection): its kind must conform to StoredRecordKind to be backed up")
            }
            return stored
        }
    }
}

extension StoredRecordKind {
    /// A kind without a port of its own is kept in the store's ``WellnessRepositories/records``.
    public static func forEachRecord(in stores: WellnessRepositories,
                                     _ body: @Sendable (Record) throws -> Void) async throws {
        for record in try await stores.records.repository(for: Self.self).all() { try body(record) }
    }

    /// A kind without a port of its own is written to the store's ``WellnessRepositories/records``.
    public static func restore(_ records: [Record], into stores: WellnessRepositories) async throws {
        let repository = stores.records.repository(for: Self.self)
        for record in records { try await repository.save(record) }
    }
}

extension StoredRecordKind {
    /// A kind without a port of its own is written to the store's ``WellnessRepositories/records``.
    public static func save(synced record: Record, replacing old: Record?, into stores: WellnessRepositories) async throws {
        try await stores.records.repository(for: Self.self).save(record)
    }

    /// A kind without a port of its own is removed from the store's ``WellnessRepositories/records``.
    public static func remove(synced record: Record, from stores: WellnessRepositories) async throws {
        _ = try await stores.records.repository(for: Self.self).remove(identity(of: record))
    }

    public static var removalTravels: Bool { true }

    public static func write(synced changes: [(old: Record?, new: Record?)], into stores: WellnessRepositories) async throws {
        for change in changes {
            if let new = change.new {
                try await save(synced: new, replacing: change.old, into: stores)
            } else if let old = change.old {
                try await remove(synced: old, from: stores)
            }
        }
    }
}
