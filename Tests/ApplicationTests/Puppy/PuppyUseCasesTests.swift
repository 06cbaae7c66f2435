import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// Training, socialization and milestones on in-memory repositories, at a fixed now in Amsterdam:
/// each write records its module's use; each call of a module that is off is refused and changes nothing.
@Suite("Training, socialization and milestones: use cases")
struct PuppyUseCasesTests {
    /// Now is Monday 5 January 2026, 13:00 in Amsterdam.
    struct World {
        let repositories = WellnessRepositories.inMemory()
        let clock = FixedWallClock(Fixtures.instant("2026-01-05T13:00:00+01:00"))
        let time: TimeContext

        init() { time = TimeContext(clock: clock, calendar: Fixtures.calendar("Europe/Amsterdam")) }

        var now: Date { clock.now() }
        var training: any RecordRepository<TrainingRecords> { repositories.records.repository(for: TrainingRecords.self) }
        var exposures: any RecordRepository<SocializationRecords> {
            repositories.records.repository(for: SocializationRecords.self)
        }
        var milestones: any RecordRepository<MilestoneRecords> { repositories.records.repository(for: MilestoneRecords.self) }
        var logTraining: LogTraining { LogTraining(sessions: repositories.tracker(for: TrainingRecords.self), time: time) }
        var trainingProgress: GetTrainingProgress {
            GetTrainingProgress(sessions: training, modules: repositories.moduleSettings, time: time)
        }
        var logSocialization: LogSocialization {
            LogSocialization(exposures: repositories.tracker(for: SocializationRecords.self), time: time)
        }
        var socializationProgress: GetSocializationProgress {
            GetSocializationProgress(exposures: exposures, profiles: repositories.dogProfile,
                                     modules: repositories.moduleSettings, windowWeeks: 16, time: time)
        }
        var reach: ReachMilestone { ReachMilestone(milestones: repositories.tracker(for: MilestoneRecords.self), time: time) }
        var add: AddMilestone { AddMilestone(milestones: repositories.tracker(for: MilestoneRecords.self), time: time) }
        var list: ListMilestones { ListMilestones(milestones: milestones, modules: repositories.moduleSettings, time: time) }

        func switchOn(_ modules: [TrackingModule], at date: Date? = nil) async throws {
            let time = date.map { TimeContext(clock: FixedWallClock($0), calendar: self.time.calendar) } ?? self.time
            _ = try await SetModulesEnabled(settings: repositories.moduleSettings, time: time).execute(modules, enabled: true)
        }

        func lastUsed(_ module: TrackingModule) async throws -> Date? {
            try await repositories.moduleSettings.load()?.entry(for: module).lastUsed
        }
    }

    static func local(_ text: String) -> Date { Fixtures.instant("2026-01-05T\(text):00+01:00") }

    @Test("every command of a module that is off says so and changes nothing")
    func off() async throws {
        let world = World()
        await #expect(throws: ModuleOffError.off(.training)) { try await world.logTraining.execute(skill: "sit") }
        await #expect(throws: ModuleOffError.off(.training)) { try await world.trainingProgress.execute() }
        await #expect(throws: ModuleOffError.off(.socialization)) {
            try await world.logSocialization.execute("a cat", category: .animals, reaction: 4)
        }
        await #expect(throws: ModuleOffError.off(.socialization)) { try await world.socializationProgress.execute() }
        await #expect(throws: ModuleOffError.off(.milestones)) { try await world.reach.execute("house-trained") }
        await #expect(throws: ModuleOffError.off(.milestones)) { try await world.add.execute(title: "First swim") }
        await #expect(throws: ModuleOffError.off(.milestones)) { try await world.list.execute() }
        #expect(try await world.training.all().isEmpty)
        #expect(try await world.exposures.all().isEmpty)
        #expect(try await world.milestones.all().isEmpty)
        #expect(try await world.repositories.moduleSettings.load() == nil, "nothing was written, not even the settings")
    }

    @Test("logging training records the session and the training module's use, now")
    func training() async throws {
        let world = World()
        try await world.switchOn([.training], at: Fixtures.instant("2026-01-01T09:00:00Z"))
        let session = try await world.logTraining.execute(skill: " sit ", at: Self.local("08:00"), minutes: 10, score: 3)
        try await world.logTraining.execute(skill: "Sit", score: 5)
        #expect(session.skill == "sit" && session.at == Self.local("08:00"))
        #expect(try await world.lastUsed(.training) == world.now)
        let progress = try await world.trainingProgress.execute()
        #expect(progress.map(\.skill) == ["Sit"] && progress.first?.sessions == 2 && progress.first?.trend == .improving)
        await #expect(throws: TimeProblem.self) {
            try await world.logTraining.execute(skill: "sit", at: world.now.addingTimeInterval(3600))
        }
        await #expect(throws: TrainingError.scoreOutOfRange(6)) { try await world.logTraining.execute(skill: "sit", score: 6) }
        #expect(try await world.training.all().count == 2, "a refused session saves nothing")
    }

    @Test("logging socialization records the exposure and the module's use; progress reads the dog's window")
    func socialization() async throws {
        let world = World()
        try await world.switchOn([.socialization])
        try await world.logSocialization.execute("the vacuum cleaner", category: .sounds, reaction: 2, at: Self.local("09:00"))
        #expect(try await world.lastUsed(.socialization) == world.now)
        var progress = try await world.socializationProgress.execute()
        #expect(progress.window == nil && progress.categories.first { $0.category == .sounds }?.total == 1)

        _ = try await SetDogProfile(profiles: world.repositories.dogProfile, time: world.time)
            .execute(name: "Pip", birthDate: try #require(LocalDay("2025-11-17")))
        progress = try await world.socializationProgress.execute()
        #expect(progress.window?.upperBound == LocalDay("2026-03-08"))
        #expect(progress.daysLeft == 63)
        await #expect(throws: SocializationError.reactionOutOfRange(6)) {
            try await world.logSocialization.execute("x", category: .people, reaction: 6)
        }
        #expect(try await world.exposures.all().count == 1)
    }

    @Test("reaching a milestone and adding one's own record the module's use; an unknown id is refused, naming it")
    func milestones() async throws {
        let world = World()
        try await world.switchOn([.milestones])
        let reached = try await world.reach.execute("HOUSE-TRAINED", on: LocalDay("2026-01-02"))
        #expect(reached.builtIn == .houseTrained && reached.reached == LocalDay("2026-01-02"))
        #expect(try await world.lastUsed(.milestones) == world.now)
        let own = try await world.add.execute(title: "  First swim ")
        #expect(own.id == "first-swim" && own.ownTitle == "First swim" && own.reached == nil)
        await #expect(throws: MilestoneError.titleTaken("first-swim")) { try await world.add.execute(title: "FIRST SWIM") }
        try await world.reach.execute("first-swim")
        let list = try await world.list.execute()
        #expect(list.last?.id == "first-swim" && list.last?.reached == LocalDay("2026-01-05"))
        await #expect(throws: InvalidValue.self) { try await world.reach.execute("first-flight") }
        await #expect(throws: TimeProblem.self) { try await world.reach.execute("sits-on-cue", on: LocalDay("2026-01-06")) }
        #expect(try await world.milestones.all().count == 2)
    }
}
