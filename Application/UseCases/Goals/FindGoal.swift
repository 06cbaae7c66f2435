import Foundation
import WellnessDomain

/// The goal whose id is a reference or starts with it (4+ characters); a reference that
/// matches no goal, or several, is a ``GoalReferenceError``; one that is no id's start an
/// ``InvalidValue`` (``IDReference``).
public struct FindGoal: Sendable {
    let goals: any GoalRepository

    /// A use case on `goals`.
    public init(goals: any GoalRepository) {
        self.goals = goals
    }

    /// The one goal `reference` names, as the type describes.
    public func execute(_ reference: String) async throws -> Goal {
        let key = try IDReference.uuidPrefix(reference)
        let matches = try await goals.all().filter {
            $0.id.description.hasPrefix(key)
        }
        guard matches.count == 1 else {
            throw GoalReferenceError(reference: reference, ambiguous: matches.count > 1)
        }
        return matches[0]
    }
}
