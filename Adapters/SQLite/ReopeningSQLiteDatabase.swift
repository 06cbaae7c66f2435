import Foundation
import GRDB
import Logging
import WellnessFileSystem

/// A database reached through its path, for a process that keeps it open for long (a server's
/// accounts database): before each use it checks that the file at the path is still the one it
/// opened, and reopens it when the file was replaced (a restored copy renamed over it, or one put
/// back after it was removed) or after SQLite failed on it. A path with no file is an error, never
/// a new empty database: that would drop every account silently.
public final class ReopeningSQLiteDatabase: @unchecked Sendable {
    private let file: URL?
    private let schema: SQLiteDatabase.Schema
    private let logger: Logger
    private let lock = NSLock()
    /// What is open now, the identity of its file when it was opened, and whether a failure
    /// makes it suspect (reopened at the next use).
    private var opened: (database: SQLiteDatabase, identity: FileIdentity?, suspect: Bool)

    /// The first bytes of every SQLite database file.
    static let header = Array("SQLite format 3\0".utf8)

    /// Opens (creating if needed) the database at `file`, as ``SQLiteDatabase/init(file:schema:logger:)`` does.
    public init(file: URL, schema: SQLiteDatabase.Schema, logger: Logger = Logger(label: "wellness.sqlite")) throws {
        self.file = file
        self.schema = schema
        self.logger = logger
        let database = try SQLiteDatabase(file: file, schema: schema, logger: logger)
        opened = (database, FileIdentity(path: file.path), false)
    }

    /// A database that is not reopened (one in memory).
    public init(fixed database: SQLiteDatabase) {
        file = nil
        schema = .wellness
        logger = Logger(label: "wellness.sqlite")
        opened = (database, nil, false)
    }

    /// The database as the file at the path is now: reopened when that is another file than
    /// the one opened, or when the last use failed. Throws when the file is gone or does not open.
    func current() throws -> SQLiteDatabase {
        try lock.withLock {
            guard let file else { return opened.database }
            guard let identity = FileIdentity(path: file.path) else {
                opened.suspect = true
                throw SQLiteStoreError.cannotOpen(path: file.path, reason: "the file is gone")
            }
            guard identity != opened.identity || opened.suspect else { return opened.database }
            let database = try SQLiteDatabase(file: file, schema: schema, logger: logger)
            logger.notice("database reopened", metadata: ["path": "\(file.path)"])
            opened = (database, identity, false)
            return database
        }
    }

    /// `body` on the current database; a failure of SQLite itself (not a row or a caller's
    /// error) makes the next use reopen the file.
    func perform<T: Sendable>(_ body: (SQLiteDatabase) async throws -> T) async throws -> T {
        let database = try current()
        do {
            return try await body(database)
        } catch let error as SQLiteStoreError {
            switch error {
            case .database, .cannotOpen: markSuspect(database)
            case .newerSchema, .corruptRow, .invalidRow: break
            }
            throw error
        }
    }

    private func markSuspect(_ database: SQLiteDatabase) {
        lock.withLock { if opened.database.isSameStore(as: database) { opened.suspect = true } }
    }

    /// Returns when the database answers a real read through the handle its users use, and the
    /// file at its path is an SQLite database (a file overwritten in place can still answer
    /// from pages SQLite holds); throws what is wrong, and makes the next use reopen the file.
    public func checkReadable() async throws {
        try await perform { database in
            if let file { try Self.checkHeader(file.path) }
            _ = try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        }
    }

    private static func checkHeader(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SQLiteStoreError.cannotOpen(path: path, reason: "the file cannot be read")
        }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: header.count)).map(Array.init) ?? []
        guard start == header else {
            throw SQLiteStoreError.database(path: path, reason: "the file is not an SQLite database")
        }
    }
}
