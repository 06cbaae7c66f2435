import Foundation
import WellnessApplication
import WellnessDomain

/// The records of kinds without a port of their own, held in memory: one table per kind, made
/// the first time the kind is asked for and kept for the life of this value.
public final class InMemoryRecordRepositories: RecordRepositories, @unchecked Sendable {
    private let lock = NSLock()
    private var repositories: [RecordCollection: any Sendable] = [:]
    private let changes: StoreChangeFeed?
    private let moduleSettings: InMemoryModuleSettingsRepository

    /// No records of any kind; writes are told to `changes`, and a tracker's write records its
    /// module's use in `moduleSettings` (the bundle's; else settings of their own).
    public init(changes: StoreChangeFeed? = nil, moduleSettings: InMemoryModuleSettingsRepository? = nil) {
        self.changes = changes
        self.moduleSettings = moduleSettings ?? InMemoryModuleSettingsRepository(changes: changes)
    }

    public func repository<Kind: RecordKind>(for kind: Kind.Type) -> any RecordRepository<Kind> {
        lock.withLock {
            if let existing = repositories[kind.collection] as? InMemoryRecordRepository<Kind> { return existing }
            let made = InMemoryRecordRepository<Kind>(changes: changes, moduleSettings: moduleSettings)
            repositories[kind.collection] = made
            return made
        }
    }
}

/// One kind's records in memory, one per identity.
public actor InMemoryRecordRepository<Kind: RecordKind>: RecordRepository {
    private var records: [Kind.Identity: Kind.Record] = [:]
    private let changes: StoreChangeFeed?
    private let moduleSettings: InMemoryModuleSettingsRepository

    /// No records; writes are told to `changes`, and a tracker's write records its module's use
    /// in `moduleSettings` (else settings of its own).
    public init(changes: StoreChangeFeed? = nil, moduleSettings: InMemoryModuleSettingsRepository? = nil) {
        self.changes = changes
        self.moduleSettings = moduleSettings ?? InMemoryModuleSettingsRepository(changes: changes)
    }

    public func all() -> [Kind.Record] {
        records.values.sorted(by: Kind.precedes)
    }

    public func record(_ identity: Kind.Identity) -> Kind.Record? {
        records[identity]
    }

    /// Saves `record`; one that breaks its kind's rules is refused (`RecordRejection`) and not saved.
    public func save(_ record: Kind.Record) throws(RecordRejection) {
        try Kind.validate(record)
        let identity = Kind.identity(of: record)
        records[identity] = record
        changes?.report(Kind.self, identity)
    }

    /// Checks every record first, so a refusal changes nothing; then writes the records and,
    /// after them, the module's use in the settings' own actor. A reader that runs while this
    /// awaits the settings may see the records without the use a moment before it lands; a
    /// memory store has no other process, and nothing can make the second step fail.
    public func write(_ records: [Kind.Record], removing: [Kind.Identity], usingModule module: TrackingModule,
                      at date: Date) async throws {
        for record in records { try Kind.validate(record) }
        // The use first: a module that is off refuses the write before any record changes, and
        // nothing after it can fail.
        try await moduleSettings.update { try ModuleOffError.recordingWork(of: module, at: date, in: &$0) }
        for identity in removing {
            self.records.removeValue(forKey: identity)
            changes?.report(Kind.self, identity)
        }
        for record in records {
            let identity = Kind.identity(of: record)
            self.records[identity] = record
            changes?.report(Kind.self, identity)
        }
    }

    public func remove(_ identity: Kind.Identity) -> Bool {
        defer { changes?.report(Kind.self, identity) }
        return records.removeValue(forKey: identity) != nil
    }
}
