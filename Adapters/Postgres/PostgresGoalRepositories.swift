import Foundation
import PostgresNIO
import WellnessApplication
import WellnessDomain

/// An account's goals in `goal` and their cached tips in `tips_cache` (deleted with their goal
/// by a foreign key).
public struct PostgresGoalRepository: GoalRepository, TipsCacheRepository {
    private let database: PostgresDatabase
    private let account: Account.ID

    /// The goals of `account`.
    public init(database: PostgresDatabase, account: Account.ID) {
        self.database = database
        self.account = account
    }

    public func all() async throws -> [Goal] {
        try await goals("""
            SELECT id, title, description, created_at FROM goal WHERE account_id = \(account.rawValue)
            ORDER BY created_at, id
            """)
    }

    public func goal(_ id: Goal.ID) async throws -> Goal? {
        try await goals("""
            SELECT id, title, description, created_at FROM goal WHERE account_id = \(account.rawValue) AND id = \(id.rawValue)
            """).first
    }

    private func goals(_ query: PostgresQuery) async throws -> [Goal] {
        try await database.read { connection in
            var goals: [Goal] = []
            for try await (id, title, description, created) in try await connection.query(query, logger: database.logger)
                .decode((UUID, String, String?, Int64).self) {
                goals.append(Goal(storedID: Goal.ID(id), title: title, description: description,
                                  createdAt: Timestamp.fromMilliseconds(created)))
            }
            return goals
        }
    }

    public func save(_ goal: Goal) async throws {
        try await database.read { connection in
            try await connection.run("""
                INSERT INTO goal (account_id, id, title, description, created_at)
                VALUES (\(account.rawValue), \(goal.id.rawValue), \(goal.title), \(goal.description),
                        \(Timestamp.milliseconds(goal.createdAt)))
                ON CONFLICT (account_id, id) DO UPDATE
                  SET title = excluded.title, description = excluded.description, created_at = excluded.created_at
                """, database.logger)
        }
    }

    public func remove(_ id: Goal.ID) async throws -> Bool {
        try await database.read { connection in
            try await connection.count("""
                DELETE FROM goal WHERE account_id = \(account.rawValue) AND id = \(id.rawValue) RETURNING 1
                """, database.logger) == 1
        }
    }

    public func cached(for goal: Goal.ID) async throws -> GoalTips? {
        try await database.read { connection in
            let rows = try await connection.query("""
                SELECT generated_at, tips, source FROM tips_cache
                WHERE account_id = \(account.rawValue) AND goal_id = \(goal.rawValue)
                """, logger: database.logger)
            for try await (generated, json, source) in rows.decode((Int64, String, String).self) {
                let tips: [GoalTip]
                do {
                    tips = try JSONDecoder().decode([GoalTip].self, from: Data(json.utf8))
                } catch {
                    throw database.corrupt("tips_cache", key: goal.description, "tips is not a JSON list of tips")
                }
                return GoalTips(goalID: goal, generatedAt: Timestamp.fromMilliseconds(generated), tips: tips,
                                source: TipSource(rawValue: source))
            }
            return nil
        }
    }

    public func store(_ tips: GoalTips) async throws {
        let json = String(decoding: try JSONEncoder().encode(tips.tips), as: UTF8.self)
        try await database.read { connection in
            try await connection.run("""
                INSERT INTO tips_cache (account_id, goal_id, generated_at, tips, source)
                VALUES (\(account.rawValue), \(tips.goalID.rawValue), \(Timestamp.milliseconds(tips.generatedAt)), \(json),
                        \(tips.source.rawValue))
                ON CONFLICT (account_id, goal_id) DO UPDATE
                  SET generated_at = excluded.generated_at, tips = excluded.tips, source = excluded.source
                """, database.logger)
        }
    }
}

/// An account's mood entries in `mood`, one row per day.
public struct PostgresMoodRepository: MoodRepository {
    private let database: PostgresDatabase
    private let account: Account.ID

