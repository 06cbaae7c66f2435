import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// Completions in `interventionCompletion`, decisions in `interventionDecision` (one per
/// intervention and day, enforced by the primary key).
public struct SQLiteInterventionLogRepository: InterventionLogRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func completions(on days: ClosedRange<LocalDay>) async throws -> [InterventionCompletion] {
        try await database.read { db in
            try Row.fetchAll(db, CompletionRecord
                .filter(CompletionRecord.Columns.day >= days.lowerBound.description
                        && CompletionRecord.Columns.day <= days.upperBound.description)
                .order(CompletionRecord.Columns.timestamp, CompletionRecord.Columns.interventionId, CompletionRecord.Columns.id))
                .map(CompletionRecord.completion)
        }
    }

    public func decisions(on days: ClosedRange<LocalDay>) async throws -> [InterventionDecision] {
        try await database.read { db in
            try Row.fetchAll(db, DecisionRecord
                .filter(DecisionRecord.Columns.day >= days.lowerBound.description
                        && DecisionRecord.Columns.day <= days.upperBound.description)
                .order(DecisionRecord.Columns.day, DecisionRecord.Columns.interventionId))
                .map(DecisionRecord.decision)
        }
    }

    public func history(of id: Intervention.ID) async throws -> InterventionHistory {
        try await database.read { db in
            let completions = try Row.fetchAll(db, CompletionRecord
                .filter(CompletionRecord.Columns.interventionId == id.rawValue)
                .order(CompletionRecord.Columns.timestamp, CompletionRecord.Columns.id))
                .map(CompletionRecord.completion)
            let decisions = try Row.fetchAll(db, DecisionRecord
                .filter(DecisionRecord.Columns.interventionId == id.rawValue)
                .order(DecisionRecord.Columns.day))
                .map(DecisionRecord.decision)
            return InterventionHistory(completions: completions, decisions: decisions)
        }
    }

    // MARK: - Writes

    public func append(completions: [InterventionCompletion], decisions: [InterventionDecision]) async throws {
        try await database.write(touching: [CompletionRecords.collection, DecisionRecords.collection]) { db in
            for completion in completions { try CompletionRecord(completion).insert(db) }
            for decision in decisions { try DecisionRecord(decision).upsert(db) }
        }
    }

    public func recordDecision(_ decision: InterventionDecision, completion: InterventionCompletion?) async throws {
        try await database.write(touching: [CompletionRecords.collection, DecisionRecords.collection]) { db in
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
private struct CompletionRecord: Encodable, PersistableRecord {
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

    static func completion(_ row: Row) throws -> InterventionCompletion {
        let stored = StoredRow(row, table: databaseTableName, keyColumns: ["id"])
        return InterventionCompletion(id: .init(try stored.uuid("id")), interventionID: .init(try stored.text("interventionId")),
                                      day: try stored.day("day"), timestamp: try stored.instant("timestamp"),
                                      count: try stored.int("count", in: 1...Int.max),
                                      source: try stored.raw("source", as: InterventionCompletion.Source.self))
    }
}

/// A row of `interventionDecision`.
private struct DecisionRecord: Encodable, PersistableRecord {
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

    static func decision(_ row: Row) throws -> InterventionDecision {
        let stored = StoredRow(row, table: databaseTableName, keyColumns: ["interventionId", "day"])
        return InterventionDecision(interventionID: .init(try stored.text("interventionId")), day: try stored.day("day"),
                                    status: try stored.raw("status", as: InterventionDecision.Status.self),
                                    count: try stored.int("count", in: 0...Int.max), updatedAt: try stored.instant("updatedAt"))
    }
}
