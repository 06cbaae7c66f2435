import Foundation
import WellnessDomain

/// Restores a backup archive into an empty store: reads it as a stream, checks every record
/// (``BackupArchiveReader``), and writes the weigh-ins and health samples in one transaction of
/// the store as they come, then the other collections.
///
/// An archive with anything wrong in it (a newer version, a missing field, a duplicate, a record
/// naming one that is not there) throws ``BackupError`` before the first write of the other
/// collections and rolls back the weigh-ins and samples, so nothing is written. A failure of the
/// store itself half-way (a full disk) can leave part of the archive written: to replace a store
/// all or nothing, restore into a new one and move its contents in at once, as `Wellness` does.
public struct RestoreStore: Sendable {
    let stores: WellnessRepositories

    /// Restores into `stores`, every collection of their registry.
    public init(stores: WellnessRepositories) {
        self.stores = stores
    }

    private var location: String { stores.location }
    private var registry: RecordRegistry { stores.registry }

    /// Restores the archive `source` reads; throws ``RestoreError/notEmpty(location:holds:)``
    /// when the store holds anything. Returns how many records of each collection were restored.
    @discardableResult
    public func execute(from source: any ByteSource, progress: (@Sendable (Int) -> Void)? = nil) async throws
        -> BackupCounts {
        let contents = try await BackUpStore(stores: stores).contents()
        guard contents.isEmpty else { throw RestoreError.notEmpty(location: location, holds: contents.summary) }
        let streaming = Dictionary(uniqueKeysWithValues: registry.storedKinds.compactMap { kind in
            kind.streamingInsert.map { (kind.collection, $0) }
        })
        let registry = registry
        let rest = try await stores.health.importSamples { inserter in
            var run = Run(inserter: inserter, streaming: streaming, rest: Rest(settings: BackupSettings(registry: registry),
                                                                       counts: BackupCounts(registry: registry)))
            var reader = BackupArchiveReader(registry: registry)
            var bytes = 0
            while let chunk = try source.nextChunk() {
                try reader.consume(chunk) { try run.handle($0) }
                bytes += chunk.count
                progress?(bytes)
            }
            try reader.finish()
            run.rest.counts = reader.counts
            return run.rest
        }
        try await write(rest)
        return rest.counts
    }

    /// Everything but the records written as they stream, kept until their transaction is done.
    struct Rest: Sendable {
        var settings: BackupSettings
        var records: [AnyRecord] = []
        var counts: BackupCounts
    }

    private struct Run {
        let inserter: any HealthInserting
        /// How the kinds restored as they stream write a record.
        let streaming: [RecordCollection: StreamingInsert]
        var rest: Rest
        /// The collection of the last record and how it is written (`nil`: after reading).
        private var last: (collection: RecordCollection, insert: StreamingInsert?)?

        init(inserter: any HealthInserting, streaming: [RecordCollection: StreamingInsert], rest: Rest) {
            self.inserter = inserter
            self.streaming = streaming
            self.rest = rest
        }

        mutating func handle(_ content: BackupArchiveReader.Content) throws {
            switch content {
            case .settings(let settings):
                rest.settings = settings
            case .record(let record, let place):
                let insert: StreamingInsert?
                if let last, last.collection == place.collection {
                    insert = last.insert
                } else {
                    insert = streaming[place.collection]
                    last = (place.collection, insert)
                }
                guard let insert else {
                    rest.records.append(record)
                    return
                }
                if let duplicate = try insert(record, inserter) {
                    throw BackupError.duplicate(line: place.line, collection: place.collection.rawValue, index: place.index,
                                                identity: duplicate)
                }
            }
        }
    }

    private func write(_ rest: Rest) async throws {
        for setting in registry.storedSettings {
            try await setting.write(from: rest.settings, into: stores)
        }
        // An archive may hold its collections in any order, but a store can need a goal before
        // its tips: written in the registry's order, each collection's records in the order they came.
        let byCollection = Dictionary(grouping: rest.records, by: \.collection)
        for kind in registry.storedKinds {
            try await restore(kind, byCollection[kind.collection] ?? [])
        }
    }

    private func restore<Kind: StoredRecordKind>(_ kind: Kind.Type, _ records: [AnyRecord]) async throws {
        guard case .afterReading = kind.restoreWriting else { return }
        try await kind.restore(records.compactMap { $0.value(as: kind) }, into: stores)
    }
}

/// Writes a record as a restore streams, in the bulk kinds' transaction; returns how a
/// duplicate is named, `nil` when the record was written.
typealias StreamingInsert = @Sendable (AnyRecord, any HealthInserting) throws -> String?

extension StoredRecordKind {
    /// How a restore writes a record of this kind as it streams; `nil` for a kind written after
    /// reading.
    static var streamingInsert: StreamingInsert? {
        guard case .streaming(let insert, let describe) = restoreWriting else { return nil }
        return { record, inserter in
            guard let value = record.value(as: Self.self) else { preconditionFailure("a \(record.collection) record in \(collection)") }
            return try insert(value, inserter) ? nil : describe(value)
        }
    }
}
