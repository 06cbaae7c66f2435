import Foundation
import WellnessApplication
import WellnessComposition
import WellnessDomain

extension ServerHost {
    /// Writes the whole server's backup (`ServerBackupArchive`) to `write`: every account with
    /// its credentials and tier, and each account's archive, the one its export gives, one
    /// account at a time.
    @discardableResult
    public func backUpServer(to write: @escaping @Sendable ([UInt8]) throws -> Void) async throws -> ServerBackupCounts {
        try await BackUpServer(accounts: repositories.accounts, stores: { [self] id in try await accountRepositories(id) })
            .execute(to: write)
    }

    /// Restores a server's backup into this server, which must have no account; all or nothing
    /// (see `RestoreServer`).
    @discardableResult
    public func restoreServer(from source: any ByteSource) async throws -> ServerBackupCounts {
        try await RestoreServer(accounts: repositories.accounts, stores: { [self] id in try await accountRepositories(id) },
                                removeData: { [self] id in try await deleteData(of: id) }, location: location)
            .execute(from: source)
    }

    /// Writes one account (an id or email names it) as a server's backup of that account alone
    /// (`users export`): its credentials, tier and archive.
    @discardableResult
    public func exportAccount(_ reference: String, to write: @escaping @Sendable ([UInt8]) throws -> Void) async throws
        -> (account: Account, counts: ServerBackupCounts) {
        let account = try await findAccount.execute(reference)
        let counts = try await BackUpServer(accounts: repositories.accounts, stores: { [self] id in try await accountRepositories(id) })
            .execute(to: write, only: [account])
        return (account, counts)
    }

    /// Adds the accounts of a server's backup to this server beside its own (`users import`),
    /// all or nothing; an email or id this server has already is refused.
    @discardableResult
    public func importAccounts(from source: any ByteSource) async throws -> ServerBackupCounts {
        try await RestoreServer(accounts: repositories.accounts, stores: { [self] id in try await accountRepositories(id) },
                                removeData: { [self] id in try await deleteData(of: id) }, location: location)
            .execute(from: source, beside: true)
    }

    /// Writes an account's archive, as `GET /api/account/export` answers it.
    @discardableResult
    public func backUpAccount(_ id: Account.ID, to write: @escaping @Sendable ([UInt8]) throws -> Void) async throws
        -> BackupCounts {
        try await BackUpStore(stores: try await accountRepositories(id)).execute(to: write)
    }

    /// An account's repositories, opened anew on disk (read from what is stored, and closed when
    /// let go: a backup holds one account's store at a time); in memory, the open store's.
    func accountRepositories(_ id: Account.ID) async throws -> WellnessRepositories {
        switch backend {
        case .files(let store) where store == .memory:
            try await workspace(id).repositories
        case .files(let store):
            try WellnessRepositories.make(store, directory: dataDirectory(of: id), logger: logger)
        case .postgres(let database):
            WellnessRepositories.postgres(database, account: id)
        }
    }
}
