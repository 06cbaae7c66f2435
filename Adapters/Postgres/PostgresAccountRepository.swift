import Foundation
import PostgresNIO
import WellnessApplication
import WellnessDomain

/// Accounts in `account` and sessions in `session`: one table of each for every server process
/// on the database, so a session ended on one is refused by all. Removing an account removes
/// its sessions (a foreign key) and every row of its data, in one transaction.
public struct PostgresAccountRepository: AccountRepository {
    private let database: PostgresDatabase

    /// The accounts and sessions of every server process on `database`.
    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func add(_ account: Account) async throws -> Bool {
        try await database.read { connection in
            try await connection.count("""
                INSERT INTO account (id, email, password_hash, created_at, time_zone)
                VALUES (\(account.id.rawValue), \(account.email.rawValue), \(account.passwordHash),
                        \(Timestamp.milliseconds(account.createdAt)), \(account.timeZone))
                ON CONFLICT DO NOTHING RETURNING 1
                """, database.logger) == 1
        }
    }

    public func account(email: EmailAddress) async throws -> Account? {
        try await accounts("SELECT id, email, password_hash, created_at, time_zone FROM account WHERE email = \(email.rawValue)").first
    }

    public func account(id: Account.ID) async throws -> Account? {
        try await accounts("SELECT id, email, password_hash, created_at, time_zone FROM account WHERE id = \(id.rawValue)").first
    }

    public func all() async throws -> [Account] {
        try await accounts("SELECT id, email, password_hash, created_at, time_zone FROM account ORDER BY email")
    }

    private func accounts(_ query: PostgresQuery) async throws -> [Account] {
        try await database.read { connection in
            var accounts: [Account] = []
            for try await (id, email, hash, created, zone) in try await connection.query(query, logger: database.logger)
                .decode((UUID, String, String, Int64, String?).self) {
                accounts.append(Account(id: Account.ID(id), email: EmailAddress(stored: email), passwordHash: hash,
                                        createdAt: Timestamp.fromMilliseconds(created), timeZone: zone))
            }
            return accounts
        }
    }

    public func remove(_ id: Account.ID) async throws -> Bool {
        try await database.transaction { connection in
            for table in PostgresSchema.accountTables {
                try await connection.run("DELETE FROM \(unescaped: table) WHERE account_id = \(id.rawValue)",
                                         database.logger)
            }
            return try await connection.count("DELETE FROM account WHERE id = \(id.rawValue) RETURNING 1",
                                              database.logger) == 1
        }
    }

    public func addSession(_ session: SessionRecord) async throws {
        try await database.read { connection in
            try await connection.run("""
                INSERT INTO session (token_digest, account_id, created_at, expires_at)
                VALUES (\(session.tokenDigest), \(session.accountID.rawValue),
                        \(Timestamp.milliseconds(session.createdAt)), \(Timestamp.milliseconds(session.expiresAt)))
                ON CONFLICT (token_digest) DO UPDATE
                  SET account_id = excluded.account_id, created_at = excluded.created_at, expires_at = excluded.expires_at
                """, database.logger)
        }
    }

    public func session(digest: String) async throws -> SessionRecord? {
        try await database.read { connection in
            let rows = try await connection.query("""
                SELECT account_id, created_at, expires_at FROM session WHERE token_digest = \(digest)
                """, logger: database.logger)
            for try await (account, created, expires) in rows.decode((UUID, Int64, Int64).self) {
                return SessionRecord(tokenDigest: digest, accountID: Account.ID(account),
                                     createdAt: Timestamp.fromMilliseconds(created),
                                     expiresAt: Timestamp.fromMilliseconds(expires))
            }
            return nil
        }
    }

    /// One statement: the session joined with its account.
    public func sessionWithAccount(digest: String) async throws -> (session: SessionRecord, account: Account)? {
        try await database.read { connection in
            let rows = try await connection.query("""
                SELECT s.account_id, s.created_at, s.expires_at, a.email, a.password_hash, a.created_at, a.time_zone
                FROM session s JOIN account a ON a.id = s.account_id WHERE s.token_digest = \(digest)
                """, logger: database.logger)
            for try await (id, created, expires, email, hash, accountCreated, zone)
                in rows.decode((UUID, Int64, Int64, String, String, Int64, String?).self) {
                let session = SessionRecord(tokenDigest: digest, accountID: Account.ID(id),
                                            createdAt: Timestamp.fromMilliseconds(created),
                                            expiresAt: Timestamp.fromMilliseconds(expires))
                return (session, Account(id: Account.ID(id), email: EmailAddress(stored: email), passwordHash: hash,
                                         createdAt: Timestamp.fromMilliseconds(accountCreated), timeZone: zone))
            }
            return nil
        }
    }

    public func removeSession(digest: String) async throws -> Bool {
        try await database.read { connection in
            try await connection.count("DELETE FROM session WHERE token_digest = \(digest) RETURNING 1",
                                       database.logger) == 1
        }
    }

    public func removeSessions(expiredBefore instant: Date) async throws -> Int {
        try await database.read { connection in
            try await connection.count("""
                DELETE FROM session WHERE expires_at < \(Timestamp.milliseconds(instant)) RETURNING 1
                """, database.logger)
        }
    }

    public func removeSessions(of id: Account.ID) async throws -> Int {
        try await database.read { connection in
            try await connection.count("DELETE FROM session WHERE account_id = \(id.rawValue) RETURNING 1", database.logger)
        }
    }

    /// One transaction: the new hash and the end of the other sessions commit together, for
    /// every process on the database.
    public func setPasswordHash(_ hash: String, of id: Account.ID, keepingSession keptSession: String?) async throws -> Bool {
        try await database.transaction { connection in
            guard try await connection.count("""
                UPDATE account SET password_hash = \(hash) WHERE id = \(id.rawValue) RETURNING 1
                """, database.logger) == 1 else { return false }
            if let keptSession {
                try await connection.run("""
                    DELETE FROM session WHERE account_id = \(id.rawValue) AND token_digest <> \(keptSession)
                    """, database.logger)
            } else {
                try await connection.run("DELETE FROM session WHERE account_id = \(id.rawValue)", database.logger)
            }
            return true
        }
    }

    public func setTimeZone(_ identifier: String?, of id: Account.ID) async throws -> Bool {
        try await database.read { connection in
            try await connection.count("UPDATE account SET time_zone = \(identifier) WHERE id = \(id.rawValue) RETURNING 1",
                                       database.logger) == 1
        }
    }
}
