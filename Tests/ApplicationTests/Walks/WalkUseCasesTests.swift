import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// The walks use cases on in-memory repositories, at a fixed now in Amsterdam.
@Suite("Walks: add, plan, list")
struct WalkUseCasesTests {
    /// In-memory repositories with the walks use cases on them; now is Monday 5 January 2026,
    /// 13:00 in Amsterdam (12:00 UTC) unless said otherwise.
    struct World {
        let repositories = WellnessRepositories.inMemory()
        let clock: FixedWallClock
        let time: TimeContext

        init(now: String = "2026-01-05T13:00:00+01:00") {
            clock = FixedWallClock(Fixtures.instant(now))
            time = TimeContext(clock: clock, calendar: Fixtures.calendar("Europe/Amsterdam"))
        }

        var walks: any RecordRepository<WalkRecords> { repositories.records.repository(for: WalkRecords.self) }
        var plan: any RecordRepository<PlannedWalkRecords> { repositories.records.repository(for: PlannedWalkRecords.self) }
        var add: AddWalk { AddWalk(walks: walks, modules: repositories.moduleSettings, time: time) }
        var planWalks: PlanWalks { PlanWalks(plan: plan, modules: repositories.moduleSettings, time: time) }
        var list: ListWalks {
            ListWalks(walks: walks, plan: plan, health: repositories.health, modules: repositories.moduleSettings, time: time)
        }
        var now: Date { clock.now() }

        func switchWalks(on: Bool) async throws {
            _ = try await SetModulesEnabled(settings: repositories.moduleSettings, time: time).execute([.walks], enabled: on)
        }

        /// Imports `samples` as an Apple Health import would; returns how many were new.
        @discardableResult
        func importHealth(_ samples: [HealthSample]) async throws -> Int {
            try await repositories.health.importSamples { try $0.insert(samples) }
        }
    }

    static func local(_ text: String) -> Date { Fixtures.instant("2026-01-05T\(text):00+01:00") }
    static func times(_ texts: String...) throws -> [WallTime] { try texts.map { try WallTime.parse($0) } }

    static func workout(_ category: String, at start: Date, minutes: Double = 35, source: String = "Ann’s Watch")
        -> HealthSample {
        HealthSample(kind: .workout, source: source, start: start, end: start.addingTimeInterval(minutes * 60),
                     value: minutes, category: category)
    }

    // MARK: - AddWalk

    @Test("add records the walk and the walks module's use, now, in the module settings")
    func add() async throws {
        let world = World()
        let walk = try await world.add.execute(start: Self.local("08:15"), minutes: 40, kilometres: 3.2, note: " park ")
        #expect(walk.start == Self.local("08:15") && walk.minutes == 40 && walk.kilometres == 3.2 && walk.note == "park")
        #expect(try await world.walks.all() == [walk])
        let settings = try #require(try await world.repositories.moduleSettings.load())
        #expect(settings.entry(for: .walks).lastUsed == world.now)
        #expect(settings.entry(for: .feeding).lastUsed == nil, "only the walks module was used")
    }

    @Test("add without a start records one now")
    func addNow() async throws {
        let world = World()
        let walk = try await world.add.execute()
        #expect(walk.start == world.now && walk.minutes == nil && walk.kilometres == nil && walk.note == nil)
        #expect(try await world.walks.all().map(\.start) == [world.now])
    }

