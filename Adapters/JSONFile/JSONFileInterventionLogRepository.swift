import Foundation
import WellnessApplication
import WellnessDomain
import WellnessStoreState

/// Completions and decisions together in `intervention-log.json`, so a decision and the
/// completion it makes are one atomic file replacement.
public struct JSONFileInterventionLogRepository: InterventionLogRepository {
    private let store: JSONFileStore
    static let collection = "intervention-log"

    /// Keeps its data in `store`'s `intervention-log.json`. Its methods throw `JSONFileStoreError` or
    /// `FileSystemError` when a file cannot be read, decoded or written.
    public init(store: JSONFileStore) {
        self.store = store
    }

    public func completions(on days: ClosedRange<LocalDay>) async throws -> [InterventionCompletion] {
        try await load().completions(on: days)
    }

    public func decisions(on days: ClosedRange<LocalDay>) async throws -> [InterventionDecision] {
        try await load().decisions(on: days)
    }

    public func history(of id: Intervention.ID) async throws -> InterventionHistory {
        try await load().history(of: id)
    }

    public func append(completions: [InterventionCompletion], decisions: [InterventionDecision]) async throws {
        try await change { $0.append(completions: completions, decisions: decisions) }
    }

    public func recordDecision(_ decision: InterventionDecision, completion: InterventionCompletion?) async throws {
        try await change { $0.recordDecision(decision, completion: completion) }
    }

    private func load() async throws -> InterventionLog {
        try await store.read(Self.collection, as: InterventionLog.self) ?? InterventionLog()
    }

    private func change(_ body: @Sendable (inout InterventionLog) -> Void) async throws {
        try await store.update(Self.collection, as: InterventionLog.self) { stored in
            var log = stored ?? InterventionLog()
            body(&log)
            stored = log
        }
    }
}
