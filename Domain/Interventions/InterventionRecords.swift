import Foundation

/// Completions of interventions, by id.
public enum CompletionRecords: RecordKind {
    public static let collection: RecordCollection = "completions"

    public static func identity(of completion: InterventionCompletion) -> InterventionCompletion.ID { completion.id }

    /// A count in ``InterventionCompletion/counts``, as the CLI and the deck take it, of an
    /// intervention whose id is plain text.
    public static func validate(_ completion: InterventionCompletion) throws(RecordRejection) {
        try IdentifierText.check(completion.interventionID.rawValue)
        let counts = InterventionCompletion.counts
        guard counts.contains(completion.count) else {
            throw RecordRejection("count \(completion.count) is not within \(counts.lowerBound)…\(counts.upperBound)")
        }
    }

    public static func precedes(_ lhs: InterventionCompletion, _ rhs: InterventionCompletion) -> Bool {
        (lhs.day, lhs.timestamp, lhs.id.description) < (rhs.day, rhs.timestamp, rhs.id.description)
    }
}

/// Catch-up decisions (done or skipped), one per intervention and day.
public enum DecisionRecords: RecordKind {
    public static let collection: RecordCollection = "decisions"

    public static func identity(of decision: InterventionDecision) -> DayAnd<Intervention.ID> {
        DayAnd(decision.day, decision.interventionID)
    }

    /// A done decision's count in ``InterventionCompletion/counts``; a skipped one's at most its
    /// upper bound (the deck writes 0), of an intervention whose id is plain text.
    public static func validate(_ decision: InterventionDecision) throws(RecordRejection) {
        try IdentifierText.check(decision.interventionID.rawValue)
        let counts = InterventionCompletion.counts
        let allowed = decision.status == .done ? counts : 0...counts.upperBound
        guard allowed.contains(decision.count) else {
            throw RecordRejection("count \(decision.count) of a \(decision.status.rawValue) decision is not within "
                                  + "\(allowed.lowerBound)…\(allowed.upperBound)")
        }
    }

    public static func precedes(_ lhs: InterventionDecision, _ rhs: InterventionDecision) -> Bool {
        (lhs.day, lhs.interventionID.description) < (rhs.day, rhs.interventionID.description)
    }
}

extension RecordCollection {
    public static var completions: RecordCollection { CompletionRecords.collection }
    public static var decisions: RecordCollection { DecisionRecords.collection }
}
