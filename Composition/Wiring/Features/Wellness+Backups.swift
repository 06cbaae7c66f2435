import Foundation
import Logging
import WellnessApplication
import WellnessDomain
import WellnessFileSystem

extension Wellness {
    /// Backups of the whole store, restores, and moving between store kinds.
    public var backups: Backups { Backups(repositories: repositories) }

    /// Every collection of the store as one archive (``BackupArchive``), and back.
    public struct Backups: Sendable {
        let repositories: WellnessRepositories

        /// Writes the store's archive to `write`, about 64 KB at a time (see ``BackUpStore``).
        @discardableResult
        public func backUp(to write: @escaping @Sendable ([UInt8]) throws -> Void) async throws -> BackupCounts {
            try await BackUpStore(stores: repositories).execute(to: write)
        }

        /// What the store holds.
        public func contents() async throws -> StoreContents {
            try await BackUpStore(stores: repositories).contents()
        }

        /// Restores the archive `source` reads, all or nothing.
        ///
        /// The store must hold nothing, unless `replacing`. A SQLite or JSON store is restored
        /// into a new store beside it, read back, and its contents moved in in one transaction, so
        /// a reader sees all of the old data or all of the new, and an archive with anything wrong
        /// in it (``BackupError``) changes nothing. Another store (in memory, or built from other
        /// adapters) is checked the same way first and then restored while empty; it cannot be
        /// replaced (``RestoreError/notReplaceable(location:)``).
        @discardableResult
        public func restore(from source: any ByteSource, replacing: Bool = false,
                            progress: (@Sendable (Int) -> Void)? = nil) async throws -> BackupCounts {
            let contents = try await contents()
            guard contents.isEmpty || replacing else {
                throw RestoreError.notEmpty(location: repositories.location, holds: contents.summary)
            }
            if let disk = repositories.onDisk {
                return try await restore(from: source, into: disk, progress: progress)
            }
            guard contents.isEmpty else { throw RestoreError.notReplaceable(location: repositories.location) }
            // Checked whole in a store of its own first, then copied from it.
            let staged = WellnessRepositories.inMemory(registry: repositories.registry)
            let counts = try await RestoreStore(stores: staged).execute(from: source, progress: progress)
            let archive = ByteCollector()
            try await BackUpStore(stores: staged).execute(to: archive.append)
            try await RestoreStore(stores: repositories).execute(from: InMemoryByteSource(archive.bytes))
            return counts
        }

        /// Restores into a new store of `disk`'s kind beside it, reads that back, and moves its
        /// contents into `disk` at once.
        private func restore(from source: any ByteSource, into disk: any StoreOnDisk,
                             progress: (@Sendable (Int) -> Void)?) async throws -> BackupCounts {
            let (directory, held) = try StoreLeftovers.claim(in: disk.directory, prefix: StoreLeftovers.restorePrefix)
            defer { StoreLeftovers.finish(directory, held) }
            let staged = try disk.emptyStore(in: directory, registry: repositories.registry)
            let counts = try await RestoreStore(stores: staged).execute(from: source, progress: progress)
            // Everything restored must read back before it replaces anything.
            let restored = try await BackUpStore(stores: staged).contents().counts
            if let collection = counts.collections.first(where: { restored[$0] != counts[$0] }) {
                throw RestoreError.notReadBack(location: staged.location, collection: collection.rawValue,
                                               written: counts[collection], read: restored[collection])
            }
            if let stagedDisk = staged.onDisk { try await disk.replaceContents(with: stagedDisk) }
            return counts
        }

        /// Copies the store into an empty store of `kind` in the same data directory, checks that
        /// the new store's archive is byte for byte this one's, and only then returns. The old
        /// store's files stay; the new store is used with `--store KIND` (or `WELLNESS_STORE`).
        @discardableResult
        public func migrate(to kind: StoreKind, logger: Logger = Logger(label: "wellness.migrate")) async throws
            -> BackupCounts {
            guard let disk = repositories.onDisk else { throw RestoreError.notReplaceable(location: repositories.location) }
            guard kind != .memory else { throw RestoreError.memoryTarget }
            guard kind.rawValue != disk.kind else { throw RestoreError.sameStore(kind.rawValue) }
            let target = try WellnessRepositories.make(kind, directory: disk.directory, registry: repositories.registry,
                                                       logger: logger)
            // Marked before the target is written, unmarked once it is checked: a migrate killed
            // in between left a target that a rerun replaces, and so finishes.
            let pending = StoreLeftovers.pendingMigrate(in: disk.directory, to: kind)
            let resuming = FileManager.default.fileExists(atPath: pending.path)
            if !resuming {
                let existing = try await Backups(repositories: target).contents()
                guard existing.isEmpty else {
                    throw RestoreError.notEmpty(location: target.location, holds: existing.summary)
                }
            }
            let (archive, held) = try StoreLeftovers.claim(in: disk.directory, prefix: StoreLeftovers.migratePrefix,
                                                           suffix: ".json")
            defer { StoreLeftovers.finish(archive, held) }
            try await AtomicFileWriter.write(to: archive.path) { write in try await backUp(to: write) }
            try PrivateFiles.ensureFile(pending)
            let counts = try await Backups(repositories: target).restore(from: try FileByteSource(path: archive.path),
                                                                         replacing: resuming)
            let comparison = try ArchiveComparison(file: archive.path)
            try await BackUpStore(stores: target).execute(to: comparison.compare)
            if let line = try comparison.firstDifference() {
                throw RestoreError.notIdentical(location: target.location, line: line)
            }
            unlink(pending.path)
            return counts
        }
    }
}
