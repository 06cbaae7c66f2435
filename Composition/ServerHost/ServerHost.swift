import Foundation
import Logging
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessFileSystem
import WellnessPostgres
import WellnessServer
import WellnessTips

/// A Wellness server's data: its accounts, their sessions and each account's data.
///
/// On disk (the default), a data directory: accounts and sessions in `server.sqlite` (or
/// `accounts.json`), and one store per account under `accounts/<account id>/`, opened with the
/// single-user wiring unchanged (its check-ins and the idempotency records of their
/// submissions in one database). The folder is named by the account's id, never by anything
/// typed, so one account cannot reach another's data.
///
/// On PostgreSQL (``init(postgres:clock:calendar:bcryptCost:sessionLifetime:loginThrottle:tipsService:logger:)``),
/// one database shared by every server process: every row is scoped by its account, and the
/// database's keys and locks keep each guarantee across processes.
public final class ServerHost: Sendable {
    let addAccount: AddAccount
    let listAccounts: ListAccounts
    let findAccount: FindAccount
    let removeAccount: RemoveAccount
    let deleteAccount: DeleteAccount
    let startSession: StartSession
    let authenticateSession: AuthenticateSession
    let endSession: EndSession
    let endEverySession: EndEverySession
    let changePassword: ChangePassword
    let noteTimeZone: NoteTimeZone
    let resetPassword: ResetPassword
    let backend: Backend
    /// The server's data directory (on PostgreSQL, none: a placeholder URL naming the database).
    public let directory: URL
    let time: TimeContext
    let logger: Logger
    /// Where the tips route's tips come from (`nil`: the rules), with the rules to fall back on.
    let tipsService: (any GoalTipsService)?
    /// The server's own repositories (readiness asks its accounts database).
    let repositories: ServerRepositories
    let workspaces: Workspaces

    /// How many account stores a server keeps open by default.
    public static let defaultMaxOpenStores = 256
    /// Below how much free space on the data directory's disk a server on disk is not ready
    /// (`/readyz` answers 503): every login writes a session.
    public let minimumFreeSpace: Int64
    /// 16 MiB: room for the sessions and check-ins of a busy hour, and for SQLite's journal.
    public static let defaultMinimumFreeSpace: Int64 = 16 << 20

    /// `bcryptCost` 12 for real use; tests lower it. `loginThrottle` says how failed logins
    /// back off (kept in this process's memory). `tipsService` (an AI service, say) answers the
    /// tips route, falling back to the rules when it fails; `nil` for the rules alone.
    /// `maxOpenStores` (at least 1) bounds the account stores held open at once on disk: the
    /// least recently used idle one is closed first (the in-memory store keeps all its accounts).
    public convenience init(store: StoreKind, directory: URL, clock: any WallClock = SystemWallClock(),
                            calendar: Calendar = .current, bcryptCost: UInt8 = 12,
                            sessionLifetime: TimeInterval = StartSession.defaultLifetime,
                            loginThrottle: LoginThrottle.Policy = LoginThrottle.Policy(),
                            tipsService: (any GoalTipsService)? = nil, maxOpenStores: Int = ServerHost.defaultMaxOpenStores,
                            minimumFreeSpace: Int64 = ServerHost.defaultMinimumFreeSpace,
                            logger: Logger = Logger(label: "wellness.server")) throws {
        precondition(maxOpenStores >= 1, "maxOpenStores must be at least 1")
        self.init(backend: .files(store), directory: directory,
                  repositories: try ServerRepositories.make(store, directory: directory, loginThrottle: loginThrottle,
                                                            logger: logger), clock: clock,
                  calendar: calendar, bcryptCost: bcryptCost, sessionLifetime: sessionLifetime,
                  loginThrottle: loginThrottle, tipsService: tipsService,
                  maxOpenStores: store == .memory ? nil : maxOpenStores, minimumFreeSpace: minimumFreeSpace,
                  logger: logger)
    }

