import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Milestones (the milestones module of seed 000): the puppy milestones every dog reaches and
    /// the person's own, and the day each was reached. Every write records a use of the module;
    /// every call is refused with `ModuleOffError` while the module is off.
    public struct Milestones: Sendable {
        let reachMilestone: ReachMilestone
        let addMilestone: AddMilestone
        let listMilestones: ListMilestones

        init(repositories: WellnessRepositories, time: TimeContext) {
            let tracker = repositories.tracker(for: MilestoneRecords.self)
            reachMilestone = ReachMilestone(milestones: tracker, time: time)
            addMilestone = AddMilestone(milestones: tracker, time: time)
            listMilestones = ListMilestones(milestones: repositories.records.repository(for: MilestoneRecords.self),
                                            modules: repositories.moduleSettings, time: time)
        }

        /// Every milestone: the built-in ones in their order, then the own ones.
        public func list() async throws -> [MilestoneStatus] { try await listMilestones.execute() }

        /// Marks milestone `id` reached on `day` (today by default).
        @discardableResult
        public func reach(_ id: String, on day: LocalDay? = nil) async throws -> MilestoneStatus {
            try await reachMilestone.execute(id, on: day)
        }

        /// Adds a milestone of your own titled `title`, with an id made from it.
        @discardableResult
        public func add(title: String) async throws -> MilestoneStatus { try await addMilestone.execute(title: title) }
    }
}