    @Test("a start in the future is refused with TimeProblem and nothing is saved")
    func future() async throws {
        let world = World()
        await #expect(throws: TimeProblem.self) {
            try await world.add.execute(start: world.now.addingTimeInterval(3600), minutes: 30)
        }
        #expect(try await world.walks.all().isEmpty)
        #expect(try await world.repositories.moduleSettings.load()?.entry(for: .walks).lastUsed == nil)
    }

    @Test("a walk breaking the rules is refused with WalkError and nothing is saved")
    func invalid() async throws {
        let world = World()
        await #expect(throws: WalkError.minutesOutOfRange(0)) { try await world.add.execute(minutes: 0) }
        await #expect(throws: WalkError.self) { try await world.add.execute(kilometres: .nan) }
        #expect(try await world.walks.all().isEmpty)
        #expect(try await world.repositories.moduleSettings.load()?.entry(for: .walks).lastUsed == nil)
    }

    @Test("the module off: add, plan, list and today throw ModuleOffError.off(.walks); nothing saved, lastUsed kept")
    func moduleOff() async throws {
        let world = World(now: "2026-01-05T09:00:00+01:00")
        try await world.add.execute(start: Self.local("08:00"), minutes: 20)
        let used = world.now
        world.clock.set(Self.local("13:00"))
        try await world.switchWalks(on: false)
        await #expect(throws: ModuleOffError.off(.walks)) { try await world.add.execute(minutes: 30) }
        await #expect(throws: ModuleOffError.off(.walks)) { try await world.planWalks.execute(try Self.times("07:30")) }
        await #expect(throws: ModuleOffError.off(.walks)) { try await world.list.execute() }
        await #expect(throws: ModuleOffError.off(.walks)) { try await world.list.today() }
        #expect(try await world.walks.all().map(\.start) == [Self.local("08:00")])
        #expect(try await world.plan.all().isEmpty)
        #expect(try await world.repositories.moduleSettings.load()?.entry(for: .walks).lastUsed == used)
        try await world.switchWalks(on: true)
        #expect(try await world.list.execute().map(\.start) == [Self.local("08:00")], "the walk was kept")
    }

    // MARK: - PlanWalks

    @Test("plan replaces the plan: 07:30 18:00, then 12:00, leaves only 12:00; no times clears it")
    func plan() async throws {
        let world = World()
        #expect(try await world.planWalks.execute(try Self.times("18:00", "07:30")) == (try Self.times("07:30", "18:00")))
        #expect(try await world.plan.all().map(\.time) == (try Self.times("07:30", "18:00")))
        try await world.planWalks.execute(try Self.times("12:00"))
        #expect(try await world.plan.all().map(\.time) == (try Self.times("12:00")))
        try await world.planWalks.execute(try Self.times("12:00", "19:00"))
        #expect(try await world.plan.all().map(\.time) == (try Self.times("12:00", "19:00")))
        #expect(try await world.planWalks.execute([]) == [])
        #expect(try await world.plan.all().isEmpty)
        #expect(try await world.repositories.moduleSettings.load()?.entry(for: .walks).lastUsed == world.now)
    }

    @Test("a time twice is refused and the plan before is kept")
    func planTwice() async throws {
        let world = World()
        try await world.planWalks.execute(try Self.times("07:30"))
        let twice = try Self.times("08:00", "8:00")
        await #expect(throws: WalkError.timePlannedTwice(twice[0])) { try await world.planWalks.execute(twice) }
        #expect(try await world.plan.all().map(\.time) == (try Self.times("07:30")))
    }

    // MARK: - ListWalks

    @Test("list holds the walks added and the walking workouts of the health data, oldest first; other workouts not")
    func listWithHealth() async throws {
        let world = World()
        let added = try await world.add.execute(start: Self.local("09:00"), minutes: 25, note: "canal")
        try await world.importHealth([Self.workout("Walking", at: Self.local("07:10")),
                                      Self.workout("Running", at: Self.local("07:40")),
                                      Self.workout("Walking", at: Self.local("11:00"), minutes: 0.4, source: "Phone"),
                                      HealthSample(kind: .steps, source: "Phone", start: Self.local("10:00"),
                                                   end: Self.local("10:30"), value: 3000)])
        let entries = try await world.list.execute()
        #expect(entries.map(\.start) == [Self.local("07:10"), Self.local("09:00"), Self.local("11:00")])
        #expect(entries.map(\.origin) == [.health(source: "Ann’s Watch"), .added(added.id), .health(source: "Phone")])
        #expect(entries.map(\.minutes) == [35, 25, nil], "under a minute is no minutes")
        #expect(entries[1].note == "canal" && entries[0].note == nil && entries[0].kilometres == nil)
    }

    @Test("a workout imported twice is listed once")
    func importTwice() async throws {
        let world = World()
        let sample = Self.workout("Walking", at: Self.local("07:10"))
        #expect(try await world.importHealth([sample]) == 1)
        #expect(try await world.importHealth([sample]) == 0)
        #expect(try await world.list.execute().map(\.start) == [Self.local("07:10")])
    }

    @Test("days: the window starts at local midnight of the first day and holds today")
    func daysWindow() async throws {
        let world = World()
        let starts = [Fixtures.instant("2026-01-03T23:59:59+01:00"), Fixtures.instant("2026-01-04T00:00:00+01:00"),
                      Fixtures.instant("2026-01-04T23:59:00+01:00"), Fixtures.instant("2026-01-05T00:00:00+01:00"),
                      Self.local("12:59")]
        for start in starts { try await world.add.execute(start: start) }
        #expect(try await world.list.execute(days: 1).map(\.start) == Array(starts.suffix(2)))
        #expect(try await world.list.execute(days: 2).map(\.start) == Array(starts.suffix(4)))
        #expect(try await world.list.execute(days: 3).map(\.start) == starts)
        try await world.importHealth([Self.workout("Walking", at: Fixtures.instant("2026-01-04T23:59:00+01:00")),
                                      Self.workout("Walking", at: Fixtures.instant("2026-01-05T00:00:00+01:00"))])
        #expect(try await world.list.execute(days: 1).count == 3, "two added, one workout of today")
        await #expect(throws: InvalidValue.self) { try await world.list.execute(days: 0) }
    }

    @Test("today: each planned walk walked, due, missed or to come, counting the health data's walks")
    func today() async throws {
        let world = World()
        #expect(try await world.list.today().isEmpty, "no plan")
        try await world.planWalks.execute(try Self.times("07:30", "12:30", "18:00", "21:00"))
        try await world.importHealth([Self.workout("Walking", at: Self.local("07:05"))])
        var today = try await world.list.today()
        #expect(today.map(\.time) == (try Self.times("07:30", "12:30", "18:00", "21:00")))
        #expect(today.map(\.walked) == [Self.local("07:05"), nil, nil, nil])
        #expect(today.map { $0.state(at: world.now) } == [.walked, .due, .upcoming, .upcoming])

        try await world.add.execute(start: Self.local("12:45"))
        world.clock.set(Self.local("20:30"))
        today = try await world.list.today()
        #expect(today.map { $0.state(at: world.now) } == [.walked, .walked, .missed, .upcoming])
        #expect(today.map(\.walked) == [Self.local("07:05"), Self.local("12:45"), nil, nil])
    }

    @Test("on Amsterdam's spring-forward day: today runs from 23:00 UTC to 22:00 UTC and 02:30 is planned at 03:30")
    func springForward() async throws {
        let world = World(now: "2026-03-29T21:30:00Z")
        let starts = [Fixtures.instant("2026-03-28T22:59:00Z"), Fixtures.instant("2026-03-28T23:00:00Z"),
                      Fixtures.instant("2026-03-29T00:45:00Z"), Fixtures.instant("2026-03-29T21:15:00Z")]
        for start in starts { try await world.add.execute(start: start) }
        #expect(try await world.list.execute(days: 1).map(\.start) == Array(starts.dropFirst()))
        try await world.planWalks.execute(try Self.times("02:30", "18:00"))
        let today = try await world.list.today()
        #expect(today.map(\.at) == [Fixtures.instant("2026-03-29T01:30:00Z"), Fixtures.instant("2026-03-29T16:00:00Z")])
        #expect(today.map(\.walked) == [Fixtures.instant("2026-03-29T00:45:00Z"), Fixtures.instant("2026-03-29T21:15:00Z")],
                "the 02:30 window opens an hour before 03:30 summer time, 01:30 winter time: after 00:00 local")
    }
}