    /// The moods of `account`.
    public init(database: PostgresDatabase, account: Account.ID) {
        self.database = database
        self.account = account
    }

    public func moods(on days: ClosedRange<LocalDay>) async throws -> [MoodEntry] {
        try await database.read { connection in
            let rows = try await connection.query("""
                SELECT day::text, score, note FROM mood
                WHERE account_id = \(account.rawValue)
                  AND day BETWEEN \(days.lowerBound.description)::date AND \(days.upperBound.description)::date
                ORDER BY day
                """, logger: database.logger)
            var moods: [MoodEntry] = []
            for try await (day, score, note) in rows.decode((String, Int, String?).self) {
                moods.append(MoodEntry(storedDay: try database.day(day, in: "mood"), score: score, note: note))
            }
            return moods
        }
    }

    public func save(_ entry: MoodEntry) async throws {
        try await database.read { connection in
            try await connection.run("""
                INSERT INTO mood (account_id, day, score, note)
                VALUES (\(account.rawValue), \(entry.day.description)::date, \(entry.score), \(entry.note))
                ON CONFLICT (account_id, day) DO UPDATE SET score = excluded.score, note = excluded.note
                """, database.logger)
        }
    }
}

/// An account's daily journals in `journal`, one row per day. An update runs in one transaction
/// holding an advisory lock on the account and day, so concurrent changes to one day — from any
/// process on the database — land one after the other in one journal.
public struct PostgresJournalRepository: JournalRepository {
    private let database: PostgresDatabase
    private let account: Account.ID

    /// The journals of `account`.
    public init(database: PostgresDatabase, account: Account.ID) {
        self.database = database
        self.account = account
    }

    public func journal(on day: LocalDay) async throws -> DailyJournal? {
        try await journals(on: day...day).first
    }

    public func journals(on days: ClosedRange<LocalDay>) async throws -> [DailyJournal] {
        try await database.read { connection in try await journals(on: days, connection) }
    }

    private func journals(on days: ClosedRange<LocalDay>, _ connection: PostgresConnection) async throws -> [DailyJournal] {
        let rows = try await connection.query("""
            SELECT day::text, notes, tags FROM journal
            WHERE account_id = \(account.rawValue)
              AND day BETWEEN \(days.lowerBound.description)::date AND \(days.upperBound.description)::date
            ORDER BY day
            """, logger: database.logger)
        var journals: [DailyJournal] = []
        for try await (day, notes, json) in rows.decode((String, String?, String).self) {
            let localDay = try database.day(day, in: "journal")
            guard let tags = try? JSONDecoder().decode([String].self, from: Data(json.utf8)) else {
                throw database.corrupt("journal", key: day, "tags is not a JSON list of strings")
            }
            journals.append(DailyJournal(day: localDay, notes: notes, tags: tags))
        }
        return journals
    }

    public func update<Result: Sendable>(
        _ day: LocalDay, _ change: @Sendable (inout DailyJournal?) throws -> Result
    ) async throws -> Result {
        // The change runs inside the transaction, so the transaction must end before this call does.
        try await withoutActuallyEscaping(change) { change in
            try await database.transactionEndingWithCall { connection in
                try await connection.lock("journal:\(account):\(day)", database.logger)
                var journal = try await journals(on: day...day, connection).first
                let result = try change(&journal)
                try JournalRepositoryError.check(journal, isFor: day)
                if let journal {
                    let tags = String(decoding: try JSONEncoder().encode(journal.tags), as: UTF8.self)
                    try await connection.run("""
                        INSERT INTO journal (account_id, day, notes, tags)
                        VALUES (\(account.rawValue), \(day.description)::date, \(journal.notes), \(tags))
                        ON CONFLICT (account_id, day) DO UPDATE SET notes = excluded.notes, tags = excluded.tags
                        """, database.logger)
                } else {
                    try await connection.run("""
                        DELETE FROM journal WHERE account_id = \(account.rawValue) AND day = \(day.description)::date
                        """, database.logger)
                }
                return result
            }
        }
    }
}
