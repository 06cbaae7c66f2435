import Foundation
import WellnessDomain

/// One holder at a time of a store's sync within a process, for the sync logs' ``SyncLogRepository/exclusively(_:)``:
/// callers wait their turn in order, and a holder's own nested calls (in the same task) go
/// ahead at once. What a sync reads of a store and its log and writes back is so one step: two
/// devices' pushes merged at once would each write over what the other merged.
public actor SyncExclusion {
    @TaskLocal private static var held: Set<ObjectIdentifier> = []
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Runs `body` as the only holder; `acquire` takes any lock beyond the process (a lock file)
    /// once this process's turn has come, and returns its release.
    public nonisolated func run<T: Sendable>(
        acquiring acquire: (@Sendable () async throws -> @Sendable () async -> Void)? = nil,
        _ body: () async throws -> T
    ) async throws -> T {
        let me = ObjectIdentifier(self)
        if Self.held.contains(me) { return try await body() }
        await enter()
        do {
            let release = try await acquire?()
            let result: T
            do {
                result = try await Self.$held.withValue(Self.held.union([me])) { try await body() }
            } catch {
                await release?()
                throw error
            }
            await release?()
            await leave()
            return result
        } catch {
            await leave()
            throw error
        }
    }

    private func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
