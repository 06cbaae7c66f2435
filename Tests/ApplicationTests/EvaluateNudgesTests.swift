import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("EvaluateNudges")
struct EvaluateNudgesTests {
    let unusedDefaults: [Nudge] = [
        .disableUnused(module: .medications, daysSinceUse: 30),
        .disableUnused(module: .walks, daysSinceUse: 30),
        .disableUnused(module: .feeding, daysSinceUse: 30),
        .disableUnused(module: .documents, daysSinceUse: 30),
        .simplifyMode,
    ]

    @Test("a new user is not nudged on day one")
    func dayOne() async throws {
        let world = TestWorld()
        #expect(try await world.evaluateNudges.execute().isEmpty)
        // ... and evaluating created the first-run defaults.
        #expect(await world.settings.load() == ModuleSettings.defaults(at: world.now))
    }

    @Test("a new user who never uses the defaults is nudged after 30 days, not 29")
    func afterThirtyDays() async throws {
        let world = TestWorld()
        _ = try await world.evaluateNudges.execute()
        world.advance(days: 29)
        #expect(try await world.evaluateNudges.execute().isEmpty)
        world.advance(days: 1)
        #expect(try await world.evaluateNudges.execute() == unusedDefaults)
    }

    @Test("the 30 days are local calendar days, across the spring-forward, in a zone west of UTC")
    func calendarDaysWest() async throws {
        // First run at 23:30 on 1 March in Los Angeles (07:30Z on the 2nd).
        let world = TestWorld(now: "2026-03-01T23:30:00-08:00", zone: "America/Los_Angeles")
        _ = try await world.listModules.execute()
        // 00:10 on 31 March: 30 local days, though only 28 days 23h40m elapsed (DST began on 8 March).
        world.clock.set(Fixtures.instant("2026-03-31T00:10:00-07:00"))
        #expect(try await world.evaluateNudges.execute() == unusedDefaults)
    }

    @Test("a snoozed nudge is hidden for 30 days and returns when it still applies")
    func snoozeReturns() async throws {
        let world = TestWorld()
        _ = try await world.listModules.execute()
        world.advance(days: 30)
        try await world.dismissNudge.execute(.disable(.walks))
        #expect(try await world.evaluateNudges.execute().map(\.id)
                == [.disable(.medications), .disable(.feeding), .disable(.documents), .simplify])
        world.advance(days: 29)
        #expect(!(try await world.evaluateNudges.execute().map(\.id).contains(.disable(.walks))))
        world.advance(days: 1)
        #expect(try await world.evaluateNudges.execute().contains(.disableUnused(module: .walks, daysSinceUse: 60)))
    }

    @Test("a snoozed nudge does not return when the module was used in between")
    func snoozeThenUsed() async throws {
        let world = TestWorld()
        _ = try await world.listModules.execute()
        world.advance(days: 30)
        try await world.dismissNudge.execute(.disable(.walks))
        world.advance(days: 10)
        try await world.recordModuleUse.execute(.walks)
        world.advance(days: 20)
        let ids = try await world.evaluateNudges.execute().map(\.id)
        #expect(!ids.contains(.disable(.walks)))
        #expect(ids.contains(.disable(.medications)))
    }

    @Test("a snoozed simplify does not return when fewer than 3 modules are inactive by then")
    func simplifySnoozeNoLongerApplies() async throws {
        let world = TestWorld()
        _ = try await world.listModules.execute()
        world.advance(days: 30)
        try await world.dismissNudge.execute(.simplify)
        _ = try await world.setModulesEnabled.execute([.medications, .documents], enabled: false)
        world.advance(days: 30)
        #expect(try await world.evaluateNudges.execute() == [
            .disableUnused(module: .walks, daysSinceUse: 60),
            .disableUnused(module: .feeding, daysSinceUse: 60),
        ])
    }

    @Test("choosing no modules means no unused-module nudges")
    func noModules() async throws {
        let world = TestWorld()
        _ = try await world.setModulesEnabled.execute(TrackingModule.allCases, enabled: false)
        world.advance(days: 90)
        #expect(try await world.evaluateNudges.execute().isEmpty)
    }

    @Test("a young puppy without socialization gets the suggestion, after the other nudges")
    func puppySuggestion() async throws {
        let world = TestWorld(profile: DogProfile(storedName: "Bobbie", birthDate: Fixtures.day("2026-01-20")))
        let growingUp: [Nudge] = [.enableSuggestion(module: .socialization, reason: .socializationWindow),
                                  .enableSuggestion(module: .training, reason: .trainingWindow),
                                  .enableSuggestion(module: .milestones, reason: .milestonesWindow)]
        #expect(try await world.evaluateNudges.execute() == growingUp)
        world.advance(days: 30)
        // 10 weeks old now.
        #expect(try await world.evaluateNudges.execute() == unusedDefaults + growingUp)
        // 15 weeks 6 days old: still in the socialization window.
        world.clock.set(Fixtures.instant("2026-05-11T10:00:00+02:00"))
        #expect(try await world.evaluateNudges.execute().suffix(3) == growingUp[...])
        // 16 weeks old: the socialization window has closed; training's and milestones' have not.
        world.advance(days: 1)
        #expect(try await world.evaluateNudges.execute().filter { $0.kind == .enableSuggestion } == Array(growingUp.dropFirst()))
    }

    @Test("a grown dog with puppy modules on gets the phase review")
    func phaseReview() async throws {
        let world = TestWorld(profile: DogProfile(storedName: "Rex", birthDate: Fixtures.day("2018-05-01")))
        _ = try await world.setModulesEnabled.execute([.training], enabled: true)
        #expect(try await world.evaluateNudges.execute() == [.phaseTransition(from: .puppy, to: .senior)])
    }
}
