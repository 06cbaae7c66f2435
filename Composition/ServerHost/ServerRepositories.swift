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

    /// The server's repositories from any adapters.
    public init(accounts: any AccountRepository, failedLogins: any LoginAttemptRepository) {
        self.accounts = accounts
        self.failedLogins = failedLogins
    }

    /// `server.sqlite`, or `accounts.json`, in `directory`; or memory.
    public static func make(_ kind: StoreKind, directory: URL, loginThrottle: LoginThrottle.Policy = LoginThrottle.Policy(),
                            logger: Logger = Logger(label: "wellness.server")) throws -> ServerRepositories {
        let failedLogins = InMemoryLoginAttemptRepository(policy: loginThrottle)
        switch kind {
        case .sqlite:
            let database = try SQLiteDatabase(file: directory.appendingPathComponent("server.sqlite"), schema: .server,
                                              logger: logger)
            return ServerRepositories(accounts: SQLiteAccountRepository(database: database), failedLogins: failedLogins)
        case .json:
            let files = try JSONFileStore(directory: directory, logger: logger)
            return ServerRepositories(accounts: JSONFileAccountRepository(store: files), failedLogins: failedLogins)
        case .memory:
            return ServerRepositories(accounts: InMemoryAccountRepository(), failedLogins: failedLogins)
        }
    }
}
