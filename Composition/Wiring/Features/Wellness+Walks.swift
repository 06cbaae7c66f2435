import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Walks (the walks module of seed 000): walks added by hand or imported from Apple Health
    /// as walking workouts, and the times walks are planned at each day. Every write records a
    /// use of the module; every call is refused with `ModuleOffError` while the module is off.
    public struct Walks: Sendable {
        let addWalk: AddWalk
        let planWalks: PlanWalks
        let listWalks: ListWalks

        init(repositories: WellnessRepositories, time: TimeContext) {
            let walks = repositories.records.repository(for: WalkRecords.self)
            let plan = repositories.records.repository(for: PlannedWalkRecords.self)
            addWalk = AddWalk(walks: repositories.tracker(for: WalkRecords.self), time: time)
            planWalks = PlanWalks(plan: repositories.tracker(for: PlannedWalkRecords.self), time: time)
            listWalks = ListWalks(walks: walks, plan: plan, health: repositories.health,
                                  modules: repositories.moduleSettings, time: time)
        }

        /// Records a walk that started at `start` (now by default), as long as `minutes`, as
        /// far as `kilometres`, with `note`.
        @discardableResult
        public func add(start: Date? = nil, minutes: Int? = nil, kilometres: Double? = nil,
                        note: String? = nil) async throws -> Walk {
            try await addWalk.execute(start: start, minutes: minutes, kilometres: kilometres, note: note)
        }

        /// The walks of the last `days` days, oldest first, the walking workouts of the health data included.
        public func list(days: Int = 30) async throws -> [WalkEntry] { try await listWalks.execute(days: days) }

        /// Plans walks at `times` every day, instead of the plan before (none clears it).
        @discardableResult
        public func plan(_ times: [WallTime]) async throws -> [WallTime] { try await planWalks.execute(times) }

        /// Today's planned walks and where each stands.
        public func today() async throws -> [PlannedWalkStatus] { try await listWalks.today() }
    }
}
