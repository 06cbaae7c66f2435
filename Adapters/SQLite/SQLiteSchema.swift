import GRDB

/// The schema, as named migrations. A migration is frozen once released: change the schema
/// by adding a new one. Migrations use plain SQL types, never app types.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createModuleState") { db in
            try db.create(table: "moduleState") { t in
                t.primaryKey("module", .text)
                t.column("isEnabled", .boolean).notNull()
                t.column("enabledAt", .integer) // milliseconds since 1970
                t.column("lastUsed", .integer)  // milliseconds since 1970
            }
        }
        migrator.registerMigration("createDogProfile") { db in
            try db.create(table: "dogProfile") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("name", .text).notNull()
                t.column("birthDate", .text).notNull() // YYYY-MM-DD
            }
        }
        migrator.registerMigration("createNudgeSnooze") { db in
            try db.create(table: "nudgeSnooze") { t in
                t.primaryKey("nudgeId", .text)
                t.column("until", .integer).notNull() // milliseconds since 1970
            }
        }
        migrator.registerMigration("createInterventionLog") { db in
            try db.create(table: "interventionCompletion") { t in
                t.primaryKey("id", .text) // UUID
                t.column("interventionId", .text).notNull()
                t.column("day", .text).notNull() // YYYY-MM-DD
                t.column("timestamp", .integer).notNull() // milliseconds since 1970
                t.column("count", .integer).notNull().check { $0 >= 1 }
                t.column("source", .text).notNull()
            }
            try db.create(index: "interventionCompletion_day", on: "interventionCompletion", columns: ["day"])
            try db.create(index: "interventionCompletion_intervention_day", on: "interventionCompletion",
                          columns: ["interventionId", "day"])
            try db.create(table: "interventionDecision") { t in
                t.column("interventionId", .text).notNull()
                t.column("day", .text).notNull() // YYYY-MM-DD
                t.column("status", .text).notNull()
                t.column("count", .integer).notNull()
                t.column("updatedAt", .integer).notNull() // milliseconds since 1970
                t.primaryKey(["interventionId", "day"]) // one decision per intervention per day
            }
            try db.create(index: "interventionDecision_day", on: "interventionDecision", columns: ["day"])
        }
        migrator.registerMigration("createJournalSupplementsExercises") { db in
            try db.create(table: "dailyJournal") { t in
                t.primaryKey("day", .text) // YYYY-MM-DD: one journal per local day
                t.column("notes", .text)
                t.column("tags", .text).notNull().defaults(to: "[]") // JSON array of raw tag values
                t.column("consumedAlcohol", .boolean).notNull().defaults(to: false)
                t.column("caffeineAfter2PM", .boolean).notNull().defaults(to: false)
                t.column("ateLate", .boolean).notNull().defaults(to: false)
                t.column("highStress", .boolean).notNull().defaults(to: false)
                t.column("exercised", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: "supplement") { t in
                t.primaryKey("id", .text) // UUID
                t.column("name", .text).notNull()
                t.column("timeOfDay", .text).notNull()
                t.column("dosage", .text).notNull()
                t.column("isActive", .boolean).notNull()
                t.column("sortOrder", .integer).notNull()
            }
            try db.create(table: "supplementLog") { t in
                t.column("day", .text).notNull()
                t.column("supplementId", .text).notNull()
                t.column("taken", .boolean).notNull()
                t.column("timestamp", .integer).notNull() // milliseconds since 1970
                t.primaryKey(["day", "supplementId"])
            }
            try db.create(table: "exercise") { t in
                t.primaryKey("id", .text)
                t.column("position", .integer).notNull()
                t.column("name", .text).notNull()
                t.column("muscleGroup", .text).notNull()
                t.column("secondaryMuscles", .text).notNull() // comma-separated raw values
                t.column("equipment", .text).notNull()
                t.column("category", .text).notNull()
            }
            try db.create(table: "seedMarker") { t in
                t.primaryKey("name", .text) // what was seeded: "supplements", "exercises"
                t.column("seededAt", .integer).notNull()
            }
        }
        migrator.registerMigration("createGoalsMoodsTips") { db in
            try db.create(table: "goal") { t in
                t.primaryKey("id", .text) // UUID
                t.column("title", .text).notNull()
                t.column("description", .text)
                t.column("createdAt", .integer).notNull() // milliseconds since 1970
            }
            try db.create(table: "mood") { t in
                t.primaryKey("day", .text) // YYYY-MM-DD: one entry per day
                t.column("score", .integer).notNull().check { $0 >= 1 && $0 <= 5 }
                t.column("note", .text)
            }
            try db.create(table: "tipsCache") { t in
                t.primaryKey("goalId", .text).references("goal", onDelete: .cascade)
                t.column("generatedAt", .integer).notNull() // milliseconds since 1970
                t.column("tips", .text).notNull() // JSON array of {id, tip, category, priority}
            }
        }
        migrator.registerMigration("createWeightEntries") { db in
            // Keyed by what makes two weigh-ins the same (minute, weight in 0.01 kg), so the
            // table itself refuses duplicates and a bulk import appends to a single B-tree.
            // Ids (UUIDs, 16 bytes) have no index: finding one by id is rare (removing an
            // entry) and a scan, while an index would double the cost of every import.
            try db.execute(sql: """
                CREATE TABLE weightEntry (
                    minute INTEGER NOT NULL,      -- floor(atMs / 60000)
                    hundredths INTEGER NOT NULL,  -- round(kilograms * 100)
                    id BLOB NOT NULL CHECK (length(id) = 16),
                    atMs INTEGER NOT NULL,        -- milliseconds since 1970
                    kilograms REAL NOT NULL CHECK (kilograms > 0 AND kilograms <= 700),
                    note TEXT,
                    source TEXT NOT NULL,
                    PRIMARY KEY (minute, hundredths)
                ) WITHOUT ROWID
                """)
        }
        migrator.registerMigration("createDrift") { db in
            try db.create(table: "checkin") { t in
                t.primaryKey("day", .text) // YYYY-MM-DD: one check-in per local day
                t.column("energy", .integer).notNull().check { $0 >= 1 && $0 <= 5 }
                t.column("stress", .integer).notNull().check { $0 >= 1 && $0 <= 5 }
                t.column("social", .integer).notNull().check { $0 >= 1 && $0 <= 5 }
                t.column("keyContact", .text)
            }
            try db.create(table: "checkinQueue") { t in
                t.autoIncrementedPrimaryKey("position") // queue order
                t.column("id", .text).notNull().unique() // the client UUID (idempotency key)
                t.column("day", .text).notNull()
                t.column("energy", .integer).notNull()
                t.column("stress", .integer).notNull()
                t.column("social", .integer).notNull()
                t.column("keyContact", .text)
                t.column("queuedAt", .integer).notNull() // milliseconds since 1970
                t.column("retryCount", .integer).notNull().check { $0 >= 0 }
                t.column("claimFlush", .text) // the flush sending it now, if any
                t.column("claimExpires", .integer) // milliseconds since 1970
            }
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text) // "tier"
                t.column("value", .text).notNull()
            }
            try db.create(table: "driftCache") { t in
                t.primaryKey("key", .text)
                t.column("json", .text).notNull()
                t.column("fetchedAt", .integer).notNull() // milliseconds since 1970
            }
        }
        migrator.registerMigration("checkColumnTypes") { db in try SQLiteColumnChecks.migrate(db) }
        migrator.registerMigration("createModuleChoice") { db in
            // One row at most: the store's first run and when modules were first chosen
            // (milliseconds since 1970). Stores from before have none: both unknown.
            try db.execute(sql: """
                CREATE TABLE moduleChoice (
                  id INTEGER PRIMARY KEY CONSTRAINT id CHECK (id = 1),
                  firstRunAt INTEGER CONSTRAINT firstRunAt CHECK (firstRunAt IS NULL OR typeof(firstRunAt) = 'integer'),
                  chosenAt INTEGER CONSTRAINT chosenAt CHECK (chosenAt IS NULL OR typeof(chosenAt) = 'integer'))
                """)
        }
        migrator.registerMigration("queueReplaces") { db in
            // Whether a queued check-in replaces the server's (PUT) rather than creating it (POST).
            try db.execute(sql: """
                ALTER TABLE checkinQueue ADD COLUMN replaces BOOLEAN NOT NULL DEFAULT 0
                  CONSTRAINT replaces CHECK (replaces IN (0, 1))
                """)
        }
        migrator.registerMigration("createIdempotencyKey") { db in
            // A server account's idempotency records, in the same database as its check-ins so
            // that a submission writes both in one transaction. (`server.sqlite` kept them before;
            // its table is no longer read: records live 24 hours.)
            try db.execute(sql: """
                CREATE TABLE idempotencyKey (
                  accountId TEXT NOT NULL CONSTRAINT accountId CHECK (typeof(accountId) = 'text'),
                  key TEXT NOT NULL CONSTRAINT key CHECK (typeof(key) = 'text'),
                  checkin TEXT NOT NULL CONSTRAINT checkin CHECK (typeof(checkin) = 'text'),
                  outcome TEXT NOT NULL CONSTRAINT outcome CHECK (outcome IN ('created', 'duplicate')),
                  createdAt INTEGER NOT NULL CONSTRAINT createdAt CHECK (typeof(createdAt) = 'integer'),
                  PRIMARY KEY (accountId, key))
                """)
            try db.create(index: "idempotencyKey_createdAt", on: "idempotencyKey", columns: ["createdAt"])
        }
        migrator.registerMigration("tipsCacheSource") { db in
            // Who made the cached tips (`ai`, `rules`, or a newer version's value, kept as it is).
            // Tips cached before came from the rules.
            try db.execute(sql: """
                ALTER TABLE tipsCache ADD COLUMN source TEXT NOT NULL DEFAULT 'rules'
                  CONSTRAINT source CHECK (typeof(source) = 'text' AND source <> '')
                """)
        }
        migrator.registerMigration("createHealthSamples") { db in
            // Keyed by what makes two samples the same, kind and start first: a day's samples of
            // one kind are one range of the B-tree, and a re-import skips what it holds.
            try db.execute(sql: """
                CREATE TABLE healthSample (
                  kind TEXT NOT NULL CONSTRAINT kind CHECK (typeof(kind) = 'text'),
                  startMs INTEGER NOT NULL CONSTRAINT startMs CHECK (typeof(startMs) = 'integer'),
                  source TEXT NOT NULL CONSTRAINT source CHECK (typeof(source) = 'text'),
                  endMs INTEGER NOT NULL CONSTRAINT endMs CHECK (typeof(endMs) = 'integer' AND endMs >= startMs),
                  value REAL NOT NULL CONSTRAINT value CHECK (typeof(value) = 'real'),
                  category TEXT CONSTRAINT category CHECK (category IS NULL OR typeof(category) = 'text'),
                  energyKcal REAL CONSTRAINT energyKcal CHECK (energyKcal IS NULL OR typeof(energyKcal) = 'real'),
                  PRIMARY KEY (kind, startMs, source, endMs, value)
                ) WITHOUT ROWID
                """)
        }
        migrator.registerMigration("createRecords") { db in
            // The records of kinds without a table of their own (`SQLiteRecordRepository`): each
            // as its JSON, keyed by its collection and its identity as the kind writes it.
            try db.execute(sql: """
                CREATE TABLE record (
                  collection TEXT NOT NULL CONSTRAINT collection CHECK (typeof(collection) = 'text' AND collection <> ''),
                  identity TEXT NOT NULL CONSTRAINT identity CHECK (typeof(identity) = 'text'),
                  body TEXT NOT NULL CONSTRAINT body CHECK (typeof(body) = 'text'),
                  PRIMARY KEY (collection, identity)
                ) WITHOUT ROWID
                """)
        }
        migrator.registerMigration("strictBulkTables") { db in
            // The two tables imports fill a million rows at a time keep their storage classes as
            // STRICT tables, which SQLite checks as it encodes a row, instead of a `typeof()` CHECK
            // per column, which it evaluates as an expression: a million weigh-ins went in 0.4 s
            // faster (1.4 s against 1.0 s for the table alone). The checks of values stay CHECKs.
            // Every stored row already passed the `typeof()` checks, so each fits the new table.
            try Self.rebuild(db, table: "weightEntry", columns: "minute, hundredths, id, atMs, kilograms, note, source", as: """
                minute INTEGER NOT NULL,      -- floor(atMs / 60000)
                hundredths INTEGER NOT NULL,  -- round(kilograms * 100)
                id BLOB NOT NULL CONSTRAINT id CHECK (length(id) = 16),
                atMs INTEGER NOT NULL,        -- milliseconds since 1970
                kilograms REAL NOT NULL CONSTRAINT kilograms CHECK (kilograms > 0 AND kilograms <= 700),
                note TEXT,
                source TEXT NOT NULL,
                PRIMARY KEY (minute, hundredths)
                """)
            try Self.rebuild(db, table: "healthSample", columns: "kind, startMs, source, endMs, value, category, energyKcal", as: """
                kind TEXT NOT NULL,
                startMs INTEGER NOT NULL,
                source TEXT NOT NULL,
                endMs INTEGER NOT NULL CONSTRAINT endMs CHECK (endMs >= startMs),
                value REAL NOT NULL,
                category TEXT,
                energyKcal REAL,
                PRIMARY KEY (kind, startMs, source, endMs, value)
                """)
        }
        migrator.registerMigration("createSyncLog") { db in
            // The store's sync log (`SQLiteSyncLogRepository`): each synced record as every device
            // converges on it, its place in the order of changes and whether it is still to be
            // sent; and a few named values (the device, its clock, the server's cursor).
            try db.execute(sql: """
                CREATE TABLE syncRecord (
                  collection TEXT NOT NULL CONSTRAINT collection CHECK (typeof(collection) = 'text'),
                  key TEXT NOT NULL CONSTRAINT key CHECK (typeof(key) = 'text'),
                  life INTEGER NOT NULL CONSTRAINT life CHECK (typeof(life) = 'integer' AND life >= 0),
                  lifeStamp TEXT NOT NULL CONSTRAINT lifeStamp CHECK (typeof(lifeStamp) = 'text'),
                  "values" TEXT NOT NULL CONSTRAINT "values" CHECK (typeof("values") = 'text'), -- stamped values (SyncLogRow)
                  sequence INTEGER NOT NULL UNIQUE CONSTRAINT sequence CHECK (typeof(sequence) = 'integer' AND sequence >= 1),
                  pending INTEGER NOT NULL CONSTRAINT pending CHECK (pending IN (0, 1)),
                  PRIMARY KEY (collection, key)
                ) WITHOUT ROWID
                """)
            try db.create(index: "syncRecord_pending_sequence", on: "syncRecord", columns: ["pending", "sequence"])
            try db.execute(sql: """
                CREATE TABLE syncValue (
                  name TEXT NOT NULL PRIMARY KEY CONSTRAINT name CHECK (typeof(name) = 'text'),
                  value TEXT NOT NULL CONSTRAINT value CHECK (typeof(value) = 'text')
                ) WITHOUT ROWID
                """)
        }
        migrator.registerMigration("syncLogInSequenceOrder") { db in
            // The log's rows kept in the order of changes (the sequence number is the rowid), with
            // the collection and key a unique index, instead of a WITHOUT ROWID table in
            // collection and key order: a page of records received is appended at the table's end
            // instead of rewriting pages all over it, and the narrow index entries pack densely.
            // A new device's first pull (bench `sync`, quick): 2.3x a restore before, 1.9x after.
            try db.execute(sql: """
                CREATE TABLE new_syncRecord (
                  sequence INTEGER PRIMARY KEY CONSTRAINT sequence CHECK (typeof(sequence) = 'integer' AND sequence >= 1),
                  collection TEXT NOT NULL CONSTRAINT collection CHECK (typeof(collection) = 'text'),
                  key TEXT NOT NULL CONSTRAINT key CHECK (typeof(key) = 'text'),
                  life INTEGER NOT NULL CONSTRAINT life CHECK (typeof(life) = 'integer' AND life >= 0),
                  lifeStamp TEXT NOT NULL CONSTRAINT lifeStamp CHECK (typeof(lifeStamp) = 'text'),
                  "values" TEXT NOT NULL CONSTRAINT "values" CHECK (typeof("values") = 'text'), -- stamped values (SyncLogRow)
                  pending INTEGER NOT NULL CONSTRAINT pending CHECK (pending IN (0, 1)),
                  CONSTRAINT identity UNIQUE (collection, key)
                )
                """)
            try db.execute(sql: """
                INSERT INTO new_syncRecord (sequence, collection, key, life, lifeStamp, "values", pending)
                SELECT sequence, collection, key, life, lifeStamp, "values", pending FROM syncRecord ORDER BY sequence
                """)
            try db.execute(sql: "DROP TABLE syncRecord")
            try db.execute(sql: "ALTER TABLE new_syncRecord RENAME TO syncRecord")
            try db.create(index: "syncRecord_pending_sequence", on: "syncRecord", columns: ["pending", "sequence"])
        }
        return migrator
    }

    /// Replaces `table` by a STRICT, WITHOUT ROWID table of `definition`, its rows (`columns`)
    /// copied in their order (SQLite's way to change a table's constraints).
    private static func rebuild(_ db: Database, table: String, columns: String, as definition: String) throws {
        try db.execute(sql: "CREATE TABLE new_\(table) (\n\(definition)\n) STRICT, WITHOUT ROWID")
        try db.execute(sql: "INSERT INTO new_\(table) (\(columns)) SELECT \(columns) FROM \(table)")
        try db.execute(sql: "DROP TABLE \(table)")
        try db.execute(sql: "ALTER TABLE new_\(table) RENAME TO \(table)")
    }

    static var identifiers: Set<String> { Set(migrator.migrations) }
}

