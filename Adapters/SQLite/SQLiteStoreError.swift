import Foundation

/// A SQLite store failure, naming the database file (and row) involved.
public enum SQLiteStoreError: Error, Sendable, Equatable, LocalizedError {
    /// The file could not be opened or is not a Wellness database; it is left untouched.
    case cannotOpen(path: String, reason: String)
    /// The database was migrated by a newer version of Wellness.
    case newerSchema(path: String, unknownMigrations: [String])
    /// A stored row does not hold a valid value (the reason names the column); the file is left
    /// untouched.
    case corruptRow(path: String, table: String, key: String, reason: String)
    /// SQLite reported an error while reading or writing.
    case database(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .cannotOpen(path, reason):
            "cannot open the database \(path): \(reason); it was left untouched"
        case let .newerSchema(path, unknown):
            "the database \(path) was written by a newer version of Wellness (migrations \(unknown.joined(separator: ", "))); upgrade wellness to use it"
        case let .corruptRow(path, table, key, reason):
            "the database \(path) has a corrupt row in \(table) (\(key)): \(reason); the file was left untouched"
        case let .database(path, reason):
            "database error in \(path): \(reason)"
        }
    }
}
