import GRDB
import WellnessApplication
import WellnessDomain

/// Module settings in the `moduleState` table, one row per module (unknown modules kept), and
/// the first run and first choice in the one row of `moduleChoice`.
public struct SQLiteModuleSettingsRepository: ModuleSettingsRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func load() async throws -> ModuleSettings? {
        try await database.read { db in try Self.fetch(db) }
    }

    // MARK: - Writes

    public func update<Result: Sendable>(
        _ change: @Sendable (inout ModuleSettings?) throws -> Result
    ) async throws -> Result {
        try await database.write(touching: [ModuleSettingsSetting.collection]) { db in try Self.update(db, change) }
    }

    /// Reads the settings in `db`, lets `change` modify them and writes what changed, inside the
    /// caller's transaction.
    static func update<Result>(_ db: Database, _ change: (inout ModuleSettings?) throws -> Result) throws -> Result {
        let original = try Self.fetch(db)
        var settings = original
        let result = try change(&settings)
        if settings != original {
            try ModuleStateRecord.deleteAll(db)
            for entry in settings?.entries ?? [] {
                try ModuleStateRecord(entry).insert(db)
            }
            try db.execute(sql: "DELETE FROM moduleChoice")
            if let settings, settings.firstRunAt != nil || settings.chosenAt != nil {
                try db.execute(sql: "INSERT INTO moduleChoice (id, firstRunAt, chosenAt) VALUES (1, ?, ?)",
                               arguments: [settings.firstRunAt.map(Timestamp.milliseconds),
                                           settings.chosenAt.map(Timestamp.milliseconds)])
            }
        }
        return result
    }

    private static func fetch(_ db: Database) throws -> ModuleSettings? {
        let entries = try Row.fetchAll(db, ModuleStateRecord.order(Column("module"))).map { row in
            let stored = StoredRow(row, table: ModuleStateRecord.databaseTableName, keyColumns: ["module"])
            return ModuleEntry(module: try stored.text("module"), isEnabled: try stored.bool("isEnabled"),
                               enabledAt: try stored.optionalInstant("enabledAt"), lastUsed: try stored.optionalInstant("lastUsed"))
        }
        guard !entries.isEmpty else { return nil }
        let choice = try Row.fetchOne(db, sql: "SELECT * FROM moduleChoice WHERE id = 1")
            .map { StoredRow($0, table: "moduleChoice", keyColumns: ["id"]) }
        return ModuleSettings(entries: entries, firstRunAt: try choice?.optionalInstant("firstRunAt"),
                              chosenAt: try choice?.optionalInstant("chosenAt"))
    }
}

/// A row of `moduleState`.
private struct ModuleStateRecord: Encodable, PersistableRecord {
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
}
