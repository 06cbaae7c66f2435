import Foundation
import WellnessDomain

/// The goal whose id is a reference or starts with it (4+ characters); a reference that
/// matches no goal, or several, is a ``GoalReferenceError``.
public struct FindGoal: Sendable {
    let goals: any GoalRepository

    public init(goals: any GoalRepository) {
        self.goals = goals
    }

    public func execute(_ reference: String) async throws -> Goal {
        let key = reference.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let matches = try await goals.all().filter {
            $0.id.description == key || (key.count >= 4 && $0.id.description.hasPrefix(key))
        }
        guard matches.count == 1 else {
            throw GoalReferenceError(reference: reference, ambiguous: matches.count > 1)
        }
        return matches[0]
    }
}
