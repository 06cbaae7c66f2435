import Foundation
import GRDB
import WellnessApplication

/// Notices what other processes commit to a SQLite store by its `PRAGMA data_version`, read on
/// the store's writer connection: SQLite changes it for every commit of another connection, and
/// never for the connection's own, which this process reports itself. It cannot tell which
/// tables changed, so a change it notices may have touched any collection.
final class DataVersionWatcher: ForeignWriteWatcher, @unchecked Sendable {
    private let writer: any DatabaseWriter
    private let path: String
    private let lock = NSLock()
    private var version: Int

    /// A watcher from the store's data version now (read on the calling thread, so that a
    /// commit right after subscribing is noticed).
    init(_ writer: any DatabaseWriter, path: String) throws {
        self.writer = writer
        self.path = path
        do {
            version = try writer.writeWithoutTransaction(Self.dataVersion)
        } catch {
            throw SQLiteStoreError.database(path: path, reason: SQLiteDatabase.describe(error))
        }
    }

    func poll() async throws -> StoreChange? {
        let now: Int
        do {
            now = try await writer.writeWithoutTransaction(Self.dataVersion)
        } catch {
            throw SQLiteStoreError.database(path: path, reason: SQLiteDatabase.describe(error))
        }
        let changed = lock.withLock {
            defer { version = now }
            return version != now
        }
        return changed ? StoreChange(origin: .anotherProcess, collections: nil) : nil
    }

    private static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }
}
