import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// Daily journals in `dailyJournal`, one row per day (the primary key), tags as a JSON array
/// and the legacy booleans kept in their columns for older readers.
public struct SQLiteJournalRepository: JournalRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func journal(on day: LocalDay) async throws -> DailyJournal? {
        let database = self.database
        return try await database.read { db in try JournalRecord.fetchOne(db, key: day.description)?.journal(database) }
    }

    public func journals(on days: ClosedRange<LocalDay>) async throws -> [DailyJournal] {
        let database = self.database
        return try await database.read { db in
            try JournalRecord
                .filter(Column("day") >= days.lowerBound.description && Column("day") <= days.upperBound.description)
                .order(Column("day"))
                .fetchAll(db).map { try $0.journal(database) }
        }
    }

    // MARK: - Writes

    public func update<Result: Sendable>(
        _ day: LocalDay, _ change: @Sendable (inout DailyJournal?) throws -> Result
    ) async throws -> Result {
        let database = self.database
        return try await database.write { db in
            var journal = try JournalRecord.fetchOne(db, key: day.description)?.journal(database)
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
private struct JournalRecord: Codable, FetchableRecord, PersistableRecord {
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

    func journal(_ database: SQLiteDatabase) throws -> DailyJournal {
        guard let localDay = LocalDay(day) else {
            throw database.corruptRow(table: Self.databaseTableName, key: "day \(day)", "not a date in the form YYYY-MM-DD")
        }
        guard let raw = try? JSONDecoder().decode([String].self, from: Data(tags.utf8)) else {
            throw database.corruptRow(table: Self.databaseTableName, key: "day \(day)", "tags '\(tags)' is not a JSON array of strings")
        }
        return DailyJournal(day: localDay, notes: notes, tags: raw,
                            legacy: .init(consumedAlcohol: consumedAlcohol, caffeineAfter2PM: caffeineAfter2PM,
                                          ateLate: ateLate, highStress: highStress, exercised: exercised))
    }
}
