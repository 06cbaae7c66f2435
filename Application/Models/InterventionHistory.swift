import WellnessDomain

/// One intervention's log.
public struct InterventionHistory: Sendable, Equatable {
    /// The intervention's completions.
    public let completions: [InterventionCompletion]
    /// The catch-up decisions about the intervention.
    public let decisions: [InterventionDecision]

    /// A log of `completions` and `decisions`.
    public init(completions: [InterventionCompletion], decisions: [InterventionDecision]) {
        self.completions = completions
        self.decisions = decisions
    }
}
