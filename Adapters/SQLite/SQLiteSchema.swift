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
        return migrator
    }

    static var identifiers: Set<String> { Set(migrator.migrations) }
}
