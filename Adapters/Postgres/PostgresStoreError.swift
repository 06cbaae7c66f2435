import Foundation
import WellnessApplication
import WellnessDomain

/// A PostgreSQL store failure, naming the database (its URL without the password) and, for a
/// bad row, the table, the row and the column. Worded, like every `WellnessError`, by the
/// presenter's tables (`error.postgresStore.<code>`).
public enum PostgresStoreError: StoreAvailabilityError, WellnessError, Equatable, LocalizedError {
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
    /// A stored row whose values break a rule of Wellness's own (the rule's message); it is left
    /// untouched.
    case invalidRow(database: String, table: String, key: String, rule: LocalizedText)
    /// PostgreSQL refused a statement (the reason is its message and SQLSTATE).
    case database(database: String, reason: String)
    /// Nothing could be connected to at the URL's host and port: refused, no route, unknown
    /// host or no answer in time. The database may be down (waiting may help) or the URL wrong.
    case unreachable(database: String, host: String, port: Int)
    /// PostgreSQL refused the URL's user or password (it does not tell which, on purpose).
    case authenticationFailed(database: String, user: String)
    /// The server has no database of the URL's name.
    case noSuchDatabase(database: String, name: String)
    /// The URL's `sslmode` requires TLS and the server does not offer it.
    case tlsUnsupported(database: String)
    /// The TLS handshake failed: the server's certificate was not trusted (`sslrootcert`) or
    /// does not name the host (`sslmode=verify-full`).
    case tlsFailed(database: String)

    /// The message in English, for logs and for a front end without the presenter's tables.
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
        case let .invalidRow(database, table, key, rule):
            "the database \(database) has a row in \(table) (\(key)) that breaks the rule \(rule.key); it was left untouched"
        case let .database(database, reason):
            "database error in \(database): \(reason)"
        case let .unreachable(database, host, port):
            "cannot connect to the database server at \(host):\(port) (\(database)): refused, unreachable or no answer in time; check the host and port in the URL and that PostgreSQL is running there"
        case let .authenticationFailed(database, user):
            "PostgreSQL refused the user or the password (it does not say which) of \(user) for \(database); check both in the URL"
        case let .noSuchDatabase(database, name):
            "the database server has no database \(name) (\(database)); create it or correct its name in the URL"
        case let .tlsUnsupported(database):
            "the database server of \(database) does not offer TLS, which the URL's sslmode requires; enable TLS on the server, or use sslmode=prefer or disable on a network you trust"
        case let .tlsFailed(database):
            "the TLS handshake with the database server of \(database) failed: its certificate is not trusted (sslrootcert) or does not name the host (sslmode=verify-full)"
        }
    }

    public enum Code: String, CaseIterable, Sendable {
        case invalidURL, unavailable, newerSchema, corruptRow, invalidRow, database
        case unreachable, authenticationFailed, noSuchDatabase, tlsUnsupported, tlsFailed
    }

    public static let family = "postgresStore"

    public var code: Code {
        switch self {
        case .invalidURL: .invalidURL
        case .unavailable: .unavailable
        case .newerSchema: .newerSchema
        case .corruptRow: .corruptRow
        case .invalidRow: .invalidRow
        case .database: .database
        case .unreachable: .unreachable
        case .authenticationFailed: .authenticationFailed
        case .noSuchDatabase: .noSuchDatabase
        case .tlsUnsupported: .tlsUnsupported
        case .tlsFailed: .tlsFailed
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case let .invalidURL(url, reason): [.verbatim(url), .verbatim(reason)]
        case let .unavailable(database, reason), let .database(database, reason):
            [.verbatim(database), .verbatim(reason)]
        case let .newerSchema(database, unknown):
            [.verbatim(database), .verbatim(unknown.joined(separator: ", "))]
        case let .corruptRow(database, table, key, reason):
            [.verbatim(database), .verbatim(table), .verbatim(key), .verbatim(reason)]
        case let .invalidRow(database, table, key, rule):
            [.verbatim(database), .verbatim(table), .verbatim(key), .text(rule)]
        case let .unreachable(database, host, port): [.verbatim(host), .verbatim(String(port)), .verbatim(database)]
        case let .authenticationFailed(database, user): [.verbatim(user), .verbatim(database)]
        case let .noSuchDatabase(database, name): [.verbatim(name), .verbatim(database)]
        case let .tlsUnsupported(database), let .tlsFailed(database): [.verbatim(database)]
        }
    }

    /// Whether the failure is the database being away rather than the request or the data.
    public var isUnavailable: Bool {
        switch self {
        case .unavailable, .unreachable: true
        default: false
        }
    }
}
