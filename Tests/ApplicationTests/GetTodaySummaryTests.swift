import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("GetTodaySummary")
struct GetTodaySummaryTests {
    @Test("a first run without a dog: the defaults, no dog, no nudges")
    func firstRun() async throws {
        let world = TestWorld()
        let summary = try await world.todaySummary.execute()
        #expect(summary.today == Fixtures.day("2026-03-01"))
        #expect(summary.enabledModules == [.medications, .walks, .feeding, .documents])
        #expect(summary.dog == nil)
        #expect(summary.nudges.isEmpty)
    }

    @Test("gathers modules, the dog and the visible nudges")
    func gathers() async throws {
        let profile = DogProfile(storedName: "Bobbie", birthDate: Fixtures.day("2026-01-20"))
        let world = TestWorld(profile: profile)
        _ = try await world.listModules.execute()
        world.advance(days: 30)
        try await world.dismissNudge.execute(.simplify)
        let summary = try await world.todaySummary.execute()
        #expect(summary.today == Fixtures.day("2026-03-31"))
        #expect(summary.dog == DogProfileStatus(profile: profile, today: Fixtures.day("2026-03-31")))
        #expect(summary.dog?.ageInWeeks == 10)
        #expect(summary.nudges == [
            .disableUnused(module: .medications, daysSinceUse: 30),
            .disableUnused(module: .walks, daysSinceUse: 30),
            .disableUnused(module: .feeding, daysSinceUse: 30),
            .disableUnused(module: .documents, daysSinceUse: 30),
            .enableSuggestion(module: .socialization, reason: .socializationWindow),
            .enableSuggestion(module: .training, reason: .trainingWindow),
            .enableSuggestion(module: .milestones, reason: .milestonesWindow),
        ])
        #expect(summary.nudges == (try await world.evaluateNudges.execute()))
    }

    @Test("today is the local date in the person's zone")
    func localToday() async throws {
        let tokyo = TestWorld(now: "2026-06-30T15:30:00Z", zone: "Asia/Tokyo")
        let la = TestWorld(now: "2026-06-30T15:30:00Z", zone: "America/Los_Angeles")
        #expect(try await tokyo.todaySummary.execute().today == Fixtures.day("2026-07-01"))
        #expect(try await la.todaySummary.execute().today == Fixtures.day("2026-06-30"))
    }

    @Test("a user who chose no modules sees none")
    func choseNone() async throws {
        let world = TestWorld()
        _ = try await world.setModulesEnabled.execute(TrackingModule.allCases, enabled: false)
        #expect(try await world.todaySummary.execute().enabledModules.isEmpty)
    }
}
