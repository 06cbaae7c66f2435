import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("GetInterventionHistory")
struct GetInterventionHistoryTests {
    @Test("an unknown id with nothing logged is refused, listing the catalog")
    func unknown() async throws {
        let world = TestWorld()
        await #expect(throws: InvalidValue(kind: .intervention, value: "retired",
                                           valid: TestWorld.sampleCatalog.map(\.id.rawValue))) {
            try await world.interventionHistory.execute("retired")
        }
    }

    @Test("an id outside the catalog with logged entries shows them", arguments: [true, false])
    func retired(asCompletion: Bool) async throws {
        let world = TestWorld()
        let day = Fixtures.day("2026-02-20")
        let completion = InterventionCompletion(interventionID: "retired", day: day,
                                                timestamp: Fixtures.instant("2026-02-20T09:00:00+01:00"), count: 1,
                                                source: .tracked)
        let decision = InterventionDecision(interventionID: "retired", day: day, status: .skipped, count: 0,
                                            updatedAt: Fixtures.instant("2026-02-21T09:00:00+01:00"))
        await world.log.append(completions: asCompletion ? [completion] : [],
                                   decisions: asCompletion ? [] : [decision])
        let history = try await world.interventionHistory.execute("retired")
        #expect(history == InterventionHistory(completions: asCompletion ? [completion] : [],
                                               decisions: asCompletion ? [] : [decision]))
    }

    @Test("a catalog id with nothing logged has an empty history")
    func empty() async throws {
        let world = TestWorld()
        #expect(try await world.interventionHistory.execute("morning_light")
            == InterventionHistory(completions: [], decisions: []))
    }

    @Test("the history holds that id's completions (oldest first) and decisions (by day) only")
    func onlyThatID() async throws {
        let world = TestWorld()
        let later = try await world.completeIntervention.execute("hydration_morning", count: 2)
        let earlier = try await world.completeIntervention.execute(
            "hydration_morning", at: Fixtures.instant("2026-02-26T08:00:00+01:00"))
        try await world.completeIntervention.execute("morning_light")
        let second = try await world.recordDecision.execute("hydration_morning", day: Fixtures.day("2026-02-28"),
                                                            status: .done, count: 3)
        let first = try await world.recordDecision.execute("hydration_morning", day: Fixtures.day("2026-02-27"),
                                                           status: .skipped)
        let history = try await world.interventionHistory.execute("hydration_morning")
        #expect(history.decisions == [first, second])
        #expect(history.completions.map(\.timestamp) == [
            earlier.timestamp, Fixtures.instant("2026-02-28T12:00:00+01:00"), later.timestamp,
        ])
        #expect(history.completions.map(\.source) == [.tracked, .catchUp, .tracked])
        #expect(history.completions.map(\.count) == [1, 3, 2])
    }
}