/// The server's own database (`server.sqlite`): accounts and sessions. (Its `idempotencyKey`
/// table is no longer used: the records moved to each account's database.)
/// Each account's data is a separate `wellness.sqlite` of ``SQLiteSchema``.
enum SQLiteServerSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createAccounts") { db in
            try db.create(table: "account") { t in
                t.primaryKey("id", .text) // UUID, lower-case
                t.column("email", .text).notNull().unique() // normalised (trimmed, lower-case)
                t.column("passwordHash", .text).notNull()
                t.column("createdAt", .integer).notNull() // milliseconds since 1970
            }
            try db.create(table: "session") { t in
                t.primaryKey("tokenDigest", .text) // SHA-256 of the bearer token, hex
                t.column("accountId", .text).notNull().references("account", onDelete: .cascade)
                t.column("createdAt", .integer).notNull()
                t.column("expiresAt", .integer).notNull()
            }
            try db.create(index: "session_expiresAt", on: "session", columns: ["expiresAt"])
            try db.create(table: "idempotencyKey") { t in
                t.column("accountId", .text).notNull() // no foreign key: records expire on their own
                t.column("key", .text).notNull()
                t.column("checkin", .text).notNull() // the submitted check-in, JSON
                t.column("outcome", .text).notNull() // created | duplicate
                t.column("createdAt", .integer).notNull()
                t.primaryKey(["accountId", "key"])
            }
            try db.create(index: "idempotencyKey_createdAt", on: "idempotencyKey", columns: ["createdAt"])
        }
        migrator.registerMigration("accountTimeZone") { db in
            // The IANA name of the account's zone; NULL until a client says it.
            try db.alter(table: "account") { t in t.add(column: "timeZone", .text) }
        }
        return migrator
    }
}
