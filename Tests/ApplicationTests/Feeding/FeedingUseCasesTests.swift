import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// The feeding use cases on in-memory repositories, at a fixed now in Amsterdam.
@Suite("Feeding: plan, give, list")
struct FeedingUseCasesTests {
    /// In-memory repositories with the feeding use cases on them; now is Monday 5 January 2026,
    /// 13:00 in Amsterdam (12:00 UTC) unless said otherwise.
    struct World {
        let repositories = WellnessRepositories.inMemory()
        let clock: FixedWallClock
        let time: TimeContext

        init(now: String = "2026-01-05T13:00:00+01:00") {
            clock = FixedWallClock(Fixtures.instant(now))
            time = TimeContext(clock: clock, calendar: Fixtures.calendar("Europe/Amsterdam"))
        }

        var meals: any RecordRepository<MealRecords> { repositories.records.repository(for: MealRecords.self) }
        var plan: any RecordRepository<PlannedMealRecords> { repositories.records.repository(for: PlannedMealRecords.self) }
        var planMeals: PlanMeals { PlanMeals(plan: repositories.tracker(for: PlannedMealRecords.self), time: time) }
        var give: GiveMeal { GiveMeal(meals: repositories.tracker(for: MealRecords.self), plan: plan, time: time) }
        var list: ListMeals { ListMeals(meals: meals, plan: plan, modules: repositories.moduleSettings, time: time) }
        var now: Date { clock.now() }

        func switchFeeding(on: Bool) async throws {
            _ = try await SetModulesEnabled(settings: repositories.moduleSettings, time: time).execute([.feeding], enabled: on)
        }

        var lastUsed: Date? {
            get async throws { try await repositories.moduleSettings.load()?.entry(for: .feeding).lastUsed }
        }
    }

    static func local(_ text: String) -> Date { Fixtures.instant("2026-01-05T\(text):00+01:00") }
    static func plan(_ texts: String...) throws -> [PlannedMeal] { try texts.map { try PlannedMeal.parse($0) } }
    static func time(_ text: String) -> WallTime { WallTime(text)! }

    // MARK: - PlanMeals

    @Test("plan replaces the plan and records the module's use; no meals clears it")
    func plan() async throws {
        let world = World()
        let planned = try await world.planMeals.execute(try Self.plan("18:00 120g kibble", "07:00 120g kibble"))
        #expect(planned.map(\.description) == ["07:00 120g kibble", "18:00 120g kibble"])
        #expect(try await world.plan.all().map(\.description) == ["07:00 120g kibble", "18:00 120g kibble"])
        #expect(try await world.lastUsed == world.now)
        try await world.planMeals.execute(try Self.plan("07:00 100g wet food", "12:00"))
        #expect(try await world.plan.all().map(\.description) == ["07:00 100g wet food", "12:00"], "07:00 changed, 18:00 gone")
        #expect(try await world.planMeals.execute([]) == [])
        #expect(try await world.plan.all().isEmpty)
    }

    @Test("a time twice or too many meals are refused and the plan before is kept, the use not recorded")
    func planRefused() async throws {
        let world = World()
        await #expect(throws: FeedingError.timePlannedTwice(Self.time("07:00"))) {
            try await world.planMeals.execute(try Self.plan("07:00 a", "7:00 b"))
        }
        #expect(try await world.lastUsed == nil)
        try await world.planMeals.execute(try Self.plan("07:00 a"))
        let thirteen = try (0..<13).map { try PlannedMeal(time: #require(WallTime(hour: $0 + 6, minute: 0))) }
        await #expect(throws: FeedingError.tooManyPlanned(13)) { try await world.planMeals.execute(thirteen) }
        let stored = PlannedMeal(stored: Self.time("09:00"), grams: 0, food: nil)
        await #expect(throws: FeedingError.gramsOutOfRange(0)) { try await world.planMeals.execute([stored]) }
        #expect(try await world.plan.all().map(\.description) == ["07:00 a"])
    }

    // MARK: - GiveMeal

    @Test("give by time: the planned meal's grams and food, or the grams given; the module's use recorded")
    func giveByTime() async throws {
        let world = World()
        try await world.planMeals.execute(try Self.plan("07:00 120g kibble", "18:00 100g wet food"))
        let morning = try await world.give.execute(planned: Self.time("07:00"), at: Self.local("07:10"))
        #expect(morning.planned == Self.time("07:00") && morning.grams == 120 && morning.food == "kibble")
        #expect(morning.at == Self.local("07:10"))
        let evening = try await world.give.execute(planned: Self.time("18:00"), grams: 80)
        #expect(evening.planned == Self.time("18:00") && evening.grams == 80 && evening.food == "wet food")
        #expect(evening.at == world.now)
        #expect(try await world.meals.all() == [morning, evening])
        #expect(try await world.lastUsed == world.now)
    }

    @Test("give without a time: the planned meal nearest to now, or to the moment given")
    func giveNearest() async throws {
        let world = World()
        try await world.planMeals.execute(try Self.plan("07:00 a", "18:00 b"))
        #expect(try await world.give.execute().planned == Self.time("18:00"), "13:00: 5 hours to 18:00, 6 since 07:00")
        #expect(try await world.give.execute(at: Self.local("12:00")).planned == Self.time("07:00"))
        #expect(try await world.give.execute(at: Fixtures.instant("2026-01-04T23:30:00+01:00")).planned == Self.time("18:00"),
                "the nearest on the moment's own day")
    }

