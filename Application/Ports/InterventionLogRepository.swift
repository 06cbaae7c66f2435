import WellnessDomain

/// Stores completions of interventions and catch-up decisions about them.
public protocol InterventionLogRepository: Sendable {
    /// Completions whose day is in `days`, oldest timestamp first.
    func completions(on days: ClosedRange<LocalDay>) async throws -> [InterventionCompletion]

    /// Decisions whose day is in `days`, by day, then intervention id.
    func decisions(on days: ClosedRange<LocalDay>) async throws -> [InterventionDecision]

    /// Every completion (oldest first) and decision (by day) of one intervention.
    func history(of id: Intervention.ID) async throws -> InterventionHistory

    /// Adds completions and decisions in one write; a decision replaces an earlier one for the
    /// same intervention and day. For logging and bulk imports.
    func append(completions: [InterventionCompletion], decisions: [InterventionDecision]) async throws

    /// Records a catch-up decision in one write: it replaces the earlier decision for the same
    /// intervention and day, removes the catch-up completions that decision made, and adds
    /// `completion` when given. Completions logged as they happened are never touched.
    func recordDecision(_ decision: InterventionDecision, completion: InterventionCompletion?) async throws
}