    /// A host whose accounts and their data are all in one PostgreSQL database, shared with
    /// every other server process on it. The caller opened `database` and closes it after.
    public convenience init(postgres database: PostgresDatabase, clock: any WallClock = SystemWallClock(),
                            calendar: Calendar = .current, bcryptCost: UInt8 = 12,
                            sessionLifetime: TimeInterval = StartSession.defaultLifetime,
                            loginThrottle: LoginThrottle.Policy = LoginThrottle.Policy(),
                            tipsService: (any GoalTipsService)? = nil,
                            logger: Logger = Logger(label: "wellness.server")) {
        self.init(backend: .postgres(database), directory: URL(string: database.description) ?? URL(fileURLWithPath: "/"),
                  repositories: ServerRepositories(accounts: PostgresAccountRepository(database: database),
                                                   failedLogins: PostgresLoginAttemptRepository(database: database,
                                                                                                policy: loginThrottle)),
                  clock: clock,
                  calendar: calendar, bcryptCost: bcryptCost, sessionLifetime: sessionLifetime,
                  loginThrottle: loginThrottle, tipsService: tipsService, maxOpenStores: nil,
                  minimumFreeSpace: 0, logger: logger)
    }

    private init(backend: Backend, directory: URL, repositories: ServerRepositories, clock: any WallClock,
                 calendar: Calendar, bcryptCost: UInt8, sessionLifetime: TimeInterval,
                 loginThrottle: LoginThrottle.Policy, tipsService: (any GoalTipsService)?, maxOpenStores: Int?,
                 minimumFreeSpace: Int64, logger: Logger) {
        let credentials = SecureCredentials(cost: bcryptCost)
        let time = TimeContext(clock: clock, calendar: calendar)
        let accounts = repositories.accounts
        addAccount = AddAccount(accounts: accounts, hasher: credentials, time: time)
        listAccounts = ListAccounts(accounts: accounts)
        findAccount = FindAccount(accounts: accounts)
        removeAccount = RemoveAccount(accounts: accounts)
        startSession = StartSession(accounts: accounts, hasher: credentials, tokens: credentials, time: time,
                                    lifetime: sessionLifetime, throttle: loginThrottle,
                                    failedLogins: repositories.failedLogins)
        deleteAccount = DeleteAccount(accounts: accounts, hasher: credentials, attempts: startSession.attempts)
        authenticateSession = AuthenticateSession(accounts: accounts, tokens: credentials, time: time)
        endSession = EndSession(accounts: accounts, tokens: credentials)
        endEverySession = EndEverySession(accounts: accounts)
        changePassword = ChangePassword(accounts: accounts, hasher: credentials, tokens: credentials,
                                        attempts: startSession.attempts)
        resetPassword = ResetPassword(accounts: accounts, hasher: credentials)
        noteTimeZone = NoteTimeZone(accounts: accounts)
        self.backend = backend
        self.directory = directory
        self.time = time
        self.logger = logger
        self.tipsService = tipsService
        self.repositories = repositories
        self.minimumFreeSpace = minimumFreeSpace
        workspaces = Workspaces(limit: maxOpenStores, logger: logger) { account, wellness in
            wellness.repositories.serverWorkspace(account.id, time: time.zoned(for: account), tipsService: tipsService)
        }
    }

    /// Where the accounts' data is.
    enum Backend: Sendable {
        /// A store per account in the data directory.
        case files(StoreKind)
        /// One database for all.
        case postgres(PostgresDatabase)
    }

    /// How many database connections are in use, on PostgreSQL (`nil` on disk).
    private var databaseConnections: (@Sendable () -> Int)? {
        guard case .postgres(let database) = backend else { return nil }
        return { database.connectionsInUse }
    }

    /// Where the accounts' data is, as an operator reads it: the data directory's path, or the
    /// database's URL without its password.
    public var location: String {
        switch backend {
        case .files: directory.path
        case .postgres(let database): database.description
        }
    }

