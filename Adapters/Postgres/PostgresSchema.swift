import Foundation
import Logging
import PostgresNIO

/// The tables, created and changed by named migrations applied in order, each once.
///
/// `wellness_migration` lists the names applied. Opening a database applies the missing ones in
/// one transaction, under an advisory lock, so two processes starting at once migrate once and
/// neither sees half a schema. A name this version does not know means a newer Wellness migrated
/// the database: it is refused rather than used. Released migrations are never edited; a change
/// is a new migration.
///
/// Every table of a person's data starts with `account_id`, the account whose data it is, in its
/// key: all accounts share the tables, and every statement names the account.
enum PostgresSchema {
    struct Migration {
        let name: String
        let statements: [String]
    }

    static let migrations: [Migration] = [
        Migration(name: "0001-accounts-and-sessions", statements: [
            """
            CREATE TABLE account (
              id uuid PRIMARY KEY,
              email text NOT NULL UNIQUE CHECK (email <> ''),   -- normalised: trimmed, lower-case
              password_hash text NOT NULL,
              created_at bigint NOT NULL                        -- milliseconds since 1970
            )
            """,
            """
            CREATE TABLE session (
              token_digest text PRIMARY KEY,                    -- SHA-256 of the bearer token, hex
              account_id uuid NOT NULL REFERENCES account (id) ON DELETE CASCADE,
              created_at bigint NOT NULL,
              expires_at bigint NOT NULL
            )
            """,
            "CREATE INDEX session_account_id ON session (account_id)",
            "CREATE INDEX session_expires_at ON session (expires_at)",
        ]),
        Migration(name: "0002-checkins-goals-moods-journals", statements: [
            """
            CREATE TABLE checkin (
              account_id uuid NOT NULL,
              day date NOT NULL,
              energy smallint NOT NULL CHECK (energy BETWEEN 1 AND 5),
              stress smallint NOT NULL CHECK (stress BETWEEN 1 AND 5),
              social smallint NOT NULL CHECK (social BETWEEN 1 AND 5),
              key_contact text,
              PRIMARY KEY (account_id, day)                     -- one check-in per account and day
            )
            """,
            """
            CREATE TABLE idempotency_key (
              account_id uuid NOT NULL,                         -- who submitted
              key text NOT NULL,
              checkin text NOT NULL,                            -- what was submitted, JSON
              outcome text NOT NULL CHECK (outcome IN ('created', 'duplicate')),
              created_at bigint NOT NULL,
              PRIMARY KEY (account_id, key)
            )
            """,
            "CREATE INDEX idempotency_key_created_at ON idempotency_key (created_at)",
            """
            CREATE TABLE account_tier (
              account_id uuid PRIMARY KEY,
              tier text NOT NULL
            )
            """,
            """
            CREATE TABLE goal (
              account_id uuid NOT NULL,
              id uuid NOT NULL,
              title text NOT NULL,
              description text,
              created_at bigint NOT NULL,
              PRIMARY KEY (account_id, id)
            )
            """,
            """
            CREATE TABLE tips_cache (
              account_id uuid NOT NULL,
              goal_id uuid NOT NULL,
              generated_at bigint NOT NULL,
              tips text NOT NULL,                               -- JSON list of {id, tip, category, priority}
              source text NOT NULL CHECK (source <> ''),
              PRIMARY KEY (account_id, goal_id),
              FOREIGN KEY (account_id, goal_id) REFERENCES goal (account_id, id) ON DELETE CASCADE
            )
            """,
            """
            CREATE TABLE mood (
              account_id uuid NOT NULL,
              day date NOT NULL,
              score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
              note text,
              PRIMARY KEY (account_id, day)
            )
            """,
            """
            CREATE TABLE journal (
              account_id uuid NOT NULL,
              day date NOT NULL,
              notes text,
              tags text NOT NULL,                               -- JSON list of raw tag values
              PRIMARY KEY (account_id, day)
            )
            """,
        ]),
        Migration(name: "0003-login-attempts", statements: [
            """
            CREATE TABLE login_pair (                           -- an email from one client address
              email text NOT NULL,
              address text NOT NULL,
              failure_count integer NOT NULL DEFAULT 0 CHECK (failure_count >= 0),
              last_failure bigint,                              -- milliseconds since 1970
              last_success bigint,
              PRIMARY KEY (email, address)
            )
            """,
            """
            CREATE TABLE login_address (                        -- a client address, at any email
              address text PRIMARY KEY,
              failure_count integer NOT NULL CHECK (failure_count >= 1),
              last_failure bigint NOT NULL
            )
            """,
            "CREATE INDEX login_address_last_failure ON login_address (last_failure)",
            """
            CREATE TABLE login_email (                          -- an email, from any address
              email text PRIMARY KEY,
              failure_count integer NOT NULL CHECK (failure_count >= 1),
              last_failure bigint NOT NULL
            )
            """,
            "CREATE INDEX login_email_last_failure ON login_email (last_failure)",
        ]),
        // A person's rows belong to an account: a write for an account deleted meanwhile (by
        // another process, say) is refused instead of left behind, and deleting an account
        // deletes its rows. NOT VALID: rows written before are kept as they are, never deleted
        // by a migration; every new row is checked.
        Migration(name: "0004-rows-belong-to-an-account", statements: ownedTables.map { table in
            """
            ALTER TABLE \(table) ADD CONSTRAINT \(table)\(accountKeySuffix)
              FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE NOT VALID
            """
        }),
        // The IANA name of the account's zone, where its days begin; NULL until a client says it.
        Migration(name: "0005-account-time-zone", statements: [
            "ALTER TABLE account ADD COLUMN time_zone text CHECK (time_zone <> '')",
        ]),
        // An account's sync log (`PostgresSyncLogRepository`): each synced record as every device
        // converges on it, numbered in the order it changed (per account), and a few named values.
        Migration(name: "0006-sync-log", statements: [
            """
            CREATE TABLE sync_record (
              account_id uuid NOT NULL,
              collection text NOT NULL,
              key text NOT NULL,
              life bigint NOT NULL CHECK (life >= 0),           -- odd while the record is there
              life_stamp text NOT NULL,
              "values" text NOT NULL,                           -- stamped values (SyncLogRow)
              sequence bigint NOT NULL CHECK (sequence >= 1),
              pending boolean NOT NULL,
              PRIMARY KEY (account_id, collection, key),
              UNIQUE (account_id, sequence),
              CONSTRAINT sync_record\(accountKeySuffix) FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX sync_record_pending ON sync_record (account_id, sequence) WHERE pending",
            """
            CREATE TABLE sync_value (
              account_id uuid NOT NULL,
              name text NOT NULL,
              value text NOT NULL,
              PRIMARY KEY (account_id, name),
              CONSTRAINT sync_value\(accountKeySuffix) FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE
            )
            """,
        ]),
        // One sync of an account at a time across server processes (`PostgresDatabase.leaseSync`):
        // the holder of each account's sync, until its lease expires.
        Migration(name: "0007-sync-lease", statements: [
            """
            CREATE TABLE sync_lease (
              account_id uuid PRIMARY KEY,
              holder text NOT NULL,
              expires timestamptz NOT NULL,
              CONSTRAINT sync_lease\(accountKeySuffix) FOREIGN KEY (account_id) REFERENCES account (id) ON DELETE CASCADE
            )
            """,
        ]),
    ]

    /// The tables whose rows reference their account directly. `tips_cache` rows go with their
    /// goal; an `idempotency_key` row is written in one transaction with its check-in, whose
    /// reference refuses both.
    static let ownedTables = ["checkin", "account_tier", "goal", "mood", "journal"]

    /// How the constraint tying a table's rows to their account ends.
    static let accountKeySuffix = "_account_fk"

    /// Every table holding an account's own data (not its login), in the order a deletion empties them.
    static let accountTables = ["tips_cache", "goal", "checkin", "idempotency_key", "account_tier", "mood", "journal",
                                "sync_record", "sync_value", "sync_lease"]

    /// Applies the missing migrations, in the caller's transaction.
    static func migrate(_ connection: PostgresConnection, database: PostgresDatabase) async throws {
        let logger = database.logger
        let scope = database.configuration.schema ?? "default"
        try await connection.lock("wellness-migrations:\(scope)", logger)
        if let schema = database.configuration.schema {
            try await connection.run(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger)
        }
        try await connection.run("""
            CREATE TABLE IF NOT EXISTS wellness_migration (
              name text PRIMARY KEY,
              applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, logger)
        var applied: Set<String> = []
        for try await name in try await connection.query("SELECT name FROM wellness_migration", logger: logger)
            .decode(String.self) {
            applied.insert(name)
        }
        let known = Set(migrations.map(\.name))
        let unknown = applied.subtracting(known)
        guard unknown.isEmpty else {
            throw PostgresStoreError.newerSchema(database: database.description, unknownMigrations: unknown.sorted())
        }
        for migration in migrations where !applied.contains(migration.name) {
            for statement in migration.statements {
                try await connection.run(PostgresQuery(unsafeSQL: statement), logger)
            }
            try await connection.run("INSERT INTO wellness_migration (name) VALUES (\(migration.name))", logger)
            logger.info("migrated the database", metadata: ["migration": "\(migration.name)",
                                                            "database": "\(database.description)"])
        }
    }

    /// A name that needs no quoting: lower-case letters, digits and `_`, not starting with a digit.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first), name.utf8.count <= 63 else { return false }
        return name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }
}

extension PostgresDatabase {
    /// The names of the migrations this version applies, in order.
    public static var migrationNames: [String] { PostgresSchema.migrations.map(\.name) }

    /// The names of the migrations applied to the database, in the order they were applied.
    public func appliedMigrations() async throws -> [String] {
        try await read { [logger] connection in
            var names: [String] = []
            for try await name in try await connection.query("SELECT name FROM wellness_migration ORDER BY applied_at, name",
                                                             logger: logger).decode(String.self) {
                names.append(name)
            }
            return names
        }
    }

    /// Marks a migration applied without running anything (a test's newer version).
    func recordMigration(_ name: String) async throws {
        try await read { [logger] connection in
            try await connection.run("INSERT INTO wellness_migration (name) VALUES (\(name))", logger)
        }
    }
}
