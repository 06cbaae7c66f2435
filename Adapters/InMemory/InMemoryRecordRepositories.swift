import Foundation
import WellnessApplication
import WellnessDomain

/// The records of kinds without a port of their own, held in memory: one table per kind, made
/// the first time the kind is asked for and kept for the life of this value.
public final class InMemoryRecordRepositories: RecordRepositories, @unchecked Sendable {
    private let lock = NSLock()
    private var repositories: [RecordCollection: any Sendable] = [:]

    /// No records of any kind.
    public init() {}

    public func repository<Kind: RecordKind>(for kind: Kind.Type) -> any RecordRepository<Kind> {
        lock.withLock {
            if let existing = repositories[kind.collection] as? InMemoryRecordRepository<Kind> { return existing }
            let made = InMemoryRecordRepository<Kind>()
            repositories[kind.collection] = made
            return made
        }
    }
}

/// One kind's records in memory, one per identity.
public actor InMemoryRecordRepository<Kind: RecordKind>: RecordRepository {
    private var records: [Kind.Identity: Kind.Record] = [:]

    /// No records.
    public init() {}

    public func all() -> [Kind.Record] {
        records.values.sorted(by: Kind.precedes)
    }

    public func record(_ identity: Kind.Identity) -> Kind.Record? {
        records[identity]
    }

    /// Saves `record`; one that breaks its kind's rules is refused (`RecordRejection`) and not saved.
    public func save(_ record: Kind.Record) throws(RecordRejection) {
        try Kind.validate(record)
        records[Kind.identity(of: record)] = record
    }

    public func remove(_ identity: Kind.Identity) -> Bool {
        records.removeValue(forKey: identity) != nil
    }
}
