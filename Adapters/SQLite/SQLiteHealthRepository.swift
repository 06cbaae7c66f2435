import Foundation
import GRDB
import GRDBSQLite
import WellnessApplication
import WellnessDomain

/// Health samples in `healthSample`, keyed by kind, start, source, end and value (what makes two
/// samples the same), so the table itself refuses a second copy and a day's samples of one kind
/// are one range of its B-tree. An import writes samples and weigh-ins in one transaction of
/// the same database, binding prepared statements through SQLite's C interface.
public struct SQLiteHealthRepository: HealthRepository {
    private let database: SQLiteDatabase
    static let table = "healthSample"
    static let columns = "kind, startMs, source, endMs, value, category, energyKcal"

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func samples(of kinds: Set<HealthSampleKind>, startingIn interval: DateInterval) async throws -> [HealthSample] {
        guard !kinds.isEmpty else { return [] }
        let start = Int64((interval.start.timeIntervalSince1970 * 1000).rounded(.up))
        let end = Int64((interval.end.timeIntervalSince1970 * 1000).rounded(.up))
        let names = kinds.map(\.rawValue).sorted()
        return try await database.read { db in
            let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
            let rows = try Row.fetchAll(db, sql: """
                SELECT \(Self.columns) FROM \(Self.table)
                WHERE kind IN (\(placeholders)) AND startMs >= ? AND startMs < ?
                """, arguments: StatementArguments(names + [start, end] as [any DatabaseValueConvertible]))
            return try rows.map(Self.sample).sorted(by: HealthSample.order)
        }
    }

    public func hasSamples() async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(Self.table))") ?? false
        }
    }

    public func countSamples(_ selection: HealthSampleSelection) async throws -> Int {
        let (condition, arguments) = Self.condition(selection)
        return try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(Self.table) WHERE \(condition)",
                             arguments: StatementArguments(arguments)) ?? 0
        }
    }

    public func removeSamples(_ selection: HealthSampleSelection) async throws -> Int {
        let (condition, arguments) = Self.condition(selection)
        return try await database.write(touching: [HealthRecords.collection]) { db in
            try db.execute(sql: "DELETE FROM \(Self.table) WHERE \(condition)", arguments: StatementArguments(arguments))
            return db.changesCount
        }
    }

    /// The `WHERE` condition that takes what `selection` does, with its arguments.
    private static func condition(_ selection: HealthSampleSelection) -> (String, [String]) {
        var terms = ["1"], arguments: [String] = []
        if let source = selection.source {
            terms.append("source = ?")
            arguments.append(source)
        }
        if let kind = selection.kind {
            terms.append("kind = ?")
            arguments.append(kind.rawValue)
        }
        return (terms.joined(separator: " AND "), arguments)
    }

    private static func sample(_ row: Row) throws -> HealthSample {
        let stored = StoredRow(row, table: table, keyColumns: ["kind", "startMs", "source", "endMs", "value"])
        let kind = try stored.raw("kind", as: HealthSampleKind.self)
        let start = try stored.instant("startMs"), end = try stored.instant("endMs")
        guard end >= start else { throw stored.corrupt("endMs", "before startMs") }
        let energy = try stored.value("energyKcal").isNull ? nil : try stored.double("energyKcal")
        return HealthSample(kind: kind, source: try stored.text("source"), start: start, end: end,
                            value: try stored.double("value"), category: try stored.optionalText("category"),
                            energyKilocalories: energy)
    }

    public func importSamples<Result: Sendable>(
        _ body: @Sendable (any HealthInserting) throws -> Result
    ) async throws -> Result {
        try await database.writeTransaction(touching: [HealthRecords.collection, WeightRecords.collection],
                                            commit: true) { db in try body(try Inserter(db: db)) }
    }

    /// Inserts one sample per step of a prepared statement bound with SQLite's C interface,
    /// and weigh-ins through the weight store's own inserter, in the same transaction.
    private final class Inserter: HealthInserting {
        let statement: Statement
        let connection: OpaquePointer
        let weights: any WeightInserting

        init(db: Database) throws {
            statement = try db.cachedStatement(sql: """
                INSERT INTO \(SQLiteHealthRepository.table) (\(SQLiteHealthRepository.columns))
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """)
            connection = db.sqliteConnection!
            weights = try SQLiteWeightRepository.Inserter(db: db)
        }

        func insert(_ samples: [HealthSample]) throws -> Int {
            let handle = statement.sqliteStatement
            var inserted = 0
            for sample in samples {
                sqlite3_reset(handle)
                _ = SQLiteText.bind(handle, 1, sample.kind.rawValue)
                sqlite3_bind_int64(handle, 2, Timestamp.milliseconds(sample.start))
                _ = SQLiteText.bind(handle, 3, sample.source)
                sqlite3_bind_int64(handle, 4, Timestamp.milliseconds(sample.end))
                sqlite3_bind_double(handle, 5, sample.value)
                if let category = sample.category { _ = SQLiteText.bind(handle, 6, category) } else { sqlite3_bind_null(handle, 6) }
                if let energy = sample.energyKilocalories {
                    sqlite3_bind_double(handle, 7, energy)
                } else {
                    sqlite3_bind_null(handle, 7)
                }
                let code = sqlite3_step(handle)
                guard code == SQLITE_DONE else {
                    let message = String(cString: sqlite3_errmsg(connection))
                    sqlite3_reset(handle)
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
                }
                inserted += Int(sqlite3_changes(connection))
            }
            return inserted
        }
    }
}