    @Test("give with no plan is a meal without a planned time; a time not planned is refused and nothing saved")
    func giveUnplanned() async throws {
        let world = World()
        let meal = try await world.give.execute(grams: 50)
        #expect(meal.planned == nil && meal.grams == 50 && meal.food == nil)
        await #expect(throws: FeedingError.notPlanned(Self.time("09:00"))) {
            try await world.give.execute(planned: Self.time("09:00"))
        }
        try await world.planMeals.execute(try Self.plan("07:00 a"))
        await #expect(throws: FeedingError.notPlanned(Self.time("09:00"))) {
            try await world.give.execute(planned: Self.time("09:00"))
        }
        #expect(try await world.meals.all() == [meal])
    }

    @Test("grams out of range or a moment in the future are refused; nothing saved, the use not recorded")
    func giveRefused() async throws {
        let world = World()
        await #expect(throws: FeedingError.gramsOutOfRange(5001)) { try await world.give.execute(grams: 5001) }
        await #expect(throws: TimeProblem.self) { try await world.give.execute(at: world.now.addingTimeInterval(3600)) }
        #expect(try await world.meals.all().isEmpty)
        #expect(try await world.lastUsed == nil)
    }

    @Test("the module off: plan, give, list and today throw ModuleOffError.off(.feeding); nothing saved; data kept")
    func moduleOff() async throws {
        let world = World()
        try await world.planMeals.execute(try Self.plan("07:00 a"))
        try await world.give.execute(planned: Self.time("07:00"), at: Self.local("07:05"))
        let used = try await world.lastUsed
        world.clock.set(Self.local("14:00"))
        try await world.switchFeeding(on: false)
        await #expect(throws: ModuleOffError.off(.feeding)) { try await world.planMeals.execute([]) }
        await #expect(throws: ModuleOffError.off(.feeding)) { try await world.give.execute() }
        await #expect(throws: ModuleOffError.off(.feeding)) { try await world.list.execute() }
        await #expect(throws: ModuleOffError.off(.feeding)) { try await world.list.today() }
        #expect(try await world.meals.all().count == 1)
        #expect(try await world.plan.all().count == 1)
        #expect(try await world.lastUsed == used)
        try await world.switchFeeding(on: true)
        #expect(try await world.list.execute().count == 1, "the meal was kept")
    }

    // MARK: - ListMeals

    @Test("list: the meals of the last days, oldest first, each on time, late or unplanned; today's plan with states")
    func list() async throws {
        let world = World(now: "2026-01-05T19:00:00+01:00")
        try await world.planMeals.execute(try Self.plan("07:00 120g kibble", "12:00 snack", "18:00 120g kibble"))
        let yesterday = try await world.give.execute(planned: Self.time("18:00"), at: Fixtures.instant("2026-01-04T19:30:00+01:00"))
        let morning = try await world.give.execute(planned: Self.time("07:00"), at: Self.local("08:00"))
        let late = try await world.give.execute(planned: Self.time("12:00"), at: Self.local("13:01"))
        let twice = try await world.give.execute(planned: Self.time("12:00"), at: Self.local("13:30"))
        let listed = try await world.list.execute()
        #expect(listed.map(\.meal) == [yesterday, morning, late, twice])
        #expect(listed.map(\.state) == [.late, .given, .late, .unplanned])
        #expect(try await world.list.execute(days: 1).map(\.meal) == [morning, late, twice])
        let today = try await world.list.today()
        #expect(today.map { $0.state(at: world.now) } == [.given, .late, .due])
        #expect(today.map(\.meal) == [morning, late, nil])
        world.clock.set(Fixtures.instant("2026-01-06T07:30:00+01:00"))
        #expect(try await world.list.today().map { $0.state(at: world.now) } == [.due, .upcoming, .upcoming], "a new day")
    }

    @Test("a day count out of range is refused with InvalidValue")
    func days() async throws {
        let world = World()
        await #expect(throws: InvalidValue.self) { try await world.list.execute(days: 0) }
    }

    @Test("on Amsterdam's spring-forward day today runs from 23:00 UTC to 22:00 UTC; the last meal is skipped at midnight")
    func springForward() async throws {
        let world = World(now: "2026-03-29T21:59:00Z")
        try await world.planMeals.execute(try Self.plan("02:30 a", "20:00 b"))
        _ = try await world.give.execute(planned: Self.time("02:30"), at: Fixtures.instant("2026-03-28T23:00:00Z"))
        let today = try await world.list.today()
        #expect(today.map(\.at) == [Fixtures.instant("2026-03-29T01:30:00Z"), Fixtures.instant("2026-03-29T18:00:00Z")])
        #expect(today.map { $0.state(at: world.now) } == [.given, .due])
        #expect(today.last?.state(at: Fixtures.instant("2026-03-29T22:00:00Z")) == .skipped)
    }
}
