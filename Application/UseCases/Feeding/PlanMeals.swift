import Foundation
import WellnessDomain

/// Replaces the planned meals, and records a use of the feeding module, in one transaction.
public struct PlanMeals: Sendable {
    let plan: ModuleTracker<PlannedMealRecords>
    let time: TimeContext

    /// A use case writing through `plan` (``WellnessRepositories/tracker(for:)``), with now from `time`.
    public init(plan: ModuleTracker<PlannedMealRecords>, time: TimeContext) {
        self.plan = plan
        self.time = time
    }

    /// A use case on `plan`, recording each change's use in `modules` after it.
    public init(plan: any RecordRepository<PlannedMealRecords>, modules: any ModuleSettingsRepository, time: TimeContext) {
        self.init(plan: ModuleTracker(records: plan, modules: modules, inOneTransaction: false), time: time)
    }

    /// Plans `meals` (each at a local wall-clock time, every day) instead of the plan before; no
    /// meals clears the plan. Returns the plan, in time order. Throws `ModuleOffError` when the
    /// feeding module is off and `FeedingError` for a time given twice, too many meals, or a meal
    /// that breaks its rules.
    @discardableResult
    public func execute(_ meals: [PlannedMeal]) async throws -> [PlannedMeal] {
        let now = time.now()
        try await ModuleOffError.requireOn(.feeding, in: plan.modules, now: now)
        for meal in meals { try meal.check() }
        let planned = try FeedingPlan.checked(meals)
        let kept = Set(planned.map(\.time))
        let before = try await plan.records.all().map(\.time)
        try await plan.write(planned, removing: before.filter { !kept.contains($0) }, module: .feeding, at: now)
        return planned
    }
}
