import GRDB
import WellnessApplication
import WellnessDomain

/// Module settings in the `moduleState` table, one row per module (unknown modules kept).
public struct SQLiteModuleSettingsRepository: ModuleSettingsRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func load() async throws -> ModuleSettings? {
        let database = self.database
        return try await database.read { db in try Self.fetch(db, database) }
    }

    // MARK: - Writes

    public func update<Result: Sendable>(
        _ change: @Sendable (inout ModuleSettings?) throws -> Result
    ) async throws -> Result {
        let database = self.database
        return try await database.write { db in
            let original = try Self.fetch(db, database)
            var settings = original
            let result = try change(&settings)
            if settings != original {
                try ModuleStateRecord.deleteAll(db)
                for entry in settings?.entries ?? [] {
                    try ModuleStateRecord(entry).insert(db)
                }
            }
            return result
        }
    }

    private static func fetch(_ db: Database, _ database: SQLiteDatabase) throws -> ModuleSettings? {
        let records: [ModuleStateRecord]
        do {
            records = try ModuleStateRecord.order(Column("module")).fetchAll(db)
        } catch let error as RowDecodingError {
            throw database.corruptRow(table: ModuleStateRecord.databaseTableName, key: "module", "\(error)")
        }
        return records.isEmpty ? nil : ModuleSettings(entries: records.map(\.entry))
    }
}

/// A row of `moduleState`.
private struct ModuleStateRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "moduleState"

    var module: String
    var isEnabled: Bool
    var enabledAt: Int64?
    var lastUsed: Int64?

    init(_ entry: ModuleEntry) {
        module = entry.module
        isEnabled = entry.isEnabled
        enabledAt = entry.enabledAt.map(Timestamp.milliseconds)
        lastUsed = entry.lastUsed.map(Timestamp.milliseconds)
    }

    var entry: ModuleEntry {
        ModuleEntry(module: module, isEnabled: isEnabled,
                    enabledAt: enabledAt.map(Timestamp.fromMilliseconds),
                    lastUsed: lastUsed.map(Timestamp.fromMilliseconds))
    }
}
