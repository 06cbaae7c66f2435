import WellnessApplication
import WellnessDomain
import WellnessStoreState

/// Completions and decisions held in memory.
public actor InMemoryInterventionLogRepository: InterventionLogRepository {
    private var log = InterventionLog()

    /// An empty log.
    /// Where its writes are told (the bundle's ``WellnessRepositories/changes``).
    private let changes: StoreChangeFeed?

    public init(changes: StoreChangeFeed? = nil) {
        self.changes = changes
    }

    public func completions(on days: ClosedRange<LocalDay>) -> [InterventionCompletion] {
        log.completions(on: days)
    }

    public func decisions(on days: ClosedRange<LocalDay>) -> [InterventionDecision] {
        log.decisions(on: days)
    }

    public func history(of id: Intervention.ID) -> InterventionHistory {
        log.history(of: id)
    }

    public func append(completions: [InterventionCompletion], decisions: [InterventionDecision]) {
        log.append(completions: completions, decisions: decisions)
        changes?.report([CompletionRecords.collection, DecisionRecords.collection])
    }

    public func recordDecision(_ decision: InterventionDecision, completion: InterventionCompletion?) {
        log.recordDecision(decision, completion: completion)
        changes?.report([CompletionRecords.collection, DecisionRecords.collection])
    }
}
