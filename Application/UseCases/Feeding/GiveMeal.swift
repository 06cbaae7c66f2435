import Foundation
import WellnessDomain

/// Records a meal given, and with it a use of the feeding module, in one transaction.
public struct GiveMeal: Sendable {
    let meals: ModuleTracker<MealRecords>
    let plan: any RecordRepository<PlannedMealRecords>
    let time: TimeContext

    /// A use case writing through `meals` (``WellnessRepositories/tracker(for:)``), reading the
    /// planned meals from `plan`, with now from `time`.
    public init(meals: ModuleTracker<MealRecords>, plan: any RecordRepository<PlannedMealRecords>, time: TimeContext) {
        self.meals = meals
        self.plan = plan
        self.time = time
    }

    /// A use case on `meals` and `plan`, recording each meal's use in `modules` after it.
    public init(meals: any RecordRepository<MealRecords>, plan: any RecordRepository<PlannedMealRecords>,
                modules: any ModuleSettingsRepository, time: TimeContext) {
        self.init(meals: ModuleTracker(records: meals, modules: modules, inOneTransaction: false), plan: plan, time: time)
    }

    /// Records a meal given at `at` (now by default; never in the future): the planned meal at
    /// `planned`, or without it the planned meal nearest to `at` on its day (`FeedingPlan.nearest`),
    /// or with no plan a meal without a planned time. It weighs `grams`, or what the plan says;
    /// its food is the plan's. Throws `ModuleOffError` when the feeding module is off,
    /// `TimeProblem` for a moment in the future, `FeedingError.notPlanned` for a time the plan
    /// does not hold, and `FeedingError` for grams out of range.
    @discardableResult
    public func execute(planned: WallTime? = nil, at: Date? = nil, grams: Int? = nil) async throws -> Meal {
        let now = time.now()
        try await ModuleOffError.requireOn(.feeding, in: meals.modules, now: now)
        let given = try time.recordable(at ?? now)
        let plan = try await plan.all()
        let meal: PlannedMeal?
        if let planned {
            guard let found = plan.first(where: { $0.time == planned }) else { throw FeedingError.notPlanned(planned) }
            meal = found
        } else {
            meal = FeedingPlan.nearest(to: given, planned: plan, on: LocalDay(given, in: time.calendar),
                                       in: time.calendar.timeZone)
        }
        let record = try Meal(at: given, planned: meal?.time, grams: grams ?? meal?.grams, food: meal?.food)
        try await meals.write([record], removing: [], module: .feeding, at: now)
        return record
    }
}
