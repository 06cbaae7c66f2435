import Foundation
import Logging
import WellnessApplication
import WellnessComposition
import WellnessInMemory
import WellnessJSONFile
import WellnessSQLite

/// The server's own repositories (accounts with their sessions, idempotency records) on one
/// of the built-in stores.
public struct ServerRepositories: Sendable {
    public var accounts: any AccountRepository
    public var idempotency: any IdempotencyRepository

    public init(accounts: any AccountRepository, idempotency: any IdempotencyRepository) {
        self.accounts = accounts
        self.idempotency = idempotency
    }

    /// `server.sqlite`, or `accounts.json` and `idempotency.json`, in `directory`; or memory.
    public static func make(_ kind: StoreKind, directory: URL, logger: Logger = Logger(label: "wellness.server")) throws
        -> ServerRepositories {
        switch kind {
        case .sqlite:
            let database = try SQLiteDatabase(file: directory.appendingPathComponent("server.sqlite"), schema: .server,
                                              logger: logger)
            return ServerRepositories(accounts: SQLiteAccountRepository(database: database),
                                      idempotency: SQLiteIdempotencyRepository(database: database))
        case .json:
            let files = try JSONFileStore(directory: directory, logger: logger)
            return ServerRepositories(accounts: JSONFileAccountRepository(store: files),
                                      idempotency: JSONFileIdempotencyRepository(store: files))
        case .memory:
            return ServerRepositories(accounts: InMemoryAccountRepository(), idempotency: InMemoryIdempotencyRepository())
        }
    }
}
