import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// Accounts in `account` and sessions in `session` of a server database
/// (``SQLiteDatabase/Schema/server``); removing an account cascades to its sessions.
public struct SQLiteAccountRepository: AccountRepository {
    private let handle: ReopeningSQLiteDatabase

    /// Uses `database`, which must hold the `.server` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        handle = ReopeningSQLiteDatabase(fixed: database)
    }

    /// Uses the database `handle` reaches, reopened when its file is replaced (a server's).
    public init(handle: ReopeningSQLiteDatabase) {
        self.handle = handle
    }

    private func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await handle.perform { database in try await database.write(touching: [], body) }
    }

    private func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await handle.perform { database in try await database.read(body) }
    }

    private func lookup<T: Sendable>(_ body: (any RowReader) throws -> T) async throws -> T {
        try await handle.perform { database in try await database.lookup(body) }
    }

    public func add(_ account: Account) async throws -> Bool {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO account (id, email, passwordHash, createdAt, timeZone) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """, arguments: [account.id.description, account.email.rawValue, account.passwordHash,
                                 Timestamp.milliseconds(account.createdAt), account.timeZone])
            return db.changesCount > 0
        }
    }

    public func account(email: EmailAddress) async throws -> Account? {
        try await fetch("SELECT * FROM account WHERE email = ?", [email.rawValue]).first
    }

    public func account(id: Account.ID) async throws -> Account? {
        try await fetch("SELECT * FROM account WHERE id = ?", [id.description]).first
    }

    public func all() async throws -> [Account] { try await fetch("SELECT * FROM account ORDER BY email", []) }

    private func fetch(_ sql: String, _ arguments: [String]) async throws -> [Account] {
        try await read { db in try Self.accounts(sql, arguments, in: db) }
    }

    private static func accounts(_ sql: String, _ arguments: [String], in reader: some RowReader) throws -> [Account] {
        try reader.rows(sql, arguments, table: "account", keyColumns: ["id"]).map { stored in
            Account(id: Account.ID(try stored.uuid("id")), email: EmailAddress(stored: try stored.text("email")),
                    passwordHash: try stored.text("passwordHash"), createdAt: try stored.instant("createdAt"),
                    timeZone: try stored.optionalText("timeZone"))
        }
    }

    public func remove(_ id: Account.ID) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [id.description])
            return db.changesCount > 0
        }
    }

    public func addSession(_ session: SessionRecord) async throws {
        try await write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO session (tokenDigest, accountId, createdAt, expiresAt) VALUES (?, ?, ?, ?)
                """, arguments: [session.tokenDigest, session.accountID.description,
                                 Timestamp.milliseconds(session.createdAt), Timestamp.milliseconds(session.expiresAt)])
        }
    }

    public func session(digest: String) async throws -> SessionRecord? {
        try await read { db in try Self.session(digest: digest, in: db) }
    }

    /// One read of one snapshot, on the caller's thread (`SQLiteDatabase.lookup`): every
    /// authenticated request makes it.
    public func sessionWithAccount(digest: String) async throws -> (session: SessionRecord, account: Account)? {
        try await lookup { reader in
            guard let session = try Self.session(digest: digest, in: reader),
                  let account = try Self.accounts("SELECT * FROM account WHERE id = ?", [session.accountID.description],
                                                  in: reader).first
            else { return nil }
            return (session, account)
        }
    }

    private static func session(digest: String, in reader: some RowReader) throws -> SessionRecord? {
        guard let stored = try reader.rows("SELECT * FROM session WHERE tokenDigest = ?", [digest],
                                           table: "session", keyColumns: ["accountId"]).first
        else { return nil }
        return SessionRecord(tokenDigest: digest, accountID: Account.ID(try stored.uuid("accountId")),
                             createdAt: try stored.instant("createdAt"), expiresAt: try stored.instant("expiresAt"))
    }

    public func removeSession(digest: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM session WHERE tokenDigest = ?", arguments: [digest])
            return db.changesCount > 0
        }
    }

    public func removeSessions(expiredBefore instant: Date) async throws -> Int {
        try await write { db in
            try db.execute(sql: "DELETE FROM session WHERE expiresAt < ?", arguments: [Timestamp.milliseconds(instant)])
            return db.changesCount
        }
    }

    public func removeSessions(of id: Account.ID) async throws -> Int {
        try await write { db in
            try db.execute(sql: "DELETE FROM session WHERE accountId = ?", arguments: [id.description])
            return db.changesCount
        }
    }

    /// One transaction: the new hash and the end of the other sessions commit together.
    public func setPasswordHash(_ hash: String, of id: Account.ID, keepingSession keptSession: String?) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE account SET passwordHash = ? WHERE id = ?", arguments: [hash, id.description])
            guard db.changesCount > 0 else { return false }
            if let keptSession {
                try db.execute(sql: "DELETE FROM session WHERE accountId = ? AND tokenDigest <> ?",
                               arguments: [id.description, keptSession])
            } else {
                try db.execute(sql: "DELETE FROM session WHERE accountId = ?", arguments: [id.description])
            }
            return true
        }
    }

    public func setTimeZone(_ identifier: String?, of id: Account.ID) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE account SET timeZone = ? WHERE id = ?", arguments: [identifier, id.description])
            return db.changesCount > 0
        }
    }
}

/// Idempotency records in `idempotencyKey` of an account's `wellness.sqlite`, beside its
/// check-ins: a submission writes both in one transaction.
public struct SQLiteIdempotencyRepository: IdempotencyRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func record(account: Account.ID, key: String) async throws -> IdempotencyRecord? {
        try await database.read { db in try Self.record(account: account, key: key, in: db) }
    }

    public func submit(_ checkin: Checkin, account: Account.ID, key: String, replacing: Bool, at now: Date) async throws
        -> (record: IdempotencyRecord, replayed: Bool) {
        let json = String(decoding: try JSONEncoder().encode(checkin), as: UTF8.self)
        return try await database.write(touching: [CheckinRecords.collection, .idempotency]) { db in
            if let first = try Self.record(account: account, key: key, in: db) { return (first, true) }
            let saved = try SQLiteCheckinRepository.save(checkin, replacing: replacing, in: db)
            let record = IdempotencyRecord(accountID: account, key: key, checkin: checkin,
                                           outcome: saved ? .created : .duplicate, createdAt: now)
            try db.execute(sql: """
                INSERT INTO idempotencyKey (accountId, key, checkin, outcome, createdAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [account.description, key, json, record.outcome.rawValue, Timestamp.milliseconds(now)])
            return (record, false)
        }
    }

    private static func record(account: Account.ID, key: String, in db: Database) throws -> IdempotencyRecord? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM idempotencyKey WHERE accountId = ? AND key = ?",
                                         arguments: [account.description, key])
        else { return nil }
        let stored = StoredRow(row, table: "idempotencyKey", keyColumns: ["key"])
        return IdempotencyRecord(accountID: account, key: key,
                                 checkin: try stored.json("checkin", as: Checkin.self, expected: "a check-in in JSON"),
                                 outcome: try stored.raw("outcome", as: IdempotencyRecord.Outcome.self),
                                 createdAt: try stored.instant("createdAt"))
    }

    public func removeRecords(createdBefore instant: Date) async throws -> Int {
        try await database.write(touching: [.idempotency]) { db in
            try db.execute(sql: "DELETE FROM idempotencyKey WHERE createdAt < ?", arguments: [Timestamp.milliseconds(instant)])
            return db.changesCount
        }
    }
}
