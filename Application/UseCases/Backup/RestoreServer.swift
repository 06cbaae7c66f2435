import Foundation
import WellnessDomain

/// Restores a server's backup (``ServerBackupArchive``) into a server with no account, all or
/// nothing: each account is added with its id, email, password hash and creation time, and its
/// archive restored into its empty store by ``RestoreStore`` (every record checked as an
/// account's restore checks it), then read back through repositories made anew, so a collection
/// the target does not keep is an error, not a loss. On any failure every account added is
/// removed with its data, so the server is left without accounts, as it was.
///
/// A process killed half-way leaves the accounts restored so far: remove them (`users remove`)
/// and restore again.
public struct RestoreServer: Sendable {
    let accounts: any AccountRepository
    let stores: @Sendable (Account.ID) async throws -> WellnessRepositories
    let removeData: @Sendable (Account.ID) async throws -> Void
    let location: String

    /// A restore into `accounts`, each account's data into the repositories `stores` gives for
    /// it (new ones each call, reading what is stored); `removeData` deletes what an account's
    /// store holds once the account is removed; `location` names the server in errors.
    public init(accounts: any AccountRepository, stores: @escaping @Sendable (Account.ID) async throws -> WellnessRepositories,
                removeData: @escaping @Sendable (Account.ID) async throws -> Void, location: String) {
        self.accounts = accounts
        self.stores = stores
        self.removeData = removeData
        self.location = location
    }

    /// Restores the archive `source` reads; throws ``ServerBackupError/notEmpty(location:accounts:)``
    /// when the server has an account. `beside`: the server may have accounts, and the archive's
    /// are added to them (`users import`), each refused when its email or id is taken
    /// (``ServerBackupError/accountExists(location:email:)``).
    @discardableResult
    public func execute(from source: any ByteSource, beside: Bool = false) async throws -> ServerBackupCounts {
        if !beside {
            let existing = try await accounts.all()
            guard existing.isEmpty else { throw ServerBackupError.notEmpty(location: location, accounts: existing.count) }
        }
        let reader = ServerBackupReader(source: source)
        var added: [Account.ID] = []
        do {
            var counts = ServerBackupCounts()
            var seen: Set<Account.ID> = []
            while let entry = try reader.nextAccount() {
                let account = entry.account
                if beside {
                    let sameEmail = try await accounts.account(email: account.email)
                    let sameID = try await accounts.account(id: account.id)
                    if sameEmail != nil || sameID != nil {
                        throw ServerBackupError.accountExists(location: location, email: account.email.rawValue)
                    }
                }
                guard seen.insert(account.id).inserted, try await accounts.add(account.account) else {
                    throw ServerBackupError.duplicateAccount(line: entry.line, email: account.email.rawValue)
                }
                added.append(account.id)
                counts.records += try await restore(entry)
                counts.accounts += 1
            }
            try reader.finish()
            return counts
        } catch {
            for id in added.reversed() {
                _ = try? await accounts.remove(id)
                try? await removeData(id)
            }
            throw error
        }
    }

    /// Restores an account's archive into its store and reads it back; returns how many records.
    private func restore(_ entry: ServerBackupReader.Entry) async throws -> Int {
        let email = entry.account.email.rawValue
        let target = try await stores(entry.account.id)
        let restored: BackupCounts
        do {
            restored = try await RestoreStore(stores: target).execute(from: entry.archive)
        } catch let error as BackupError {
            throw ServerBackupError.inAccount(email: email, error.movedDown(entry.archiveLine - 1).message)
        } catch let error as RestoreError {
            throw ServerBackupError.inAccount(email: email, error.message)
        }
        // The account's entry says its tier, as `users tier` sets it.
        try await target.tier.setTier(entry.account.tier)
        let written = try await BackUpStore(stores: target).contents()
        let read = try await BackUpStore(stores: try await stores(entry.account.id)).contents()
        if let collection = written.counts.collections.first(where: { written.counts[$0] != read.counts[$0] }) {
            throw ServerBackupError.notKept(location: location, email: email, what: collection.rawValue)
        }
        guard written.settings == read.settings else {
            throw ServerBackupError.notKept(location: location, email: email, what: "settings")
        }
        return restored.total
    }
}
