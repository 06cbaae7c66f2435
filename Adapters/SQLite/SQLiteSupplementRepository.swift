import Foundation
import GRDB
import WellnessApplication
import WellnessDomain

/// The stack in `supplement` (seeded marker in `seedMarker`), logs in `supplementLog` (one per
/// supplement and day).
public struct SQLiteSupplementRepository: SupplementRepository {
    private let database: SQLiteDatabase
    static let marker = "supplements"

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func stack() async throws -> SupplementStack {
        let database = self.database
        return try await database.read { db in try Self.fetchStack(db, database) }
    }

    public func logs(on days: ClosedRange<LocalDay>) async throws -> [SupplementLog] {
        let database = self.database
        return try await database.read { db in
            try SupplementLogRecord
                .filter(Column("day") >= days.lowerBound.description && Column("day") <= days.upperBound.description)
                .order(Column("day"), Column("supplementId"))
                .fetchAll(db).map { try $0.log(database) }
        }
    }

    // MARK: - Writes

    public func update<Result: Sendable>(_ change: @Sendable (inout SupplementStack) throws -> Result) async throws -> Result {
        let database = self.database
        return try await database.write { db in
            let original = try Self.fetchStack(db, database)
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
        try await database.write { db in try SupplementLogRecord(log).upsert(db) }
    }

    private static func fetchStack(_ db: Database, _ database: SQLiteDatabase) throws -> SupplementStack {
        let seeded = try SeedMarker.isSet(marker, in: db)
        let supplements = try SupplementRecord.fetchAll(db).map { try $0.supplement(database) }
        return SupplementStack(supplements: supplements, isSeeded: seeded)
    }
}

/// A row of `supplement`.
private struct SupplementRecord: Codable, FetchableRecord, PersistableRecord {
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

    func supplement(_ database: SQLiteDatabase) throws -> Supplement {
        guard let uuid = UUID(uuidString: id) else {
            throw database.corruptRow(table: Self.databaseTableName, key: "id \(id)", "id is not a UUID")
        }
        guard let time = Supplement.TimeOfDay(rawValue: timeOfDay) else {
            throw database.corruptRow(table: Self.databaseTableName, key: "id \(id)", "unknown timeOfDay '\(timeOfDay)'")
        }
        return Supplement(id: .init(uuid), name: name, timeOfDay: time, dosage: dosage, isActive: isActive,
                          sortOrder: sortOrder)
    }
}

/// A row of `supplementLog`.
private struct SupplementLogRecord: Codable, FetchableRecord, PersistableRecord {
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

    func log(_ database: SQLiteDatabase) throws -> SupplementLog {
        guard let localDay = LocalDay(day), let uuid = UUID(uuidString: supplementId) else {
            throw database.corruptRow(table: Self.databaseTableName, key: "\(supplementId) on \(day)",
                                      "day or supplementId is malformed")
        }
        return SupplementLog(day: localDay, supplementID: .init(uuid), taken: taken,
                             timestamp: Timestamp.fromMilliseconds(timestamp))
    }
}
