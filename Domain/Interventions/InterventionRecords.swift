import Foundation

/// Completions of interventions, by id.
public enum CompletionRecords: RecordKind {
    public static let collection: RecordCollection = "completions"

    public static func identity(of completion: InterventionCompletion) -> InterventionCompletion.ID { completion.id }

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

    public static func precedes(_ lhs: InterventionDecision, _ rhs: InterventionDecision) -> Bool {
        (lhs.day, lhs.interventionID.description) < (rhs.day, rhs.interventionID.description)
    }
}

extension RecordCollection {
    public static var completions: RecordCollection { CompletionRecords.collection }
    public static var decisions: RecordCollection { DecisionRecords.collection }
}
