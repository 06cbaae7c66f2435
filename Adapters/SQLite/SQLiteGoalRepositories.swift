import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// Goals in `goal`, cached tips in `tipsCache` (deleted with their goal by a foreign key).
public struct SQLiteGoalRepository: GoalRepository, TipsCacheRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func all() async throws -> [Goal] {
        try await database.read { db in
            try Row.fetchAll(db, GoalRecord.order(Column("createdAt"), Column("id"))).map { try GoalRecord.goal($0) }
        }
    }

    public func goal(_ id: Goal.ID) async throws -> Goal? {
        try await database.read { db in
            try Row.fetchOne(db, GoalRecord.filter(key: id.description)).map { try GoalRecord.goal($0) }
        }
    }

    public func cached(for goal: Goal.ID) async throws -> GoalTips? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT goalId, generatedAt, tips, source FROM tipsCache WHERE goalId = ?",
                                             arguments: [goal.description]) else { return nil }
            let stored = StoredRow(row, table: "tipsCache", keyColumns: ["goalId"])
            return GoalTips(goalID: goal, generatedAt: try stored.instant("generatedAt"),
                            tips: try stored.json("tips", as: [GoalTip].self, expected: "a JSON list of tips"),
                            source: TipSource(rawValue: try stored.text("source")))
        }
    }

    // MARK: - Writes

    public func save(_ goal: Goal) async throws {
        try await database.write(touching: [GoalRecords.collection]) { db in try GoalRecord(goal).upsert(db) }
    }

    public func remove(_ id: Goal.ID) async throws -> Bool {
        try await database.write(touching: [GoalRecords.collection]) { db in try GoalRecord.deleteOne(db, key: id.description) }
    }

    public func store(_ tips: GoalTips) async throws {
        let json = String(decoding: try JSONEncoder().encode(tips.tips), as: UTF8.self)
        try await database.write(touching: [GoalTipsRecords.collection]) { db in
            try db.execute(sql: "INSERT OR REPLACE INTO tipsCache (goalId, generatedAt, tips, source) VALUES (?, ?, ?, ?)",
                           arguments: [tips.goalID.description, Timestamp.milliseconds(tips.generatedAt), json,
                                       tips.source.rawValue])
        }
    }
}

/// A row of `goal`.
private struct GoalRecord: Encodable, PersistableRecord {
    static let databaseTableName = "goal"

    var id: String
    var title: String
    var description: String?
    var createdAt: Int64

    init(_ goal: Goal) {
        id = goal.id.description
        title = goal.title
        description = goal.description
        createdAt = Timestamp.milliseconds(goal.createdAt)
    }

    static func goal(_ row: Row) throws -> Goal {
        let stored = StoredRow(row, table: databaseTableName, keyColumns: ["id"])
        return Goal(storedID: .init(try stored.uuid("id")), title: try stored.text("title"),
                    description: try stored.optionalText("description"), createdAt: try stored.instant("createdAt"))
    }
}

/// Mood entries in `mood`, one row per day.
public struct SQLiteMoodRepository: MoodRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func moods(on days: ClosedRange<LocalDay>) async throws -> [MoodEntry] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT day, score, note FROM mood WHERE day BETWEEN ? AND ? ORDER BY day",
                             arguments: [days.lowerBound.description, days.upperBound.description]).map { row in
                let stored = StoredRow(row, table: "mood", keyColumns: ["day"])
                return MoodEntry(storedDay: try stored.day("day"), score: try stored.int("score", in: MoodEntry.scores),
                                 note: try stored.optionalText("note"))
            }
        }
    }

    public func save(_ entry: MoodEntry) async throws {
        try await database.write(touching: [MoodRecords.collection]) { db in
            try db.execute(sql: "INSERT OR REPLACE INTO mood (day, score, note) VALUES (?, ?, ?)",
                           arguments: [entry.day.description, entry.score, entry.note])
        }
    }
}