    /// The server for this directory; its error messages are worded by `messages`.
    public func server(_ configuration: ServerConfiguration, messages: ErrorPresenter = ErrorPresenter(locale: .en))
        -> APIServer {
        APIServer(sessions: APIServer.Sessions(start: startSession, authenticate: authenticateSession, end: endSession,
                                               endEvery: endEverySession, changePassword: changePassword,
                                               noteTimeZone: noteTimeZone),
                  workspace: { [self] account in try await accountWorkspace(account) }, deleteAccount: { [self] account, password, client in
                      try await deleteAccount(account.id, password: password, client: client)
                  }, time: time, configuration: configuration, logger: logger,
                  operations: ServerOperations(checkReady: { [self] in try await checkReady() },
                                               openStores: { [workspaces] in await workspaces.count },
                                               holdStore: { [workspaces] account in
                                                   await workspaces.hold(account)
                                                   return { await workspaces.release(account) }
                                               },
                                               databaseConnections: databaseConnections),
                  describe: { messages.message(for: $0) })
    }

    /// Serves until SIGINT or SIGTERM; `onRunning` gets the port bound.
    public func serve(_ configuration: ServerConfiguration, messages: ErrorPresenter = ErrorPresenter(locale: .en),
                      onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        try await server(configuration, messages: messages).run(onRunning: onRunning)
    }

    /// The use cases the server runs for an account, on its data, in the account's time zone.
    public func accountWorkspace(_ account: Account) async throws -> AccountWorkspace {
        switch backend {
        case .files(let store):
            return try await workspaces.served(account) { [self] in try openContainer(account.id, store: store) }
        case .postgres(let database):
            return WellnessRepositories.postgres(database, account: account.id)
                .serverWorkspace(account.id, time: time.zoned(for: account), tipsService: tipsService)
        }
    }

    /// The use cases the server runs for the account with this id (`AccountError.noSuchAccount`
    /// when there is none).
    public func accountWorkspace(_ id: Account.ID) async throws -> AccountWorkspace {
        guard let account = try await repositories.accounts.account(id: id) else {
            throw AccountError.noSuchAccount(id.description)
        }
        return try await accountWorkspace(account)
    }

    /// An account's tier, where its data is.
    private func tierRepository(_ account: Account.ID) async throws -> any TierRepository {
        switch backend {
        case .files: try await workspace(account).repositories.tier
        case .postgres(let database): PostgresTierRepository(database: database, account: account)
        }
    }

    /// Where an account's data lives (not used by the in-memory store).
    public func dataDirectory(of account: Account.ID) -> URL {
        directory.appendingPathComponent("accounts", isDirectory: true)
            .appendingPathComponent(account.description, isDirectory: true)
    }

    /// The single-user container on an account's own store (opened once, then reused). On
    /// PostgreSQL there is none: ``ServerHostError/noAccountStore`` (``accountWorkspace(_:)-(Account)`` serves both).
    public func workspace(_ account: Account.ID) async throws -> Wellness {
        guard case .files(let store) = backend else { throw ServerHostError.noAccountStore }
        return try await workspaces.open(account) { [self] in try openContainer(account, store: store) }
    }

    /// A new container on an account's own store.
    private func openContainer(_ account: Account.ID, store: StoreKind) throws -> Wellness {
        let repositories = try WellnessRepositories.make(store, directory: dataDirectory(of: account), logger: logger)
        return try Wellness(repositories: repositories, clock: time.clock, calendar: time.calendar)
    }

    // MARK: - Operations

