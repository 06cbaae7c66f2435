import GRDB

/// The migration `checkColumnTypes`: rebuilds every table of ``SQLiteSchema`` with `CHECK`
/// constraints on each column's storage class (SQLite keeps a `'x'` in a BOOLEAN, a `'3.5'` in
/// an INTEGER and a blob anywhere), 0/1 booleans, the shape of `YYYY-MM-DD` days and the ranges
/// the app keeps. Same column names, types, defaults, keys and indexes, and every row copied as it
/// is. What a constraint cannot say (a real calendar day, a UUID, a known enum value, an instant
/// within years 1...9999) is checked on read by ``StoredRow``.
///
/// A row the new table would refuse stops the migration before anything changes, naming the
/// table, the row and the column: the transaction rolls back and the file is left as it was.
///
/// Frozen with the migration: plain SQL only, never app types.
enum SQLiteColumnChecks {
    /// One column: its declaration (type and constraints other than the check) and the check.
    struct Column {
        let name: String
        let declaration: String
        let check: String?

        var sql: String {
            "\"\(name)\" \(declaration)" + (check.map { " CONSTRAINT \"\(name)\" CHECK (\($0))" } ?? "")
        }
    }

    struct Table {
        let name: String
        /// The columns naming a row in an error.
        let key: [String]
        let columns: [Column]
        /// Table constraints (a composite primary key) and options after the closing parenthesis.
        var constraints: [String] = []
        var options = ""
        /// `CREATE INDEX` statements to run again after the rebuild.
        var indexes: [String] = []
    }

    // MARK: - Column kinds

    static func integer(_ name: String, _ extra: String = "NOT NULL", range: String? = nil) -> Column {
        Column(name: name, declaration: "INTEGER \(extra)",
               check: "typeof(\"\(name)\") = 'integer'" + (range.map { " AND \"\(name)\" \($0)" } ?? ""))
    }

    static func optionalInteger(_ name: String) -> Column {
        Column(name: name, declaration: "INTEGER", check: "typeof(\"\(name)\") IN ('integer', 'null')")
    }

    static func text(_ name: String, _ extra: String = "NOT NULL") -> Column {
        Column(name: name, declaration: "TEXT \(extra)", check: "typeof(\"\(name)\") = 'text'")
    }

    static func optionalText(_ name: String) -> Column {
        Column(name: name, declaration: "TEXT", check: "typeof(\"\(name)\") IN ('text', 'null')")
    }

    static func boolean(_ name: String, _ extra: String = "NOT NULL") -> Column {
        Column(name: name, declaration: "BOOLEAN \(extra)", check: "typeof(\"\(name)\") = 'integer' AND \"\(name)\" IN (0, 1)")
    }

    /// `YYYY-MM-DD` with a month 01...12 and a day 01...31, year 0001 or later.
    static func day(_ name: String, _ extra: String = "NOT NULL") -> Column {
        Column(name: name, declaration: "TEXT \(extra)", check: """
            typeof("\(name)") = 'text' AND "\(name)" GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]' \
            AND substr("\(name)", 6, 2) BETWEEN '01' AND '12' AND substr("\(name)", 9, 2) BETWEEN '01' AND '31' \
            AND "\(name)" >= '0001-01-01'
            """)
    }

    static let rating = "BETWEEN 1 AND 5"

    // MARK: - The tables, as of this migration

