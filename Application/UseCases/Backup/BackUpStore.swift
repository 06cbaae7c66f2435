import Foundation
import WellnessDomain

/// Writes every record of a store as a backup archive (``BackupArchive``), collection by
/// collection in its registry's order, so the same store always gives the same bytes. Weigh-ins
/// stream from the store to `write`; the other collections are read one at a time.
///
/// Each collection is read in one step of its store; a change made by another process while a
/// backup runs may be in it or not, collection by collection.
public struct BackUpStore: Sendable {
    let stores: WellnessRepositories

    /// A use case reading `stores`, every collection of their registry.
    public init(stores: WellnessRepositories) {
        self.stores = stores
    }

    private var registry: RecordRegistry { stores.registry }

    /// Writes the archive to `write` (about 64 KB at a time) and returns how many records of
    /// each collection it holds.
    @discardableResult
    public func execute(to write: @escaping @Sendable ([UInt8]) throws -> Void) async throws -> BackupCounts {
        let writer = LockedWriter(BackupArchiveWriter(registry: registry, write: write))
        let settings = try await settings()
        try writer.run { try $0.begin(settings: settings) }
        for kind in registry.storedKinds {
            try await append(kind, to: writer)
        }
        return try writer.run { writer in
            try writer.finish()
            return writer.counts
        }
    }

    private func append<Kind: StoredRecordKind>(_ kind: Kind.Type, to writer: LockedWriter<BackupArchiveWriter>)
        async throws {
        try await kind.forEachRecord(in: stores) { record in try writer.run { try $0.append(record, of: kind) } }
    }

    /// How many records of each collection the store holds, and its settings.
    public func contents() async throws -> StoreContents {
        var counts = BackupCounts(registry: registry)
        for kind in registry.storedKinds {
            counts[kind.collection] = try await count(kind)
        }
        return StoreContents(counts: counts, settings: try await settings())
    }

    private func count<Kind: StoredRecordKind>(_ kind: Kind.Type) async throws -> Int {
        let count = LockedWriter(0)
        try await kind.forEachRecord(in: stores) { _ in count.run { $0 += 1 } }
        return count.run { $0 }
    }

    /// Every setting of the registry, as the store holds it.
    func settings() async throws -> BackupSettings {
        var settings = BackupSettings(registry: registry)
        for setting in registry.storedSettings {
            try await setting.read(from: stores, into: &settings)
        }
        return settings
    }
}

/// A value used from `@Sendable` callbacks that a store calls one at a time.
final class LockedWriter<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func run<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

}
