import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// A meal's rules, a plan entry as text, the rules of a plan, and when a planned meal counts as
/// given, late, due or skipped.
@Suite("Feeding: a meal, the plan, and the day")
struct FeedingPlanTests {
    static let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
    static let start = Fixtures.instant("2026-01-05T07:00:00Z")
    /// Monday 5 January 2026 in Amsterdam (UTC+1).
    static let day = Fixtures.day("2026-01-05")

    static func time(_ text: String) -> WallTime { WallTime(text)! }

    static func plan(_ texts: String...) throws -> [PlannedMeal] { try texts.map { try PlannedMeal.parse($0) } }

    /// The instant of a local time on ``day`` in Amsterdam.
    static func local(_ text: String) -> Date { Fixtures.instant("2026-01-05T\(text):00+01:00") }

    /// A meal given at `at` for the planned meal at `planned`.
    static func meal(_ at: Date, for planned: String?) throws -> Meal {
        try Meal(at: at, planned: planned.map(time))
    }

    /// The error `body` throws, or `nil`.
    static func refusal(_ body: () throws -> Void) -> FeedingError? {
        do {
            try body()
            return nil
        } catch let error as FeedingError {
            return error
        } catch {
            Issue.record("not a FeedingError: \(error)")
            return nil
        }
    }

    // MARK: - A planned meal as text

    @Test("\"07:00 120g kibble\" is a time, grams and a food, and reads back the same; grams and food may be left out")
    func parse() throws {
        let meal = try PlannedMeal.parse("07:00 120g kibble")
        #expect(meal.time == Self.time("07:00") && meal.grams == 120 && meal.food == "kibble")
        #expect(meal.description == "07:00 120g kibble")
        #expect(meal.label == "07:00 kibble")
        #expect(try PlannedMeal.parse(meal.description) == meal)
        #expect(try PlannedMeal.parse("  7:05   wet food  with rice ") == PlannedMeal(time: Self.time("07:05"), food: "wet food with rice"))
        #expect(try PlannedMeal.parse("18:00 90g") == PlannedMeal(time: Self.time("18:00"), grams: 90))
        let bare = try PlannedMeal.parse("12:00")
        #expect(bare.grams == nil && bare.food == nil && bare.description == "12:00" && bare.label == "12:00")
    }

    @Test("a malformed entry is refused naming it; grams out of range name the grams",
          arguments: ["7h kibble", "25:00", "", "kibble 07:00", "07:60 x", "07:00 1.5g x", "07:00 12,5g x", "07.00 kibble"])
    func malformed(text: String) {
        #expect(Self.refusal { _ = try PlannedMeal.parse(text) } == .malformedPlan(text))
    }

    @Test("grams: 1 and 5000 are a meal; 0, 5001 and negative are refused, in a plan entry and a meal")
    func grams() throws {
        for grams in [1, 120, 5000] {
            #expect(try PlannedMeal.parse("07:00 \(grams)g x").grams == grams)
            #expect(try Meal(at: Self.start, grams: grams).grams == grams)
        }
        for grams in [0, 5001, -5] {
            #expect(Self.refusal { _ = try PlannedMeal.parse("07:00 \(grams)g x") } == .gramsOutOfRange(grams))
            #expect(Self.refusal { _ = try Meal(at: Self.start, grams: grams) } == .gramsOutOfRange(grams))
        }
        #expect(Self.refusal { _ = try PlannedMeal.parse("07:00 99999999999999999999999g x") } == .gramsOutOfRange(Int.max))
    }

