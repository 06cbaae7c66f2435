import GRDB
import WellnessApplication
import WellnessDomain

/// The dog profile in the single-row `dogProfile` table.
public struct SQLiteDogProfileRepository: DogProfileRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Reads

    public func load() async throws -> DogProfile? {
        let database = self.database
        return try await database.read { db in
            let record: DogProfileRecord?
            do {
                record = try DogProfileRecord.fetchOne(db, key: 1)
            } catch let error as RowDecodingError {
                throw database.corruptRow(table: DogProfileRecord.databaseTableName, key: "id 1", "\(error)")
            }
            guard let record else { return nil }
            guard let birthDate = LocalDay(record.birthDate) else {
                throw database.corruptRow(table: DogProfileRecord.databaseTableName, key: "id 1",
                                          "birthDate '\(record.birthDate)' is not a date in the form YYYY-MM-DD")
            }
            return DogProfile(storedName: record.name, birthDate: birthDate)
        }
    }

    // MARK: - Writes

    public func save(_ profile: DogProfile) async throws {
        try await database.write { db in
            try DogProfileRecord(id: 1, name: profile.name, birthDate: profile.birthDate.description).upsert(db)
        }
    }
}

/// The one row of `dogProfile`.
private struct DogProfileRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "dogProfile"

    var id: Int64
    var name: String
    var birthDate: String
}
