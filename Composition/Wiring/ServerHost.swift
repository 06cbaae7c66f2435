import Foundation
import Logging
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessJSONFile
import WellnessServer
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

/// A Wellness server's data directory: its accounts and sessions (`server.sqlite`, or
/// `accounts.json` and `idempotency.json`), and one store per account under
/// `accounts/<account id>/`, opened with the single-user wiring unchanged. The folder is named
/// by the account's id, never by anything typed, so one account cannot reach another's data.
public final class ServerHost: Sendable {
    public let accounts: ManageAccounts
    let idempotency: any IdempotencyRepository
    let store: StoreKind
    let directory: URL
    let clock: any WallClock
    let calendar: Calendar
    let logger: Logger
    let workspaces = Workspaces()

    /// `bcryptCost` 12 for real use; tests lower it.
    public init(store: StoreKind, directory: URL, clock: any WallClock = SystemWallClock(),
                calendar: Calendar = .current, bcryptCost: UInt8 = 12,
                sessionLifetime: TimeInterval = ManageAccounts.defaultSessionLifetime,
                logger: Logger = Logger(label: "wellness.server")) throws {
        let repositories = try ServerRepositories.make(store, directory: directory, logger: logger)
        idempotency = repositories.idempotency
        let credentials = SecureCredentials(cost: bcryptCost)
        accounts = ManageAccounts(accounts: repositories.accounts, hasher: credentials, tokens: credentials,
                                  time: TimeContext(clock: clock, calendar: calendar), sessionLifetime: sessionLifetime)
        self.store = store
        self.directory = directory
        self.clock = clock
        self.calendar = calendar
        self.logger = logger
    }

    /// The server for this directory.
    public func server(_ configuration: ServerConfiguration) -> APIServer {
        APIServer(accounts: accounts, idempotency: idempotency, workspace: { [self] account in
            try await workspace(account.id).serverWorkspace
        }, time: TimeContext(clock: clock, calendar: calendar), configuration: configuration, logger: logger)
    }

    /// Serves until SIGINT or SIGTERM; `onRunning` gets the port bound.
    public func serve(_ configuration: ServerConfiguration, onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        try await server(configuration).run(onRunning: onRunning)
    }

    /// Where an account's data lives (not used by the in-memory store).
    public func dataDirectory(of account: Account.ID) -> URL {
        directory.appendingPathComponent("accounts", isDirectory: true)
            .appendingPathComponent(account.description, isDirectory: true)
    }

    /// The single-user container on an account's own store (opened once, then reused).
    public func workspace(_ account: Account.ID) async throws -> Wellness {
        try await workspaces.open(account) { [self] in
            let repositories = try WellnessRepositories.make(store, directory: dataDirectory(of: account), logger: logger)
            return try Wellness(repositories: repositories, clock: clock, calendar: calendar)
        }
    }

    /// Adds an account, on the given tier.
    @discardableResult
    public func addAccount(email: String, password: String, tier: Tier = .free) async throws -> Account {
        let account = try await accounts.add(email: email, password: password)
        if tier != .free { try await workspace(account.id).features.setTier(tier) }
        return account
    }

    /// Sets an account's tier.
    public func setTier(_ tier: Tier, of reference: String) async throws -> Account {
        let account = try await accounts.find(reference)
        try await workspace(account.id).features.setTier(tier)
        return account
    }

    /// An account's tier.
    public func tier(of account: Account.ID) async throws -> Tier {
        try await workspace(account).features.current()
    }

    /// Removes an account, its sessions and its data folder.
    @discardableResult
    public func removeAccount(_ reference: String) async throws -> Account {
        let account = try await accounts.remove(reference)
        await workspaces.forget(account.id)
        let folder = dataDirectory(of: account.id)
        if store != .memory, FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.removeItem(at: folder)
        }
        return account
    }

    /// Opened containers by account.
    actor Workspaces {
        private var open: [Account.ID: Wellness] = [:]

        func open(_ account: Account.ID, _ make: () throws -> Wellness) throws -> Wellness {
            if let wellness = open[account] { return wellness }
            let wellness = try make()
            open[account] = wellness
            return wellness
        }

        func forget(_ account: Account.ID) { open[account] = nil }
    }
}

extension Wellness {
    /// The use cases the server needs of an account, from its container.
    var serverWorkspace: AccountWorkspace {
        AccountWorkspace(checkins: repositories.checkins, listCheckins: listCheckins, weeklyInsights: weeklyInsights,
                         trends: trends, alerts: ListDriftAlerts(checkins: repositories.checkins, time: time),
                         features: features, addGoal: addGoal, listGoals: listGoals, goalTips: getGoalTips)
    }
}

extension ServerHost {
    /// The server host of a configuration's store and data directory.
    public static func make(_ configuration: WellnessConfiguration) throws -> ServerHost {
        try ServerHost(store: configuration.store, directory: configuration.dataDirectory, clock: configuration.clock,
                       calendar: configuration.calendar, logger: configuration.logger)
    }
}
