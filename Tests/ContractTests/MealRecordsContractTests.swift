import Foundation
import Testing
import WellnessApplication
import WellnessContractTesting
import WellnessDomain
import WellnessTestSupport

/// Meals and the meal plan have no port of their own: every built-in store keeps them in its
/// record repositories, and keeps the `RecordRepositoryContract` for both, each rule on a fresh store.
@Suite("RecordRepository contract: meals and the meal plan")
struct MealRecordsContractTests {
    /// Three meals, out of order, one with every field.
    static let sampleMeals = [
        Meal(stored: Meal.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000002")),
             at: Fixtures.instant("2026-11-21T17:30:00Z"), planned: WallTime("18:00"), grams: 120, food: "kibble ☀️ \"duck\""),
        Meal(stored: Meal.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000001")),
             at: Fixtures.instant("2026-11-20T06:15:00.250Z"), planned: nil, grams: nil, food: nil),
        Meal(stored: Meal.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000003")),
             at: Fixtures.instant("2026-11-21T07:00:00Z"), planned: WallTime("07:00"), grams: 5000, food: "a\tb"),
    ]

    /// No grams: a meal of 0 g breaks the rules.
    static let invalidMeal = Meal(stored: Meal.ID(Fixtures.uuid("00000000-0000-4000-8000-000000000009")),
                                  at: Fixtures.instant("2026-11-22T08:00:00Z"), planned: nil, grams: 0, food: nil)

    /// The same meal, heavier and with another food.
    @Sendable static func changed(_ meal: Meal) -> Meal {
        Meal(stored: meal.id, at: meal.at, planned: meal.planned, grams: meal.grams == 60 ? 61 : 60, food: "changed")
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<MealRecords>.cases(samples: MealRecordsContractTests.sampleMeals,
                                                      changed: MealRecordsContractTests.changed,
                                                      invalid: MealRecordsContractTests.invalidMeal))
    func meals(kind: AdapterKind, rule: ContractCase<any RecordRepository<MealRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: MealRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<MealRecords>.trackerCases(samples: MealRecordsContractTests.sampleMeals,
                                                             changed: MealRecordsContractTests.changed,
                                                             invalid: MealRecordsContractTests.invalidMeal))
    func mealWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<MealRecords>>) async throws {
        try await rule.run(kind.trackerFactory(MealRecords.self))
    }

    /// Three planned meals, out of order.
    static let planned = [
        PlannedMeal(stored: WallTime("18:00")!, grams: 120, food: "kibble"),
        PlannedMeal(stored: WallTime("07:30")!, grams: nil, food: "wet food ☀️"),
        PlannedMeal(stored: WallTime("12:00")!, grams: 1, food: nil),
    ]

    /// No grams: a planned meal of 0 g breaks the rules.
    static let invalidPlanned = PlannedMeal(stored: WallTime("09:00")!, grams: 0, food: nil)

    /// The same time, another meal.
    @Sendable static func changedPlanned(_ meal: PlannedMeal) -> PlannedMeal {
        PlannedMeal(stored: meal.time, grams: meal.grams == 60 ? 61 : 60, food: "changed")
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<PlannedMealRecords>.cases(samples: MealRecordsContractTests.planned,
                                                             changed: MealRecordsContractTests.changedPlanned,
                                                             invalid: MealRecordsContractTests.invalidPlanned))
    func plan(kind: AdapterKind, rule: ContractCase<any RecordRepository<PlannedMealRecords>>) async throws {
        try await rule.run(kind.factory { $0.records.repository(for: PlannedMealRecords.self) })
    }

    @Test(arguments: AdapterKind.allCases,
          RecordRepositoryContract<PlannedMealRecords>.trackerCases(samples: MealRecordsContractTests.planned,
                                                                    changed: MealRecordsContractTests.changedPlanned,
                                                                    invalid: MealRecordsContractTests.invalidPlanned))
    func planWrites(kind: AdapterKind, rule: ContractCase<TrackedRecords<PlannedMealRecords>>) async throws {
        try await rule.run(kind.trackerFactory(PlannedMealRecords.self))
    }

    @Test("a time saved twice is one planned meal, the last; the plan comes back in time order, through another handle",
          arguments: AdapterKind.allCases)
    func planSavedTwice(kind: AdapterKind) async throws {
        let store = try await kind.factory { $0.records.repository(for: PlannedMealRecords.self) }.make()
        for meal in Self.planned + [Self.changedPlanned(Self.planned[0])] { try await store.subject.save(meal) }
        #expect(try await store.reopen().all().map(\.description) == ["07:30 wet food ☀️", "12:00 1g", "18:00 60g changed"])
    }
}
