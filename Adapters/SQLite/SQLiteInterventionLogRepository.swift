import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// Completions in `interventionCompletion`, decisions in `interventionDecision` (one per
/// intervention and day, enforced by the primary key).
public struct SQLiteInterventionLogRepository: InterventionLogRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func completions(on days: ClosedRange<LocalDay>) async throws -> [InterventionCompletion] {
        let database = self.database
        return try await database.read { db in
            try CompletionRecord
                .filter(CompletionRecord.Columns.day >= days.lowerBound.description
                        && CompletionRecord.Columns.day <= days.upperBound.description)
                .order(CompletionRecord.Columns.timestamp, CompletionRecord.Columns.interventionId, CompletionRecord.Columns.id)
                .fetchAll(db).map { try $0.completion(database) }
        }
    }

    public func decisions(on days: ClosedRange<LocalDay>) async throws -> [InterventionDecision] {
        let database = self.database
        return try await database.read { db in
            try DecisionRecord
                .filter(DecisionRecord.Columns.day >= days.lowerBound.description
                        && DecisionRecord.Columns.day <= days.upperBound.description)
                .order(DecisionRecord.Columns.day, DecisionRecord.Columns.interventionId)
                .fetchAll(db).map { try $0.decision(database) }
        }
    }

    public func history(of id: Intervention.ID) async throws -> InterventionHistory {
        let database = self.database
        return try await database.read { db in
            let completions = try CompletionRecord
                .filter(CompletionRecord.Columns.interventionId == id.rawValue)
                .order(CompletionRecord.Columns.timestamp, CompletionRecord.Columns.id)
                .fetchAll(db).map { try $0.completion(database) }
            let decisions = try DecisionRecord
                .filter(DecisionRecord.Columns.interventionId == id.rawValue)
                .order(DecisionRecord.Columns.day)
                .fetchAll(db).map { try $0.decision(database) }
            return InterventionHistory(completions: completions, decisions: decisions)
        }
    }

    // MARK: - Writes

    public func append(completions: [InterventionCompletion], decisions: [InterventionDecision]) async throws {
        try await database.write { db in
            for completion in completions { try CompletionRecord(completion).insert(db) }
            for decision in decisions { try DecisionRecord(decision).upsert(db) }
        }
    }

    public func recordDecision(_ decision: InterventionDecision, completion: InterventionCompletion?) async throws {
        try await database.write { db in
            try CompletionRecord
                .filter(CompletionRecord.Columns.interventionId == decision.interventionID.rawValue
                        && CompletionRecord.Columns.day == decision.day.description
                        && CompletionRecord.Columns.source == InterventionCompletion.Source.catchUp.rawValue)
                .deleteAll(db)
            try DecisionRecord(decision).upsert(db)
            if let completion { try CompletionRecord(completion).insert(db) }
        }
    }
}

/// A row of `interventionCompletion`.
private struct CompletionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "interventionCompletion"
    enum Columns {
        static let id = Column("id"), interventionId = Column("interventionId"), day = Column("day")
        static let timestamp = Column("timestamp"), source = Column("source")
    }

    var id: String
    var interventionId: String
    var day: String
    var timestamp: Int64
    var count: Int
    var source: String

    init(_ completion: InterventionCompletion) {
        id = completion.id.rawValue.uuidString
        interventionId = completion.interventionID.rawValue
        day = completion.day.description
        timestamp = Timestamp.milliseconds(completion.timestamp)
        count = completion.count
        source = completion.source.rawValue
    }

    func completion(_ database: SQLiteDatabase) throws -> InterventionCompletion {
        func corrupt(_ reason: String) -> SQLiteStoreError {
            database.corruptRow(table: Self.databaseTableName, key: "id \(id)", reason)
        }
        guard let uuid = UUID(uuidString: id) else { throw corrupt("id is not a UUID") }
        guard let localDay = LocalDay(day) else { throw corrupt("day '\(day)' is not a date in the form YYYY-MM-DD") }
        guard let kind = InterventionCompletion.Source(rawValue: source) else { throw corrupt("unknown source '\(source)'") }
        return InterventionCompletion(id: .init(uuid), interventionID: .init(interventionId), day: localDay,
                                      timestamp: Timestamp.fromMilliseconds(timestamp), count: count, source: kind)
    }
}

/// A row of `interventionDecision`.
private struct DecisionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "interventionDecision"
    enum Columns {
        static let interventionId = Column("interventionId"), day = Column("day")
    }

    var interventionId: String
    var day: String
    var status: String
    var count: Int
    var updatedAt: Int64

    init(_ decision: InterventionDecision) {
        interventionId = decision.interventionID.rawValue
        day = decision.day.description
        status = decision.status.rawValue
        count = decision.count
        updatedAt = Timestamp.milliseconds(decision.updatedAt)
    }

    func decision(_ database: SQLiteDatabase) throws -> InterventionDecision {
        func corrupt(_ reason: String) -> SQLiteStoreError {
            database.corruptRow(table: Self.databaseTableName, key: "\(interventionId) on \(day)", reason)
        }
        guard let localDay = LocalDay(day) else { throw corrupt("day '\(day)' is not a date in the form YYYY-MM-DD") }
        guard let state = InterventionDecision.Status(rawValue: status) else { throw corrupt("unknown status '\(status)'") }
        return InterventionDecision(interventionID: .init(interventionId), day: localDay, status: state, count: count,
                                    updatedAt: Timestamp.fromMilliseconds(updatedAt))
    }
}
