import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Goals and their tips (seed 002).
    public struct Goals: Sendable {
        let addGoal: AddGoal
        let listGoals: ListGoals
        let findGoal: FindGoal
        let removeGoal: RemoveGoal
        let getGoalTips: GetGoalTips

        init(repositories: WellnessRepositories, service: any GoalTipsService, fallback: (any GoalTipsService)?,
             time: TimeContext) {
            addGoal = AddGoal(goals: repositories.goals, time: time)
            listGoals = ListGoals(goals: repositories.goals)
            findGoal = FindGoal(goals: repositories.goals)
            removeGoal = RemoveGoal(goals: repositories.goals)
            getGoalTips = GetGoalTips(goals: repositories.goals, moods: repositories.moods,
                                      journals: repositories.journals, cache: repositories.tipsCache,
                                      service: service, fallback: fallback, time: time)
        }

        /// Adds a goal, created now.
        @discardableResult
        public func add(title: String, description: String? = nil) async throws -> Goal {
            try await addGoal.execute(title: title, description: description)
        }

        /// Every goal, oldest first.
        public func list() async throws -> [Goal] { try await listGoals.execute() }

        /// The goal whose id is `reference` or starts with it (4+ characters).
        public func find(_ reference: String) async throws -> Goal { try await findGoal.execute(reference) }

        /// Deletes a goal and its cached tips; returns whether it existed.
        @discardableResult
        public func remove(_ id: Goal.ID) async throws -> Bool { try await removeGoal.execute(id) }

        /// Tips for a goal, highest priority first: cached when fresh, else from the tips service
        /// (`refresh` always asks it); a failing service falls back to cached tips, marked stale,
        /// and without those (when a tips service was configured) to the rules, with
        /// ``GoalTips/fallback`` saying why.
        public func tips(for id: Goal.ID, refresh: Bool = false) async throws -> GoalTips {
            try await getGoalTips.execute(id, refresh: refresh)
        }
    }
}
