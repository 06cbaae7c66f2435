import Foundation
import WellnessDomain

/// A SQLite store failure, naming the database file (and row) involved. Worded, like every
/// `WellnessError`, by the presenter's tables (`error.sqliteStore.<code>`).
public enum SQLiteStoreError: WellnessError, Equatable, LocalizedError {
    /// The file could not be opened or is not a Wellness database; it is left untouched.
    case cannotOpen(path: String, reason: String)
    /// The database was migrated by a newer version of Wellness.
    case newerSchema(path: String, unknownMigrations: [String])
    /// A stored row does not hold a valid value (the reason names the column); the file is left
    /// untouched.
    case corruptRow(path: String, table: String, key: String, reason: String)
    /// A stored row whose value breaks a rule of Wellness's own (the column, the rule's message);
    /// the file is left untouched.
    case invalidRow(path: String, table: String, key: String, column: String, rule: LocalizedText)
    /// SQLite reported an error while reading or writing.
    case database(path: String, reason: String)

    /// The message in English, for logs and for a front end without the presenter's tables.
    public var errorDescription: String? {
        switch self {
        case let .cannotOpen(path, reason):
            "cannot open the database \(path): \(reason); it was left untouched"
        case let .newerSchema(path, unknown):
            "the database \(path) was written by a newer version of Wellness (migrations \(unknown.joined(separator: ", "))); upgrade wellness to use it"
        case let .corruptRow(path, table, key, reason):
            "the database \(path) has a corrupt row in \(table) (\(key)): \(reason); the file was left untouched"
        case let .invalidRow(path, table, key, column, rule):
            "the database \(path) has a row in \(table) (\(key)) whose \(column) breaks the rule \(rule.key); the file was left untouched"
        case let .database(path, reason):
            "database error in \(path): \(reason)"
        }
    }

    public enum Code: String, CaseIterable, Sendable {
        case cannotOpen, newerSchema, corruptRow, invalidRow, database
    }

    public static let family = "sqliteStore"

    public var code: Code {
        switch self {
        case .cannotOpen: .cannotOpen
        case .newerSchema: .newerSchema
        case .corruptRow: .corruptRow
        case .invalidRow: .invalidRow
        case .database: .database
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case let .cannotOpen(path, reason), let .database(path, reason):
            [.verbatim(path), .verbatim(reason)]
        case let .newerSchema(path, unknown):
            [.verbatim(path), .verbatim(unknown.joined(separator: ", "))]
        case let .corruptRow(path, table, key, reason):
            [.verbatim(path), .verbatim(table), .verbatim(key), .verbatim(reason)]
        case let .invalidRow(path, table, key, column, rule):
            [.verbatim(path), .verbatim(table), .verbatim(key), .verbatim(column), .text(rule)]
        }
    }
}
