import Foundation
import WellnessDomain

/// Writes a server's backup (``ServerBackupArchive``): the accounts, listed first, then each
/// account's entry and its archive as ``BackUpStore`` writes it (the registry's collections,
/// streamed), one account at a time, so memory stays that of one account's backup.
public struct BackUpServer: Sendable {
    let accounts: any AccountRepository
    let stores: @Sendable (Account.ID) async throws -> WellnessRepositories

    /// A backup of the accounts of `accounts`, each account's data read from the repositories
    /// `stores` gives for it.
    public init(accounts: any AccountRepository, stores: @escaping @Sendable (Account.ID) async throws -> WellnessRepositories) {
        self.accounts = accounts
        self.stores = stores
    }

    /// Writes the archive to `write` and returns how many accounts and records it holds. An
    /// account added after the list was read is not in it; each account's data is read as its
    /// own backup reads it.
    /// `only`: these accounts instead of every one (`users export`).
    @discardableResult
    public func execute(to write: @escaping @Sendable ([UInt8]) throws -> Void, only: [Account]? = nil) async throws
        -> ServerBackupCounts {
        let listed: [Account]
        if let only { listed = only } else { listed = try await accounts.all() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .timestamp
        try write(Array("{\"format\":\"\(ServerBackupArchive.format)\",\"version\":\(ServerBackupArchive.version),\n\"accounts\":[".utf8))
        var counts = ServerBackupCounts()
        for account in listed {
            let stores = try await stores(account.id)
            let entry = ServerBackupAccount(account, tier: try await stores.tier.tier())
            try write(Array((counts.accounts == 0 ? "\n" : ",\n").utf8) + Array("{\"account\":".utf8)
                + Array(try encoder.encode(entry)) + Array(",\n\"archive\":".utf8))
            let records = try await BackUpStore(stores: stores).execute(to: write)
            try write(Array("}".utf8))
            counts.accounts += 1
            counts.records += records.total
        }
        try write(Array("\n]}\n".utf8))
        return counts
    }
}
