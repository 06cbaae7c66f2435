import Foundation
import Logging
import WellnessApplication
import WellnessComposition
import WellnessInMemory
import WellnessJSONFile
import WellnessSQLite

/// The server's own repositories (accounts with their sessions, and the failed logins) on one
/// of the built-in stores. Idempotency records are kept in each account's own store, with its
/// check-ins.
public struct ServerRepositories: Sendable {
    /// The server's accounts and their login sessions.
    public var accounts: any AccountRepository
    /// Failed logins: in this process's memory on disk stores (so each process throttles on its
    /// own), in the database on PostgreSQL (shared by every process).
    public var failedLogins: any LoginAttemptRepository
    /// Returns when the accounts' store answers a real read through the handle the server uses;
    /// throws what is wrong (`GET /readyz`). By default, a session lookup.
    public var checkReadable: @Sendable () async throws -> Void

    /// The server's repositories from any adapters; `checkReadable` defaults to a lookup of a
    /// session no one has.
    public init(accounts: any AccountRepository, failedLogins: any LoginAttemptRepository,
                checkReadable: (@Sendable () async throws -> Void)? = nil) {
        self.accounts = accounts
        self.failedLogins = failedLogins
        self.checkReadable = checkReadable ?? { _ = try await accounts.session(digest: "readiness-check") }
    }

    /// `server.sqlite`, or `accounts.json`, in `directory`; or memory.
    public static func make(_ kind: StoreKind, directory: URL, loginThrottle: LoginThrottle.Policy = LoginThrottle.Policy(),
                            logger: Logger = Logger(label: "wellness.server")) throws -> ServerRepositories {
        let failedLogins = InMemoryLoginAttemptRepository(policy: loginThrottle)
        switch kind {
        case .sqlite:
            // Reopened when the file is replaced or put back, so the server follows an operator's restore.
            let database = try ReopeningSQLiteDatabase(file: directory.appendingPathComponent("server.sqlite"),
                                                       schema: .server, logger: logger)
            return ServerRepositories(accounts: SQLiteAccountRepository(handle: database), failedLogins: failedLogins,
                                      checkReadable: { try await database.checkReadable() })
        case .json:
            let files = try JSONFileStore(directory: directory, logger: logger)
            return ServerRepositories(accounts: JSONFileAccountRepository(store: files), failedLogins: failedLogins)
        case .memory:
            return ServerRepositories(accounts: InMemoryAccountRepository(), failedLogins: failedLogins)
        }
    }
}
