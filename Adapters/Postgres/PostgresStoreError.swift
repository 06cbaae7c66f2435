import Foundation
import WellnessApplication

/// A PostgreSQL store failure, naming the database (its URL without the password) and, for a
/// bad row, the table, the row and the column.
public enum PostgresStoreError: StoreAvailabilityError, Sendable, Equatable, LocalizedError {
    /// The database URL cannot be used (the reason names the part).
    case invalidURL(String, reason: String)
    /// The database cannot be reached now (down, restarting, unreachable, refusing connections,
    /// no answer in time). What was begun was rolled back or never sent, as far as this process
    /// can tell; trying again later may work (an idempotent request is safe to repeat).
    case unavailable(database: String, reason: String)
    /// The database was migrated by a newer version of Wellness.
    case newerSchema(database: String, unknownMigrations: [String])
    /// A stored row does not hold a valid value (the reason names the column); it is left untouched.
    case corruptRow(database: String, table: String, key: String, reason: String)
    /// PostgreSQL refused a statement (the reason is its message and SQLSTATE).
    case database(database: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .invalidURL(url, reason):
            "the database URL \(url) cannot be used: \(reason)"
        case let .unavailable(database, reason):
            "the database \(database) is unavailable: \(reason); try again later"
        case let .newerSchema(database, unknown):
            "the database \(database) was migrated by a newer version of Wellness (migrations \(unknown.joined(separator: ", "))); upgrade wellness to use it"
        case let .corruptRow(database, table, key, reason):
            "the database \(database) has a corrupt row in \(table) (\(key)): \(reason); it was left untouched"
        case let .database(database, reason):
            "database error in \(database): \(reason)"
        }
    }

    /// Whether the failure is the database being away rather than the request or the data.
    public var isUnavailable: Bool {
        if case .unavailable = self { return true }
        return false
    }
}
