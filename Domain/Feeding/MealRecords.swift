import Foundation

/// Meals given, by id.
public enum MealRecords: RecordKind {
    public static let collection: RecordCollection = "meals"
    /// Meals came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of meal: Meal) -> Meal.ID { meal.id }

    /// Grams and food as `feeding give` checks them (``Meal/check()``).
    public static func validate(_ meal: Meal) throws(RecordRejection) {
        try RecordRejection.checking { try meal.check() }
    }

    public static func precedes(_ lhs: Meal, _ rhs: Meal) -> Bool {
        (lhs.at, lhs.id.description) < (rhs.at, rhs.id.description)
    }
}

/// The planned meals, one record per time of day.
public enum PlannedMealRecords: RecordKind {
    public static let collection: RecordCollection = "mealPlan"
    /// The plan came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of planned: PlannedMeal) -> WallTime { planned.time }

    /// Grams and food as `feeding plan` checks them (``PlannedMeal/check()``).
    public static func validate(_ planned: PlannedMeal) throws(RecordRejection) {
        try RecordRejection.checking { try planned.check() }
    }

    public static func precedes(_ lhs: PlannedMeal, _ rhs: PlannedMeal) -> Bool { lhs.time < rhs.time }
}

extension RecordCollection {
    public static var meals: RecordCollection { MealRecords.collection }
    public static var mealPlan: RecordCollection { PlannedMealRecords.collection }
}
