import Foundation
import WellnessApplication
import WellnessComposition
import WellnessInMemory
import WellnessJSONFile
import WellnessSQLite

// MARK: - Server repositories

extension AdapterKind {
    /// A fresh, empty set of this adapter's server repositories (accounts with their sessions)
    /// in a new temporary directory, on the files the server uses (`server.sqlite`, or
    /// `accounts.json`).
    public func makeServerStore() throws -> ServerTestStore {
        let directory = try TemporaryDirectory()
        return try openServerStore(directory)
    }

    /// A second, independent set of server repositories on the same files (as another process
    /// would open them); for in-memory, the same instances.
    public func reopen(_ store: ServerTestStore) throws -> ServerTestStore {
        guard self != .inMemory else { return store }
        return try openServerStore(store.directory)
    }

    private func openServerStore(_ directory: TemporaryDirectory) throws -> ServerTestStore {
        switch self {
        case .inMemory:
            return ServerTestStore(directory: directory, accounts: InMemoryAccountRepository())
        case .jsonFile:
            let files = try JSONFileStore(directory: directory.url)
            return ServerTestStore(directory: directory, accounts: JSONFileAccountRepository(store: files))
        case .sqlite:
            let database = try SQLiteDatabase(file: directory.file("server.sqlite"), schema: .server)
            return ServerTestStore(directory: directory, accounts: SQLiteAccountRepository(database: database))
        }
    }
}

/// One adapter's server repositories plus the directory holding their files.
public struct ServerTestStore: Sendable {
    public let directory: TemporaryDirectory
    public let accounts: any AccountRepository

    init(directory: TemporaryDirectory, accounts: any AccountRepository) {
        self.directory = directory
        self.accounts = accounts
    }
}

// MARK: - Credential stores

/// The client-side credential stores every `CredentialStore` contract test runs against.
public enum CredentialStoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case inMemory
    case jsonFile

    public var description: String { rawValue }

    /// A fresh, empty credential store in a new temporary directory.
    public func makeStore() throws -> CredentialTestStore {
        let directory = try TemporaryDirectory()
        return CredentialTestStore(directory: directory, credentials: try open(directory), kind: self)
    }

    /// A second, independent store on the same file (as another process would open it); for
    /// in-memory, the same instance.
    public func reopen(_ store: CredentialTestStore) throws -> CredentialTestStore {
        guard self != .inMemory else { return store }
        return CredentialTestStore(directory: store.directory, credentials: try open(store.directory), kind: self)
    }

    private func open(_ directory: TemporaryDirectory) throws -> any CredentialStore {
        switch self {
        case .inMemory: InMemoryCredentialStore()
        case .jsonFile: JSONFileCredentialStore(store: try JSONFileStore(directory: directory.url))
        }
    }
}

/// One credential store plus the directory holding its file.
public struct CredentialTestStore: Sendable {
    public let directory: TemporaryDirectory
    public let credentials: any CredentialStore
    let kind: CredentialStoreKind

    /// The file the login is kept in (`session.json`); `nil` for the in-memory store.
    public var file: URL? {
        kind == .jsonFile ? directory.file("session.json") : nil
    }
}