    /// Returns when the server's store answers: the data directory is there (on disk) and the
    /// accounts database answers a query. Throws what failed.
    public func checkReady() async throws {
        if case .files(let store) = backend, store != .memory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
                  isDirectory.boolValue else { throw FileError.noSuchFile(directory.path) }
            // A full disk fails every login (a session is a write) while reads still answer.
            if let available = FreeSpace.available(at: directory.path), available < minimumFreeSpace {
                throw ServerHostError.diskFull(directory.path, available: available)
            }
        }
        try await repositories.checkReadable()
    }

    /// How many account stores are open in this process.
    public func openStoreCount() async -> Int { await workspaces.count }

    /// Whether an account's store is open in this process.
    public func isStoreOpen(_ account: Account.ID) async -> Bool { await workspaces.isOpen(account) }

    // MARK: - Accounts

    /// Adds an account, on the given tier, in `timeZone` (an IANA name; `nil`: the server's until
    /// a client says its own).
    @discardableResult
    public func addAccount(email: String, password: String, tier: Tier = .free,
                           timeZone: String? = nil) async throws -> Account {
        let account = try await addAccount.execute(email: email, password: password, timeZone: timeZone)
        if tier != .free { try await tierRepository(account.id).setTier(tier) }
        return account
    }

    /// Every account, by email.
    public func accounts() async throws -> [Account] { try await listAccounts.execute() }

    /// The account with this email or id.
    public func account(_ reference: String) async throws -> Account { try await findAccount.execute(reference) }

    /// Sets an account's tier.
    public func setTier(_ tier: Tier, of reference: String) async throws -> Account {
        let account = try await findAccount.execute(reference)
        let repository = try await tierRepository(account.id)
        let write: @Sendable () async throws -> Void = { try await repository.setTier(tier) }
        // The account's devices receive it at their next sync.
        if let sync = try await accountWorkspace(account).sync { try await sync.writing(write) } else { try await write() }
        return account
    }

    /// An account's tier.
    public func tier(of account: Account.ID) async throws -> Tier {
        try await tierRepository(account).tier()
    }

    /// Sets an account's password (an id or email names it) and ends every session of it, as
    /// whoever runs the server; the password meets the rules of a new account's.
    @discardableResult
    public func resetPassword(of reference: String, to password: String) async throws -> Account {
        try await resetPassword.execute(reference, password: password)
    }

    /// Removes an account, its sessions and its data folder.
    @discardableResult
    public func removeAccount(_ reference: String) async throws -> Account {
        let account = try await removeAccount.execute(reference)
        try await deleteData(of: account.id)
        return account
    }

    /// Deletes an account, its sessions and its data folder at its owner's request, given its
    /// password (`AccountError.invalidCredentials` for a wrong one; failures count in the login
    /// throttle, as `client`'s).
    @discardableResult
    public func deleteAccount(_ id: Account.ID, password: String, client: String = "local") async throws -> Account {
        let account = try await deleteAccount.execute(id, password: password, client: client)
        try await deleteData(of: id)
        return account
    }

    /// Closes an account's store and deletes its folder. (On PostgreSQL, removing the account
    /// removed its rows in the same transaction.)
    func deleteData(of account: Account.ID) async throws {
        await workspaces.forget(account)
        let folder = dataDirectory(of: account)
        if case .files(let store) = backend, store != .memory, FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.removeItem(at: folder)
        }
    }

    /// Logs in as the server does (a test or a tool acting for a person).
    public func logIn(email: String, password: String) async throws -> AccessGrant {
        try await startSession.execute(email: email, password: password).grant
    }
}

extension WellnessRepositories {
    /// The use cases the server needs of an account, on these repositories.
    func serverWorkspace(_ account: Account.ID, time: TimeContext, tipsService: (any GoalTipsService)?) -> AccountWorkspace {
        // The host opens built-in stores only (`WellnessRepositories.make`, PostgreSQL), and every one keeps them.
        guard let idempotency else { preconditionFailure("a built-in store without idempotency records") }
        return AccountWorkspace(
            time: time, submitCheckin: SubmitCheckin(idempotency: idempotency, account: account, time: time),
            listCheckins: ListCheckins(checkins: checkins, time: time),
            weeklyInsights: ComputeWeeklyInsights(checkins: checkins, tier: tier, time: time),
            trends: GetTrends(checkins: checkins, tier: tier, time: time),
            alerts: ListDriftAlerts(checkins: checkins, time: time), tier: GetTier(tier: tier),
            addGoal: AddGoal(goals: goals, time: time), listGoals: ListGoals(goals: goals),
            goalTips: GetGoalTips(goals: goals, moods: moods, journals: journals,
                                  cache: tipsCache, service: tipsService ?? RuleBasedGoalTipsService(),
                                  fallback: tipsService == nil ? nil : RuleBasedGoalTipsService(), time: time),
            backUp: BackUpStore(stores: self),
            // Every built-in store keeps a sync log; a store that keeps none answers the sync routes 503.
            sync: try? ServeSync(stores: self, clock: time.clock))
    }

