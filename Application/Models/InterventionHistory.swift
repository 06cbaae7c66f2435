import WellnessDomain

/// One intervention's log.
public struct InterventionHistory: Sendable, Equatable {
    public let completions: [InterventionCompletion]
    public let decisions: [InterventionDecision]

    public init(completions: [InterventionCompletion], decisions: [InterventionDecision]) {
        self.completions = completions
        self.decisions = decisions
    }
}
