import Foundation
import WellnessApplication
import WellnessDomain

/// The stack in `supplements.json` (with its seeded marker) and logs in `supplement-logs.json`.
public struct JSONFileSupplementRepository: SupplementRepository {
    private let store: JSONFileStore
    static let stackCollection = "supplements"
    static let logCollection = "supplement-logs"

    /// Keeps its data in `store`'s `supplements.json` and `supplement-logs.json`. Its methods throw
    /// `JSONFileStoreError` or `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func stack() async throws -> SupplementStack {
        try await store.read(Self.stackCollection, as: StackDocument.self)?.stack ?? SupplementStack()
    }

    public func update<Result: Sendable>(_ change: @Sendable (inout SupplementStack) throws -> Result) async throws -> Result {
        try await store.update(Self.stackCollection, as: StackDocument.self) { document in
            let original = document?.stack ?? SupplementStack()
            var stack = original
            let result = try change(&stack)
            document = StackDocument(stack.keepingSeeded(from: original))
            return result
        }
    }

    public func logs(on days: ClosedRange<LocalDay>) async throws -> [SupplementLog] {
        (try await store.read(Self.logCollection, as: [SupplementLog].self) ?? []).filter { days.contains($0.day) }
            .sorted { ($0.day, $0.supplementID.description) < ($1.day, $1.supplementID.description) }
    }

    public func save(_ log: SupplementLog) async throws {
        try await store.update(Self.logCollection, as: [SupplementLog].self) { stored in
            var logs = (stored ?? []).filter { !($0.day == log.day && $0.supplementID == log.supplementID) }
            logs.append(log)
            stored = logs.sorted { ($0.day, $0.supplementID.description) < ($1.day, $1.supplementID.description) }
        }
    }

    /// `{"seeded": Bool, "supplements": [...]}`.
    struct StackDocument: Codable, Equatable {
        var seeded: Bool
        var supplements: [Supplement]

        init(_ stack: SupplementStack) {
            seeded = stack.isSeeded
            supplements = stack.supplements
        }

        var stack: SupplementStack { SupplementStack(supplements: supplements, isSeeded: seeded) }
    }
}