    /// An account's repositories on PostgreSQL: everything the server's routes write or read is
    /// the database's, scoped to the account. The collections no route of the server reaches (a
    /// person's weigh-ins, supplements, exercises … that the app keeps on their device) are
    /// empty, so the account's export holds them empty, as it does on disk.
    static func postgres(_ database: PostgresDatabase, account: Account.ID) -> WellnessRepositories {
        var repositories = WellnessRepositories.inMemory()
        let goals = PostgresGoalRepository(database: database, account: account)
        repositories.checkins = PostgresCheckinRepository(database: database, account: account)
        repositories.idempotency = PostgresIdempotencyRepository(database: database, account: account)
        repositories.tier = PostgresTierRepository(database: database, account: account)
        repositories.goals = goals
        repositories.tipsCache = goals
        repositories.moods = PostgresMoodRepository(database: database, account: account)
        repositories.journals = PostgresJournalRepository(database: database, account: account)
        repositories.syncLog = PostgresSyncLogRepository(database: database, account: account)
        repositories.location = database.description
        return repositories
    }
}

/// A misuse of a ``ServerHost``.
public enum ServerHostError: WellnessError, Equatable, LocalizedError {
    /// The host keeps its accounts' data in one database, not in a store per account.
    case noAccountStore
    /// The disk of the data directory (the path) has fewer bytes free (`available`) than the
    /// server needs to write sessions.
    case diskFull(String, available: Int64)

    public enum Code: String, CaseIterable, Sendable { case noAccountStore, diskFull }

    public static let family = "serverHost"

    public var code: Code {
        switch self {
        case .noAccountStore: .noAccountStore
        case .diskFull: .diskFull
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .noAccountStore: []
        case let .diskFull(path, available): [.verbatim(path), .verbatim("\(available)"), .verbatim("\(ServerHost.defaultMinimumFreeSpace)")]
        }
    }

    /// The message in English, for logs and for a front end without the presenter's tables.
    public var errorDescription: String? {
        switch self {
        case .noAccountStore: "this server keeps its accounts' data in PostgreSQL, not in a store per account"
        case let .diskFull(path, available):
            "the disk holding \(path) has \(available) bytes free; the server needs \(ServerHost.defaultMinimumFreeSpace) by default to write sessions"
        }
    }
}

extension ServerHost {
    /// The server host of a configuration's store and data directory.
    public static func make(_ configuration: WellnessConfiguration, maxOpenStores: Int = defaultMaxOpenStores) throws
        -> ServerHost {
        try ServerHost(store: configuration.store, directory: configuration.dataDirectory,
                       clock: configuration.clock, calendar: configuration.calendar,
                       tipsService: configuration.tipsService, maxOpenStores: maxOpenStores, logger: configuration.logger)
    }
}

extension ServerHost {
    /// The server host on the PostgreSQL database at `databaseURL`
    /// (`postgres://USER@HOST:PORT/DATABASE?sslmode=…`), connected and migrated now, with a
    /// configuration's clock, calendar, tips and logger. ``shutdown()`` closes its connections.
    public static func make(_ configuration: WellnessConfiguration, databaseURL: String) async throws -> ServerHost {
        let database = try await PostgresDatabase.open(try PostgresConfiguration(url: databaseURL),
                                                       logger: configuration.logger)
        return ServerHost(postgres: database, clock: configuration.clock, calendar: configuration.calendar,
                          tipsService: configuration.tipsService, logger: configuration.logger)
    }

    /// Closes the database connections of a host on PostgreSQL (a host on disk holds none
    /// between requests).
    public func shutdown() async {
        if case .postgres(let database) = backend { await database.close() }
    }
}
