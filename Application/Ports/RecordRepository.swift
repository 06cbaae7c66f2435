import Foundation
import WellnessDomain

/// Keeps the records of one kind whose storage needs no tuning: every built-in store offers one
/// for any ``RecordKind`` (an in-memory table, a JSON file named after the collection, rows of
/// SQLite's `record` table), so a new kind needs no adapter of its own.
///
/// A record is found by its identity, as ``RecordKind/describe(_:)`` writes it.
public protocol RecordRepository<Kind>: Sendable {
    /// The kind of record kept.
    associatedtype Kind: RecordKind

    /// Every record, in the kind's order (``RecordKind/precedes(_:_:)``).
    func all() async throws -> [Kind.Record]

    /// The record whose identity is `identity`, if there is one.
    func record(_ identity: Kind.Identity) async throws -> Kind.Record?

    /// The records of `identities` that there are, in the order of `identities`: one read where
    /// a store can (the JSON store reads its file once), else ``record(_:)`` for each.
    func records(_ identities: [Kind.Identity]) async throws -> [Kind.Record]

    /// Saves `record`, replacing the record of the same identity. A record that breaks its
    /// kind's rules (``RecordKind/validate(_:)``) is refused with its `RecordRejection`, and
    /// nothing is saved: every way a record enters a store runs the kind's one validation.
    func save(_ record: Kind.Record) async throws

    /// Removes the record whose identity is `identity`; `false` when there was none.
    func remove(_ identity: Kind.Identity) async throws -> Bool

    /// A tracking module's work: saves `records` (each replacing the record of its identity)
    /// and removes the records of `removing`, and records a use of `module` at `date` in the
    /// store's module settings (``ModuleSettings/recordingUse(of:at:in:)``), all in one
    /// transaction. A record that breaks its kind's rules is refused with its
    /// `RecordRejection`, and a module that is off in the settings with `ModuleOffError`
    /// (``ModuleOffError/recordingWork(of:at:in:)``, in the same transaction); then nothing is
    /// written, the use neither.
    func write(_ records: [Kind.Record], removing: [Kind.Identity], usingModule module: TrackingModule,
               at date: Date) async throws
}

/// Where a store keeps the kinds that have no repository port of their own: one
/// ``RecordRepository`` per kind, on the store's own storage.
public protocol RecordRepositories: Sendable {
    /// The repository of `kind`'s records.
    func repository<Kind: RecordKind>(for kind: Kind.Type) -> any RecordRepository<Kind>
}

extension RecordRepository {
    /// ``record(_:)`` for each of `identities`, keeping those there are, in their order.
    public func records(_ identities: [Kind.Identity]) async throws -> [Kind.Record] {
        var found: [Kind.Record] = []
        for identity in identities {
            if let record = try await record(identity) { found.append(record) }
        }
        return found
    }
}