    static let tables: [Table] = [
        Table(name: "moduleState", key: ["module"], columns: [
            text("module", "PRIMARY KEY NOT NULL"), boolean("isEnabled"),
            optionalInteger("enabledAt"), optionalInteger("lastUsed"),
        ]),
        Table(name: "dogProfile", key: ["id"], columns: [
            integer("id", "PRIMARY KEY", range: "= 1"), text("name"), day("birthDate"),
        ]),
        Table(name: "nudgeSnooze", key: ["nudgeId"], columns: [text("nudgeId", "PRIMARY KEY NOT NULL"), integer("until")]),
        Table(name: "interventionCompletion", key: ["id"], columns: [
            text("id", "PRIMARY KEY NOT NULL"), text("interventionId"), day("day"), integer("timestamp"),
            integer("count", range: ">= 1"), text("source"),
        ], indexes: [
            "CREATE INDEX \"interventionCompletion_day\" ON \"interventionCompletion\"(\"day\")",
            "CREATE INDEX \"interventionCompletion_intervention_day\" ON \"interventionCompletion\"(\"interventionId\", \"day\")",
        ]),
        Table(name: "interventionDecision", key: ["interventionId", "day"], columns: [
            text("interventionId"), day("day"), text("status"), integer("count", range: ">= 0"), integer("updatedAt"),
        ], constraints: ["PRIMARY KEY (\"interventionId\", \"day\")"], indexes: [
            "CREATE INDEX \"interventionDecision_day\" ON \"interventionDecision\"(\"day\")",
        ]),
        Table(name: "dailyJournal", key: ["day"], columns: [
            day("day", "PRIMARY KEY NOT NULL"), optionalText("notes"), text("tags", "NOT NULL DEFAULT '[]'"),
            boolean("consumedAlcohol", "NOT NULL DEFAULT 0"), boolean("caffeineAfter2PM", "NOT NULL DEFAULT 0"),
            boolean("ateLate", "NOT NULL DEFAULT 0"), boolean("highStress", "NOT NULL DEFAULT 0"),
            boolean("exercised", "NOT NULL DEFAULT 0"),
        ]),
        Table(name: "supplement", key: ["id"], columns: [
            text("id", "PRIMARY KEY NOT NULL"), text("name"), text("timeOfDay"), text("dosage"), boolean("isActive"),
            integer("sortOrder"),
        ]),
        Table(name: "supplementLog", key: ["day", "supplementId"], columns: [
            day("day"), text("supplementId"), boolean("taken"), integer("timestamp"),
        ], constraints: ["PRIMARY KEY (\"day\", \"supplementId\")"]),
        Table(name: "exercise", key: ["id"], columns: [
            text("id", "PRIMARY KEY NOT NULL"), integer("position"), text("name"), text("muscleGroup"),
            text("secondaryMuscles"), text("equipment"), text("category"),
        ]),
        Table(name: "seedMarker", key: ["name"], columns: [text("name", "PRIMARY KEY NOT NULL"), integer("seededAt")]),
        Table(name: "goal", key: ["id"], columns: [
            text("id", "PRIMARY KEY NOT NULL"), text("title"), optionalText("description"), integer("createdAt"),
        ]),
        Table(name: "mood", key: ["day"], columns: [
            day("day", "PRIMARY KEY NOT NULL"), integer("score", range: rating), optionalText("note"),
        ]),
        Table(name: "tipsCache", key: ["goalId"], columns: [
            text("goalId", "PRIMARY KEY NOT NULL REFERENCES \"goal\"(\"id\") ON DELETE CASCADE"), integer("generatedAt"),
            text("tips"),
        ]),
        Table(name: "weightEntry", key: ["id"], columns: [
            integer("minute"), integer("hundredths"),
            Column(name: "id", declaration: "BLOB NOT NULL", check: "typeof(\"id\") = 'blob' AND length(\"id\") = 16"),
            integer("atMs"),
            Column(name: "kilograms", declaration: "REAL NOT NULL",
                   check: "typeof(\"kilograms\") = 'real' AND \"kilograms\" > 0 AND \"kilograms\" <= 700"),
            optionalText("note"), text("source"),
        ], constraints: ["PRIMARY KEY (\"minute\", \"hundredths\")"], options: "WITHOUT ROWID"),
        Table(name: "checkin", key: ["day"], columns: [
            day("day", "PRIMARY KEY NOT NULL"), integer("energy", range: rating), integer("stress", range: rating),
            integer("social", range: rating), optionalText("keyContact"),
        ]),
        Table(name: "checkinQueue", key: ["id"], columns: [
            Column(name: "position", declaration: "INTEGER PRIMARY KEY AUTOINCREMENT", check: nil),
            text("id", "NOT NULL UNIQUE"), day("day"), integer("energy", range: rating), integer("stress", range: rating),
            integer("social", range: rating), optionalText("keyContact"), integer("queuedAt"),
            integer("retryCount", range: ">= 0"), optionalText("claimFlush"), optionalInteger("claimExpires"),
        ]),
        Table(name: "setting", key: ["key"], columns: [text("key", "PRIMARY KEY NOT NULL"), text("value")]),
        Table(name: "driftCache", key: ["key"], columns: [
            text("key", "PRIMARY KEY NOT NULL"), text("json"), integer("fetchedAt"),
        ]),
    ]

    // MARK: - Rebuilding

    /// Rebuilds every table (run inside the migration's transaction, foreign keys off).
    static func migrate(_ db: Database) throws {
        for table in tables { try rebuild(table, db) }
    }

    /// Refuses a row the new definition would refuse, then creates the new table, copies every
    /// row, drops the old one, renames the new one and recreates the indexes (SQLite's
    /// recommended way to change a table's constraints), keeping an AUTOINCREMENT sequence.
    static func rebuild(_ table: Table, _ db: Database) throws {
        let keys = table.key.map { "\"\($0)\"" }.joined(separator: ", ")
        for column in table.columns {
            guard let check = column.check else { continue }
            let sql = "SELECT \(keys), \"\(column.name)\" FROM \"\(table.name)\" WHERE NOT (\(check)) LIMIT 1"
            if let row = try Row.fetchOne(db, sql: sql) {
                let stored = StoredRow(row, table: table.name, keyColumns: table.key)
                let value = try stored.value(column.name)
                throw stored.corrupt(column.name, "holds \(StoredRow.describe(value)), which the column may not hold")
            }
        }
        let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?",
                                          arguments: [table.name])
        let names = table.columns.map { "\"\($0.name)\"" }.joined(separator: ", ")
        let body = (table.columns.map(\.sql) + table.constraints).joined(separator: ",\n    ")
        try db.execute(sql: "CREATE TABLE \"new_\(table.name)\" (\n    \(body)\n) \(table.options)")
        try db.execute(sql: "INSERT INTO \"new_\(table.name)\" (\(names)) SELECT \(names) FROM \"\(table.name)\"")
        try db.execute(sql: "DROP TABLE \"\(table.name)\"")
        try db.execute(sql: "ALTER TABLE \"new_\(table.name)\" RENAME TO \"\(table.name)\"")
        for index in table.indexes { try db.execute(sql: index) }
        if let sequence {
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = ? WHERE name = ?", arguments: [sequence, table.name])
        }
    }
}
