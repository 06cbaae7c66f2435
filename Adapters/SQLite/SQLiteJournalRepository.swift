import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// Daily journals in `dailyJournal`, one row per day (the primary key), tags as a JSON array
/// and the legacy booleans kept in their columns for older readers.
public struct SQLiteJournalRepository: JournalRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func journal(on day: LocalDay) async throws -> DailyJournal? {
        try await database.read { db in try JournalRecord.fetch(db, day) }
    }

    public func journals(on days: ClosedRange<LocalDay>) async throws -> [DailyJournal] {
        try await database.read { db in
            try Row.fetchAll(db, JournalRecord
                .filter(Column("day") >= days.lowerBound.description && Column("day") <= days.upperBound.description)
                .order(Column("day")))
                .map(JournalRecord.journal)
        }
    }

    // MARK: - Writes

    public func update<Result: Sendable>(
        _ day: LocalDay, _ change: @Sendable (inout DailyJournal?) throws -> Result
    ) async throws -> Result {
        try await database.write(touching: [JournalRecords.collection]) { db in
            var journal = try JournalRecord.fetch(db, day)
            let result = try change(&journal)
            try JournalRepositoryError.check(journal, isFor: day)
            if let journal {
                try JournalRecord(journal).upsert(db)
            } else {
                _ = try JournalRecord.deleteOne(db, key: day.description)
            }
            return result
        }
    }
}

/// A row of `dailyJournal`.
private struct JournalRecord: Encodable, PersistableRecord {
    static let databaseTableName = "dailyJournal"

    var day: String
    var notes: String?
    var tags: String
    var consumedAlcohol: Bool
    var caffeineAfter2PM: Bool
    var ateLate: Bool
    var highStress: Bool
    var exercised: Bool

    init(_ journal: DailyJournal) throws {
        let legacy = journal.legacy
        day = journal.day.description
        notes = journal.notes
        tags = String(decoding: try JSONEncoder().encode(journal.tags), as: UTF8.self)
        consumedAlcohol = legacy.consumedAlcohol
        caffeineAfter2PM = legacy.caffeineAfter2PM
        ateLate = legacy.ateLate
        highStress = legacy.highStress
        exercised = legacy.exercised
    }

    static func fetch(_ db: Database, _ day: LocalDay) throws -> DailyJournal? {
        try Row.fetchOne(db, filter(key: day.description)).map(journal)
    }

    static func journal(_ row: Row) throws -> DailyJournal {
        let stored = StoredRow(row, table: databaseTableName, keyColumns: ["day"])
        return DailyJournal(day: try stored.day("day"), notes: try stored.optionalText("notes"),
                            tags: try stored.json("tags", as: [String].self, expected: "a JSON array of strings"),
                            legacy: .init(consumedAlcohol: try stored.bool("consumedAlcohol"),
                                          caffeineAfter2PM: try stored.bool("caffeineAfter2PM"),
                                          ateLate: try stored.bool("ateLate"), highStress: try stored.bool("highStress"),
                                          exercised: try stored.bool("exercised")))
    }
}
