import Foundation
import WellnessApplication
import WellnessDomain

/// The records of kinds without a port of their own, each kind in a file of its own:
/// `COLLECTION.records.json`, an array of records in the kind's order.
public struct JSONFileRecordRepositories: RecordRepositories {
    private let store: JSONFileStore

    /// Keeps each kind's records in a file of `store`.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func repository<Kind: RecordKind>(for kind: Kind.Type) -> any RecordRepository<Kind> {
        JSONFileRecordRepository<Kind>(store: store)
    }

    /// The name under which `store` keeps a collection's file (without `.json`).
    public static func file(of collection: RecordCollection) -> String {
        collection.rawValue + fileSuffix
    }

    /// What ends the name of a file of records (before `.json`).
    static let fileSuffix = ".records"
}

/// One kind's records in `COLLECTION.records.json`. Its methods throw `JSONFileStoreError` or
/// `FileSystemError` when the file cannot be read, decoded or written; a record that does not
/// pass its kind's rules is a corrupt file, never dropped.
public struct JSONFileRecordRepository<Kind: RecordKind>: RecordRepository {
    private let store: JSONFileStore
    private let file = JSONFileRecordRepositories.file(of: Kind.collection)

    /// Keeps its records in `store`'s file for `Kind`.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func all() async throws -> [Kind.Record] {
        let records = try await store.read(file, as: [Kind.Record].self) ?? []
        try check(records)
        return records.sorted(by: Kind.precedes)
    }

    public func record(_ identity: Kind.Identity) async throws -> Kind.Record? {
        try await all().first { Kind.identity(of: $0) == identity }
    }

    /// The file read once for all of `identities` (a document's chunks), not once for each.
    public func records(_ identities: [Kind.Identity]) async throws -> [Kind.Record] {
        let byIdentity = Dictionary(try await all().map { (Kind.identity(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        return identities.compactMap { byIdentity[$0] }
    }

    public func save(_ record: Kind.Record) async throws {
        try Kind.validate(record)
        let identity = Kind.identity(of: record)
        try await store.update(file, as: [Kind.Record].self, records: [Kind.describe(identity)]) { [self] stored in
            var records = stored ?? []
            try check(records)
            records.removeAll { Kind.identity(of: $0) == identity }
            records.append(record)
            stored = records.sorted(by: Kind.precedes)
        }
    }

    public func remove(_ identity: Kind.Identity) async throws -> Bool {
        try await store.update(file, as: [Kind.Record].self, records: [Kind.describe(identity)]) { [self] stored in
            var records = stored ?? []
            try check(records)
            let before = records.count
            records.removeAll { Kind.identity(of: $0) == identity }
            guard records.count != before else { return false }
            stored = records
            return true
        }
    }

    public func write(_ records: [Kind.Record], removing: [Kind.Identity], usingModule module: TrackingModule,
                      at date: Date) async throws {
        for record in records { try Kind.validate(record) }
        let modules = JSONFileModuleSettingsRepository.collection
        try await store.transaction { [self] transaction in
            var settings = try transaction.read(modules, as: JSONFileModuleSettingsRepository.Document.self)?.settings
            try ModuleOffError.recordingWork(of: module, at: date, in: &settings)
            var stored = try transaction.read(file, as: [Kind.Record].self) ?? []
            try check(stored)
            var saved: [Kind.Identity: Kind.Record] = [:]
            for record in records { saved[Kind.identity(of: record)] = record }
            let replaced = Set(removing).union(saved.keys)
            stored.removeAll { replaced.contains(Kind.identity(of: $0)) }
            try transaction.write(file, (stored + saved.values).sorted(by: Kind.precedes))
            let used = ModuleSettings.initialising(&settings, at: date)
            try transaction.write(modules, JSONFileModuleSettingsRepository.Document(used))
        }
    }

    /// Every record passes its kind's rules, and no two share an identity.
    private func check(_ records: [Kind.Record]) throws {
        var seen = Set<Kind.Identity>()
        for (index, record) in records.enumerated() {
            do {
                try Kind.validate(record)
            } catch {
                throw JSONFileStoreError.invalidRecord(path: store.url(of: file).path, at: "[\(index)]", rule: error.message)
            }
            guard seen.insert(Kind.identity(of: record)).inserted else {
                throw JSONFileStoreError.corruptFile(path: store.url(of: file).path,
                                                 reason: "[\(index)]: \(Kind.describe(Kind.identity(of: record))) is there twice")
            }
        }
    }
}
