import Foundation
import Logging
import WellnessApplication
import WellnessComposition
import WellnessInMemory
import WellnessJSONFile
import WellnessSQLite

/// The server's own repositories (accounts with their sessions) on one of the built-in
/// stores. Idempotency records are kept in each account's own store, with its check-ins.
public struct ServerRepositories: Sendable {
    public var accounts: any AccountRepository

    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    /// `server.sqlite`, or `accounts.json`, in `directory`; or memory.
    public static func make(_ kind: StoreKind, directory: URL, logger: Logger = Logger(label: "wellness.server")) throws
        -> ServerRepositories {
        switch kind {
        case .sqlite:
            let database = try SQLiteDatabase(file: directory.appendingPathComponent("server.sqlite"), schema: .server,
                                              logger: logger)
            return ServerRepositories(accounts: SQLiteAccountRepository(database: database))
        case .json:
            let files = try JSONFileStore(directory: directory, logger: logger)
            return ServerRepositories(accounts: JSONFileAccountRepository(store: files))
        case .memory:
            return ServerRepositories(accounts: InMemoryAccountRepository())
        }
    }
}
