import Foundation

/// The rules of planned meals: which meals a plan may hold, which planned meal a meal is, and
/// when a planned meal counts as given, late, due or skipped.
///
/// A meal counts for the planned meal whose time it names, on the local day it was given, when
/// given before that planned meal's window ends: the next planned meal's time, or midnight for
/// the day's last one. Given more than ``lateMinutes`` after its time, it was late. A planned meal
/// not given is due from its time until its window ends, and skipped after that. When a meal
/// names a time twice on a day, the first counts.
public enum FeedingPlan {
    /// The most meals one plan may hold.
    public static let maximumMeals = 12
    /// How long after its time a meal may be given and still be on time.
    public static let lateMinutes = 60

    /// `meals` as a plan, in time order; a time given twice, or more than ``maximumMeals``
    /// meals, is refused.
    public static func checked(_ meals: [PlannedMeal]) throws(FeedingError) -> [PlannedMeal] {
        guard meals.count <= maximumMeals else { throw .tooManyPlanned(meals.count) }
        var seen = Set<WallTime>()
        for meal in meals where !seen.insert(meal.time).inserted { throw .timePlannedTwice(meal.time) }
        return meals.sorted { $0.time < $1.time }
    }

    /// Each planned meal of `day` with the meal (from `meals`) that counts for it, in the order of
    /// their instants on `day`: on the night clocks go forward a time in the gap (02:30) lands
    /// after the jump (03:30), after a later one (03:00); on the night they go back a time shown
    /// twice is the first.
    public static func day(_ day: LocalDay, planned: [PlannedMeal], meals: [Meal], in zone: TimeZone) -> [PlannedMealStatus] {
        let times = planned.map { (meal: $0, at: $0.time.instant(on: day, in: zone)) }
            .sorted { ($0.at, $0.meal.time) < ($1.at, $1.meal.time) }
        let dayStart = CivilTime.instant(day, millisecondOfDay: 0, in: zone)
        let midnight = CivilTime.instant(day.adding(days: 1), millisecondOfDay: 0, in: zone)
        let given = meals.sorted { ($0.at, $0.id.description) < ($1.at, $1.id.description) }
        return times.enumerated().map { index, entry in
            let windowEnd = index + 1 < times.count ? times[index + 1].at : midnight
            let meal = given.first { $0.planned == entry.meal.time && $0.at >= dayStart && $0.at < windowEnd }
            return PlannedMealStatus(planned: entry.meal, at: entry.at, windowEnd: windowEnd, meal: meal)
        }
    }

    /// The planned meal whose time on `day` is nearest to `now` (the earlier of two as near), or
    /// `nil` for an empty plan: the meal `feeding give` gives without a time.
    public static func nearest(to now: Date, planned: [PlannedMeal], on day: LocalDay, in zone: TimeZone) -> PlannedMeal? {
        planned.map { (meal: $0, at: $0.time.instant(on: day, in: zone)) }
            .min { (abs($0.at.timeIntervalSince(now)), $0.at) < (abs($1.at.timeIntervalSince(now)), $1.at) }?
            .meal
    }
}

/// A planned meal on one day.
public struct PlannedMealStatus: Sendable, Equatable {
    /// Where a planned meal stands at a moment.
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Its time has not come and no meal counted for it yet.
        case upcoming
        /// Its time came and no meal counted for it yet: what `due` lists.
        case due
        /// A meal counted for it, given at most an hour after its time.
        case given
        /// A meal counted for it, given more than an hour after its time.
        case late
        /// Its window ended without a meal.
        case skipped
    }

    /// The planned meal.
    public let planned: PlannedMeal
    /// The instant of its time on the day.
    public let at: Date
    /// When a meal stops counting for it (and, not given, it is skipped).
    public let windowEnd: Date
    /// The meal that counted for it.
    public let meal: Meal?

    /// The `planned` meal at the instant `at` on its day, counting meals until `windowEnd`, and
    /// the meal that counted, if one did.
    public init(planned: PlannedMeal, at: Date, windowEnd: Date, meal: Meal?) {
        self.planned = planned
        self.at = at
        self.windowEnd = windowEnd
        self.meal = meal
    }

    /// Where it stands at `now`.
    public func state(at now: Date) -> State {
        if let meal {
            return meal.at.timeIntervalSince(at) > Double(FeedingPlan.lateMinutes * 60) ? .late : .given
        }
        if now < at { return .upcoming }
        return now < windowEnd ? .due : .skipped
    }
}
