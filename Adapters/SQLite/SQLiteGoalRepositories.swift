import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// Goals in `goal`, cached tips in `tipsCache` (deleted with their goal by a foreign key).
public struct SQLiteGoalRepository: GoalRepository, TipsCacheRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func all() async throws -> [Goal] {
        let database = self.database
        return try await database.read { db in
            try GoalRecord.order(Column("createdAt"), Column("id")).fetchAll(db).map { try $0.goal(database) }
        }
    }

    public func goal(_ id: Goal.ID) async throws -> Goal? {
        let database = self.database
        return try await database.read { db in try GoalRecord.fetchOne(db, key: id.description)?.goal(database) }
    }

    public func cached(for goal: Goal.ID) async throws -> GoalTips? {
        let database = self.database
        return try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT generatedAt, tips FROM tipsCache WHERE goalId = ?",
                                             arguments: [goal.description]) else { return nil }
            let json: String = row["tips"]
            do {
                let tips = try JSONDecoder().decode([GoalTip].self, from: Data(json.utf8))
                return GoalTips(goalID: goal, generatedAt: Timestamp.fromMilliseconds(row["generatedAt"]), tips: tips)
            } catch {
                throw database.corruptRow(table: "tipsCache", key: "goal \(goal)", "tips are not a list of tips: \(error)")
            }
        }
    }

    // MARK: - Writes

    public func save(_ goal: Goal) async throws {
        try await database.write { db in try GoalRecord(goal).upsert(db) }
    }

    public func remove(_ id: Goal.ID) async throws -> Bool {
        try await database.write { db in try GoalRecord.deleteOne(db, key: id.description) }
    }

    public func store(_ tips: GoalTips) async throws {
        let json = String(decoding: try JSONEncoder().encode(tips.tips), as: UTF8.self)
        try await database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO tipsCache (goalId, generatedAt, tips) VALUES (?, ?, ?)",
                           arguments: [tips.goalID.description, Timestamp.milliseconds(tips.generatedAt), json])
        }
    }
}

/// A row of `goal`.
private struct GoalRecord: Codable, FetchableRecord, PersistableRecord {
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

    func goal(_ database: SQLiteDatabase) throws -> Goal {
        guard let uuid = UUID(uuidString: id) else {
            throw database.corruptRow(table: Self.databaseTableName, key: "id \(id)", "id is not a UUID")
        }
        return Goal(storedID: .init(uuid), title: title, description: description,
                    createdAt: Timestamp.fromMilliseconds(createdAt))
    }
}

/// Mood entries in `mood`, one row per day.
public struct SQLiteMoodRepository: MoodRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func moods(on days: ClosedRange<LocalDay>) async throws -> [MoodEntry] {
        let database = self.database
        return try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT day, score, note FROM mood WHERE day BETWEEN ? AND ? ORDER BY day",
                             arguments: [days.lowerBound.description, days.upperBound.description]).map { row in
                let text: String = row["day"]
                guard let day = LocalDay(text) else {
                    throw database.corruptRow(table: "mood", key: "day \(text)", "not a date in the form YYYY-MM-DD")
                }
                return MoodEntry(storedDay: day, score: row["score"], note: row["note"])
            }
        }
    }

    public func save(_ entry: MoodEntry) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO mood (day, score, note) VALUES (?, ?, ?)",
                           arguments: [entry.day.description, entry.score, entry.note])
        }
    }
}
