import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// The stack in `supplement` (seeded marker in `seedMarker`), logs in `supplementLog` (one per
/// supplement and day).
public struct SQLiteSupplementRepository: SupplementRepository {
    private let database: SQLiteDatabase
    static let marker = "supplements"

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func stack() async throws -> SupplementStack {
        try await database.read { db in try Self.fetchStack(db) }
    }

    public func logs(on days: ClosedRange<LocalDay>) async throws -> [SupplementLog] {
        try await database.read { db in
            try Row.fetchAll(db, SupplementLogRecord
                .filter(Column("day") >= days.lowerBound.description && Column("day") <= days.upperBound.description)
                .order(Column("day"), Column("supplementId")))
                .map(SupplementLogRecord.log)
        }
    }

    // MARK: - Writes

    public func update<Result: Sendable>(_ change: @Sendable (inout SupplementStack) throws -> Result) async throws -> Result {
        try await database.write(touching: [SupplementStackSetting.collection]) { db in
            let original = try Self.fetchStack(db)
            var stack = original
            let result = try change(&stack)
            guard stack != original else { return result }
            try SupplementRecord.deleteAll(db)
            for supplement in stack.supplements { try SupplementRecord(supplement).insert(db) }
            if stack.isSeeded, !original.isSeeded {
                try SeedMarker.set(Self.marker, in: db)
            }
            return result
        }
    }

    public func save(_ log: SupplementLog) async throws {
        try await database.write(touching: [SupplementLogRecords.collection]) { db in try SupplementLogRecord(log).upsert(db) }
    }

    private static func fetchStack(_ db: Database) throws -> SupplementStack {
        let seeded = try SeedMarker.isSet(marker, in: db)
        let supplements = try Row.fetchAll(db, SupplementRecord.all()).map(SupplementRecord.supplement)
        return SupplementStack(supplements: supplements, isSeeded: seeded)
    }
}

/// A row of `supplement`.
private struct SupplementRecord: Encodable, PersistableRecord {
    static let databaseTableName = "supplement"

    var id: String
    var name: String
    var timeOfDay: String
    var dosage: String
    var isActive: Bool
    var sortOrder: Int

    init(_ supplement: Supplement) {
        id = supplement.id.description
        name = supplement.name
        timeOfDay = supplement.timeOfDay.rawValue
        dosage = supplement.dosage
        isActive = supplement.isActive
        sortOrder = supplement.sortOrder
    }

    static func supplement(_ row: Row) throws -> Supplement {
        let stored = StoredRow(row, table: databaseTableName, keyColumns: ["id"])
        return Supplement(id: .init(try stored.uuid("id")), name: try stored.text("name"),
                          timeOfDay: try stored.raw("timeOfDay", as: Supplement.TimeOfDay.self), dosage: try stored.text("dosage"),
                          isActive: try stored.bool("isActive"), sortOrder: try stored.int("sortOrder"))
    }
}

/// A row of `supplementLog`.
private struct SupplementLogRecord: Encodable, PersistableRecord {
    static let databaseTableName = "supplementLog"

    var day: String
    var supplementId: String
    var taken: Bool
    var timestamp: Int64

    init(_ log: SupplementLog) {
        day = log.day.description
        supplementId = log.supplementID.description
        taken = log.taken
        timestamp = Timestamp.milliseconds(log.timestamp)
    }

    static func log(_ row: Row) throws -> SupplementLog {
        let stored = StoredRow(row, table: databaseTableName, keyColumns: ["day", "supplementId"])
        return SupplementLog(day: try stored.day("day"), supplementID: .init(try stored.uuid("supplementId")),
                             taken: try stored.bool("taken"), timestamp: try stored.instant("timestamp"))
    }
}
