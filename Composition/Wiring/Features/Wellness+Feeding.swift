import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// Feeding (the feeding module of seed 000): the meals planned each day and the meals given,
    /// each counted on time, late or not at all against the plan. Every write records a use of
    /// the module; every call is refused with `ModuleOffError` while the module is off.
    public struct Feeding: Sendable {
        let planMeals: PlanMeals
        let giveMeal: GiveMeal
        let listMeals: ListMeals

        init(repositories: WellnessRepositories, time: TimeContext) {
            let meals = repositories.records.repository(for: MealRecords.self)
            let plan = repositories.records.repository(for: PlannedMealRecords.self)
            planMeals = PlanMeals(plan: repositories.tracker(for: PlannedMealRecords.self), time: time)
            giveMeal = GiveMeal(meals: repositories.tracker(for: MealRecords.self), plan: plan, time: time)
            listMeals = ListMeals(meals: meals, plan: plan, modules: repositories.moduleSettings, time: time)
        }

        /// Plans `meals` every day, instead of the plan before (none clears it); returns the plan in time order.
        @discardableResult
        public func plan(_ meals: [PlannedMeal]) async throws -> [PlannedMeal] { try await planMeals.execute(meals) }

        /// Records a meal given at `at` (now by default): the planned meal at `planned`, or the
        /// one nearest to `at`, weighing `grams` or what the plan says.
        @discardableResult
        public func give(planned: WallTime? = nil, at: Date? = nil, grams: Int? = nil) async throws -> Meal {
            try await giveMeal.execute(planned: planned, at: at, grams: grams)
        }

        /// The meals of the last `days` days, oldest first, each with how it counted.
        public func list(days: Int = 30) async throws -> [MealEntry] { try await listMeals.execute(days: days) }

        /// Today's planned meals and where each stands.
        public func today() async throws -> [PlannedMealStatus] { try await listMeals.today() }
    }
}
