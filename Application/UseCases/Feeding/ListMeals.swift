import Foundation
import WellnessDomain

/// A meal as listed: the meal, and where it stands against the plan of its day.
public struct MealEntry: Sendable, Equatable {
    /// How a meal counted.
    public enum State: String, Sendable, Codable, CaseIterable {
        /// For its planned meal, at most an hour after its time.
        case given
        /// For its planned meal, more than an hour after its time.
        case late
        /// For no planned meal: given without a plan, for a time the plan no longer holds, after
        /// its planned meal's window ended, or a second time.
        case unplanned
    }

    /// The meal.
    public let meal: Meal
    /// How it counted.
    public let state: State

    /// `meal`, counted as `state`.
    public init(meal: Meal, state: State) {
        self.meal = meal
        self.state = state
    }
}

/// The meals of the last days, each with how it counted, and where today's planned meals stand.
public struct ListMeals: Sendable {
    let meals: any RecordRepository<MealRecords>
    let plan: any RecordRepository<PlannedMealRecords>
    let modules: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on the store's `meals`, its meal `plan` and its `modules`, with today from `time`.
    public init(meals: any RecordRepository<MealRecords>, plan: any RecordRepository<PlannedMealRecords>,
                modules: any ModuleSettingsRepository, time: TimeContext) {
        self.meals = meals
        self.plan = plan
        self.modules = modules
        self.time = time
    }

    /// The meals given in the last `days` local days (today included), oldest first, each with
    /// how it counted against today's plan on its day (`FeedingPlan.day`). Throws
    /// `ModuleOffError` when the feeding module is off and `InvalidValue` for a day count out of range.
    public func execute(days: Int = 30) async throws -> [MealEntry] {
        try await ModuleOffError.requireOn(.feeding, in: modules, now: time.now())
        let range = try time.lastDays(days)
        let start = range.lowerBound.start(in: time.calendar)
        let end = range.upperBound.adding(days: 1).start(in: time.calendar)
        let given = try await meals.all().filter { $0.at >= start && $0.at < end }
        let planned = try await plan.all()
        var counted: [Meal.ID: MealEntry.State] = [:]
        for day in Set(given.map { LocalDay($0.at, in: time.calendar) }) {
            for status in FeedingPlan.day(day, planned: planned, meals: given, in: time.calendar.timeZone) {
                guard let meal = status.meal else { continue }
                counted[meal.id] = status.state(at: meal.at) == .late ? .late : .given
            }
        }
        return given.sorted(by: MealRecords.precedes).map { MealEntry(meal: $0, state: counted[$0.id] ?? .unplanned) }
    }

    /// Today's planned meals, each with the meal that counted for it, in order. Throws
    /// `ModuleOffError` when the feeding module is off.
    public func today() async throws -> [PlannedMealStatus] {
        try await ModuleOffError.requireOn(.feeding, in: modules, now: time.now())
        return try await planned(on: time.today())
    }

    /// The planned meals of `day`, whether the module is on or not (for ``ListDue``, which
    /// checks the module itself).
    func planned(on day: LocalDay) async throws -> [PlannedMealStatus] {
        let planned = try await plan.all()
        guard !planned.isEmpty else { return [] }
        let start = day.start(in: time.calendar)
        let end = day.adding(days: 1).start(in: time.calendar)
        let given = try await meals.all().filter { $0.at >= start && $0.at < end }
        return FeedingPlan.day(day, planned: planned, meals: given, in: time.calendar.timeZone)
    }
}

/// Today's planned meals not given yet, from their time until the next meal's time or midnight (`FeedingPlan`).
struct MealsDue: DueSource {
    let meals: ListMeals

    var module: TrackingModule? { .feeding }

    func due(at now: Date, today: LocalDay) async throws -> [DueItem] {
        try await meals.planned(on: today).filter { $0.state(at: now) == .due }
            .map { DueItem(kind: .meal, name: $0.planned.label, since: $0.at) }
    }
}

extension ListMeals {
    /// Today's planned meals as a part of what is due.
    public var dueSource: any DueSource { MealsDue(meals: self) }
}
