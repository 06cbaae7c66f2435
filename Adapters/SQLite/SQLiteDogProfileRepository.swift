import GRDB
import WellnessApplication
import WellnessDomain

/// The dog profile in the single-row `dogProfile` table.
public struct SQLiteDogProfileRepository: DogProfileRepository {
    private let database: SQLiteDatabase

    /// Uses `database`, which must hold the `.wellness` schema. Its methods throw `SQLiteStoreError` when
    /// SQLite fails or a stored row is not valid.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func load() async throws -> DogProfile? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, DogProfileRecord.filter(key: 1)) else { return nil }
            let stored = StoredRow(row, table: DogProfileRecord.databaseTableName, keyColumns: ["id"])
            return DogProfile(storedName: try stored.text("name"), birthDate: try stored.day("birthDate"))
        }
    }

    // MARK: - Writes

    public func save(_ profile: DogProfile) async throws {
        try await database.write(touching: [DogProfileSetting.collection]) { db in
            try DogProfileRecord(id: 1, name: profile.name, birthDate: profile.birthDate.description).upsert(db)
        }
    }
}

/// The one row of `dogProfile`.
private struct DogProfileRecord: Encodable, PersistableRecord {
    static let databaseTableName = "dogProfile"

    var id: Int64
    var name: String
    var birthDate: String
}