    @Test("a food: 100 characters are a meal, 101 are refused; a control character is refused; trimmed, blank is none")
    func food() throws {
        #expect(try PlannedMeal.parse("07:00 " + String(repeating: "é", count: 100)).food?.count == 100)
        #expect(Self.refusal { _ = try PlannedMeal.parse("07:00 " + String(repeating: "a", count: 101)) } == .foodTooLong(101))
        #expect(Self.refusal { _ = try Meal(at: Self.start, food: "kib\u{7}ble") }
            == .controlCharacter(ControlCharacterError(field: .food, character: "\u{7}")))
        #expect(Self.refusal { _ = try PlannedMeal.parse("07:00 kib\u{1B}ble") }
            == .controlCharacter(ControlCharacterError(field: .food, character: "\u{1B}")))
        #expect(try Meal(at: Self.start, food: "  \n ").food == nil)
        #expect(try PlannedMeal(time: Self.time("07:00"), food: " kibble \n").food == "kibble")
    }

    @Test("stored records are taken as they are and the kinds' validate refuses what the constructors refuse")
    func stored() throws {
        let badMeal = Meal(stored: Meal.ID(), at: Self.start, planned: nil, grams: 0, food: nil)
        #expect(Self.refusal { try badMeal.check() } == .gramsOutOfRange(0))
        #expect(throws: RecordRejection.self) { try MealRecords.validate(badMeal) }
        let badPlan = PlannedMeal(stored: Self.time("07:00"), grams: nil, food: String(repeating: "a", count: 101))
        #expect(throws: RecordRejection.self) { try PlannedMealRecords.validate(badPlan) }
        let good = try Meal(at: Self.start.addingTimeInterval(0.000_4), planned: Self.time("07:00"), grams: 120, food: "kibble")
        #expect(good.at == Self.start)
        #expect(throws: Never.self) { try MealRecords.validate(good) }
        #expect(throws: Never.self) { try PlannedMealRecords.validate(try PlannedMeal.parse("07:00 120g kibble")) }
    }

    // MARK: - A plan

    @Test("a plan comes back in time order; a time twice is refused; 12 meals are a plan, 13 are refused")
    func checked() throws {
        #expect(try FeedingPlan.checked(Self.plan("18:00 x", "07:00 y")).map(\.time) == [Self.time("07:00"), Self.time("18:00")])
        #expect(Self.refusal { _ = try FeedingPlan.checked(Self.plan("07:00 x", "18:00 y", "7:00 z")) }
            == .timePlannedTwice(Self.time("07:00")))
        let thirteen = try (0..<13).map { try PlannedMeal(time: #require(WallTime(hour: $0 + 6, minute: 0))) }
        #expect(try FeedingPlan.checked(Array(thirteen.prefix(12))).count == 12)
        #expect(Self.refusal { _ = try FeedingPlan.checked(thirteen) } == .tooManyPlanned(13))
    }

    // MARK: - The day

    static func day(_ planned: [PlannedMeal], meals: [Meal], on day: LocalDay = day,
                    in zone: TimeZone = amsterdam) -> [PlannedMealStatus] {
        FeedingPlan.day(day, planned: planned, meals: meals, in: zone)
    }

    @Test("given at +60 minutes is on time; at +61 minutes it is late")
    func late() throws {
        let plan = try Self.plan("07:00 120g kibble", "18:00 120g kibble")
        let onTime = try #require(Self.day(plan, meals: [Self.meal(Self.local("08:00"), for: "07:00")]).first)
        #expect(onTime.state(at: Self.local("09:00")) == .given)
        let late = try #require(Self.day(plan, meals: [Self.meal(Self.local("08:01"), for: "07:00")]).first)
        #expect(late.state(at: Self.local("09:00")) == .late)
        let early = try #require(Self.day(plan, meals: [Self.meal(Self.local("06:30"), for: "07:00")]).first)
        #expect(early.state(at: Self.local("06:31")) == .given, "given before its time is on time")
    }

    @Test("not given: upcoming before its time, due until the next meal's time, skipped from it")
    func skipped() throws {
        let plan = try Self.plan("07:00 kibble", "18:00 kibble")
        let statuses = Self.day(plan, meals: [])
        #expect(statuses.map(\.windowEnd) == [Self.local("18:00"), Fixtures.instant("2026-01-05T23:00:00Z")])
        let morning = try #require(statuses.first)
        #expect(morning.state(at: Self.local("06:59")) == .upcoming)
        #expect(morning.state(at: Self.local("07:00")) == .due)
        #expect(morning.state(at: Self.local("17:59")) == .due)
        #expect(morning.state(at: Self.local("18:00")) == .skipped)
        let given = Self.day(plan, meals: [try Self.meal(Self.local("17:59"), for: "07:00")])
        #expect(given.first?.state(at: Self.local("20:00")) == .late, "given before the next meal's time: late, not skipped")
        let tooLate = Self.day(plan, meals: [try Self.meal(Self.local("18:00"), for: "07:00")])
        #expect(tooLate.map { $0.meal } == [nil, nil], "given at the next meal's time it counts for nothing")
        #expect(tooLate.first?.state(at: Self.local("18:30")) == .skipped)
    }

    @Test("the last meal is skipped at midnight")
    func midnight() throws {
        let plan = try Self.plan("07:00", "21:00")
        let evening = try #require(Self.day(plan, meals: []).last)
        #expect(evening.state(at: Self.local("23:59")) == .due)
        #expect(evening.state(at: Fixtures.instant("2026-01-05T23:00:00Z")) == .skipped)
        let nextDay = Self.day(plan, meals: [try Self.meal(Fixtures.instant("2026-01-05T23:00:00Z"), for: "21:00")])
        #expect(nextDay.last?.meal == nil, "00:00 is the next day")
        let justBefore = try Self.meal(Fixtures.instant("2026-01-05T22:59:00Z"), for: "21:00")
        #expect(Self.day(plan, meals: [justBefore]).last?.meal == justBefore)
    }

    @Test("a meal counts for the planned time it names, once; a meal of another day or without a time counts for none")
    func namesItsTime() throws {
        let plan = try Self.plan("07:00", "12:00", "18:00")
        let noon = try Self.meal(Self.local("07:10"), for: "12:00")
        #expect(Self.day(plan, meals: [noon]).map(\.meal) == [nil, noon, nil], "early for noon, not the morning's")
        let first = try Self.meal(Self.local("07:05"), for: "07:00"), second = try Self.meal(Self.local("07:30"), for: "07:00")
        #expect(Self.day(plan, meals: [second, first]).map(\.meal) == [first, nil, nil])
        let yesterday = try Self.meal(Fixtures.instant("2026-01-04T06:00:00Z"), for: "07:00")
        let unplanned = try Self.meal(Self.local("07:00"), for: nil)
        #expect(Self.day(plan, meals: [yesterday, unplanned]).allSatisfy { $0.meal == nil })
        #expect(Self.day([], meals: [first]).isEmpty)
    }

    @Test("the nearest planned meal: by distance to the moment, the earlier of two as near, none without a plan")
    func nearest() throws {
        let plan = try Self.plan("18:00 b", "07:00 a")
        func nearest(_ text: String) -> String? {
            FeedingPlan.nearest(to: Self.local(text), planned: plan, on: Self.day, in: Self.amsterdam)?.time.description
        }
        #expect(nearest("05:00") == "07:00")
        #expect(nearest("12:29") == "07:00")
        #expect(nearest("12:30") == "07:00", "as near: the earlier")
        #expect(nearest("12:31") == "18:00")
        #expect(nearest("23:50") == "18:00")
        #expect(FeedingPlan.nearest(to: Self.start, planned: [], on: Self.day, in: Self.amsterdam) == nil)
    }

    @Test("Amsterdam's spring-forward day: 02:30 lands at 03:30, after 03:00; the last meal is skipped at midnight summer time")
    func springForward() throws {
        let day = Fixtures.day("2026-03-29")
        let statuses = Self.day(try Self.plan("02:30 a", "03:00 b", "18:00 c"), meals: [], on: day)
        #expect(statuses.map(\.planned.time.description) == ["03:00", "02:30", "18:00"])
        #expect(statuses.map(\.at) == [Fixtures.instant("2026-03-29T01:00:00Z"), Fixtures.instant("2026-03-29T01:30:00Z"),
                                       Fixtures.instant("2026-03-29T16:00:00Z")])
        #expect(statuses.map(\.windowEnd) == [Fixtures.instant("2026-03-29T01:30:00Z"), Fixtures.instant("2026-03-29T16:00:00Z"),
                                              Fixtures.instant("2026-03-29T22:00:00Z")])
        #expect(statuses.last?.state(at: Fixtures.instant("2026-03-29T21:59:00Z")) == .due)
        #expect(statuses.last?.state(at: Fixtures.instant("2026-03-29T22:00:00Z")) == .skipped)
    }

    @Test("Amsterdam's fall-back day: 02:30 is the first of the two; the day is 25 hours and the last meal is skipped at midnight")
    func fallBack() throws {
        let day = Fixtures.day("2026-10-25")
        let statuses = Self.day(try Self.plan("02:30 a", "20:00 b"), meals: [], on: day)
        #expect(statuses.map(\.at) == [Fixtures.instant("2026-10-25T00:30:00Z"), Fixtures.instant("2026-10-25T19:00:00Z")])
        #expect(statuses.last?.windowEnd == Fixtures.instant("2026-10-25T23:00:00Z"))
        let late = Self.day(try Self.plan("02:30 a", "20:00 b"),
                            meals: [try Self.meal(Fixtures.instant("2026-10-25T01:31:00Z"), for: "02:30")], on: day)
        #expect(late.first?.state(at: Fixtures.instant("2026-10-25T02:00:00Z")) == .late,
                "the second 02:31 is 61 minutes after the first 02:30")
    }
}
