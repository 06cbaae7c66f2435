import GRDB
import WellnessApplication
import WellnessDomain

/// Nudge snoozes in the `nudgeSnooze` table, one row per nudge id.
public struct SQLiteNudgeSnoozeRepository: NudgeSnoozeRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func all() async throws -> [NudgeSnooze] {
        let database = self.database
        return try await database.read { db in
            do {
                return try NudgeSnoozeRecord.order(Column("nudgeId")).fetchAll(db).map(\.snooze)
            } catch let error as RowDecodingError {
                throw database.corruptRow(table: NudgeSnoozeRecord.databaseTableName, key: "nudgeId", "\(error)")
            }
        }
    }

    // MARK: - Writes

    public func save(_ snooze: NudgeSnooze) async throws {
        try await database.write { db in
            try NudgeSnoozeRecord(nudgeId: snooze.nudgeID, until: Timestamp.milliseconds(snooze.until)).upsert(db)
        }
    }
}

/// A row of `nudgeSnooze`.
private struct NudgeSnoozeRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "nudgeSnooze"

    var nudgeId: String
    var until: Int64

    var snooze: NudgeSnooze { NudgeSnooze(nudgeID: nudgeId, until: Timestamp.fromMilliseconds(until)) }
}
