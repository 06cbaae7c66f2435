import Foundation
import WellnessApplication
import WellnessComposition

/// The storage adapters every repository contract suite runs against, built by the same
/// factories the app uses (`WellnessRepositories`), so tests and app wire stores one way.
public enum AdapterKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case inMemory
    case jsonFile
    case sqlite

    public var description: String { rawValue }

    /// A fresh, empty set of this adapter's repositories in a new temporary directory.
    public func makeStore() throws -> TestStore {
        let directory = try TemporaryDirectory()
        return TestStore(directory: directory, repositories: try open(directory))
    }

    /// A second, independent set of repositories on the same files (as another process would
    /// open them); for in-memory, the same instances.
    public func reopen(_ store: TestStore) throws -> TestStore {
        guard self != .inMemory else { return store }
        return TestStore(directory: store.directory, repositories: try open(store.directory))
    }

    private func open(_ directory: TemporaryDirectory) throws -> WellnessRepositories {
        switch self {
        case .inMemory: .inMemory()
        case .jsonFile: try .jsonFiles(in: directory.url)
        case .sqlite: try .sqlite(in: directory.url)
        }
    }
}

/// One adapter's repositories plus the directory holding its files; every port of
/// ``WellnessRepositories`` is a property of it (`store.moods`, `store.records`).
@dynamicMemberLookup
public struct TestStore: Sendable {
    public let directory: TemporaryDirectory
    /// The adapter's whole bundle.
    public let repositories: WellnessRepositories

    init(directory: TemporaryDirectory, repositories: WellnessRepositories) {
        self.directory = directory
        self.repositories = repositories
    }

    public subscript<Port>(dynamicMember port: KeyPath<WellnessRepositories, Port>) -> Port {
        repositories[keyPath: port]
    }

    /// Goals and their cached tips (every built-in store serves both ports from one adapter).
    public var goals: any GoalRepository & TipsCacheRepository {
        repositories.goals as! any GoalRepository & TipsCacheRepository
    }

    /// The idempotency records kept with the check-ins (every built-in store keeps them).
    public var idempotency: any IdempotencyRepository { repositories.idempotency! }
}
