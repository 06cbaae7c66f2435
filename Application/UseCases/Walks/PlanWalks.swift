import Foundation
import WellnessDomain

/// Replaces the planned walk times, and records a use of the walks module, in one transaction.
public struct PlanWalks: Sendable {
    let plan: ModuleTracker<PlannedWalkRecords>
    let time: TimeContext

    /// A use case writing through `plan` (``WellnessRepositories/tracker(for:)``), with now from `time`.
    public init(plan: ModuleTracker<PlannedWalkRecords>, time: TimeContext) {
        self.plan = plan
        self.time = time
    }

    /// A use case on `plan`, recording each change's use in `modules` after it.
    public init(plan: any RecordRepository<PlannedWalkRecords>, modules: any ModuleSettingsRepository, time: TimeContext) {
        self.init(plan: ModuleTracker(records: plan, modules: modules, inOneTransaction: false), time: time)
    }

    /// Plans walks at `times` (local wall-clock times, every day) instead of the plan before;
    /// no times clears the plan. Returns the plan, in order. Throws `ModuleOffError` when the
    /// walks module is off and `WalkError` for a time given twice or too many.
    @discardableResult
    public func execute(_ times: [WallTime]) async throws -> [WallTime] {
        let now = time.now()
        try await ModuleOffError.requireOn(.walks, in: plan.modules, now: now)
        let planned = try WalkPlan.checked(times)
        let before = try await plan.records.all().map(\.time)
        try await plan.write(planned.map(PlannedWalk.init), removing: before.filter { !planned.contains($0) },
                             module: .walks, at: now)
        return planned
    }
}
