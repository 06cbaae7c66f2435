import GRDB
import WellnessApplication
import WellnessDomain

/// Nudge snoozes in the `nudgeSnooze` table, one row per nudge id.
public struct SQLiteNudgeSnoozeRepository: NudgeSnoozeRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func all() async throws -> [NudgeSnooze] {
        try await database.read { db in
            try Row.fetchAll(db, NudgeSnoozeRecord.order(Column("nudgeId"))).map { row in
                let stored = StoredRow(row, table: NudgeSnoozeRecord.databaseTableName, keyColumns: ["nudgeId"])
                return NudgeSnooze(nudgeID: try stored.text("nudgeId"), until: try stored.instant("until"))
            }
        }
    }

    // MARK: - Writes

    public func save(_ snooze: NudgeSnooze) async throws {
        try await database.write(touching: [NudgeSnoozeRecords.collection]) { db in
            try NudgeSnoozeRecord(nudgeId: snooze.nudgeID, until: Timestamp.milliseconds(snooze.until)).upsert(db)
        }
    }
}

/// A row of `nudgeSnooze`.
private struct NudgeSnoozeRecord: Encodable, PersistableRecord {
    static let databaseTableName = "nudgeSnooze"

    var nudgeId: String
    var until: Int64
}
