import Foundation
import WellnessDomain

/// Replaces the planned walk times, and records a use of the walks module, in one transaction.
public struct PlanWalks: Sendable {
    let plan: any RecordRepository<PlannedWalkRecords>
    let modules: any ModuleSettingsRepository
    let time: TimeContext

    public init(plan: any RecordRepository<PlannedWalkRecords>, modules: any ModuleSettingsRepository, time: TimeContext) {
        self.plan = plan
        self.modules = modules
        self.time = time
    }

    /// Plans walks at `times` (local wall-clock times, every day) instead of the plan before;
    /// no times clears the plan. Returns the plan, in order. Throws `ModuleOffError` when the
    /// walks module is off and `WalkError` for a time given twice or too many.
    @discardableResult
    public func execute(_ times: [WallTime]) async throws -> [WallTime] {
        let now = time.now()
        try await ModuleOffError.requireOn(.walks, in: modules, now: now)
        let planned = try WalkPlan.checked(times)
        let before = try await plan.all().map(\.time)
        try await plan.write(planned.map(PlannedWalk.init), removing: before.filter { !planned.contains($0) },
                             usingModule: .walks, at: now)
        return planned
    }
}
