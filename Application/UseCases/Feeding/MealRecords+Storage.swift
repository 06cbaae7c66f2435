import WellnessDomain

// Meals and the meal plan have no port of their own: a store keeps them in its record repositories.
extension MealRecords: StoredRecordKind {}
extension PlannedMealRecords: StoredRecordKind {}
