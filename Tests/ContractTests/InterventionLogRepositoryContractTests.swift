import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `InterventionLogRepository` adapter keeps.
@Suite("InterventionLogRepository contract")
struct InterventionLogRepositoryContractTests {
    let day = Fixtures.day("2026-11-20")
    let calendar = Fixtures.calendar()

    func completion(_ id: Intervention.ID, _ day: LocalDay, hour: Int = 9, count: Int = 1,
                    source: InterventionCompletion.Source = .tracked) -> InterventionCompletion {
        InterventionCompletion(interventionID: id, day: day, timestamp: day.at(hour: hour, in: calendar), count: count,
                               source: source)
    }

    func decision(_ id: Intervention.ID, _ day: LocalDay, _ status: InterventionDecision.Status,
                  count: Int = 1) -> InterventionDecision {
        InterventionDecision(interventionID: id, day: day, status: status, count: count,
                             updatedAt: Fixtures.instant("2026-11-21T08:00:00.125Z"))
    }

    @Test("an empty log", arguments: AdapterKind.allCases)
    func empty(kind: AdapterKind) async throws {
        let log = try kind.makeStore().interventionLog
        #expect(try await log.completions(on: day...day).isEmpty)
        #expect(try await log.decisions(on: day...day).isEmpty)
        #expect(try await log.history(of: "morning_light") == InterventionHistory(completions: [], decisions: []))
    }

    @Test("completions come back exactly, by day range and in time order", arguments: AdapterKind.allCases)
    func completionsByRange(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let earlier = completion("morning_light", day.adding(days: -1), hour: 8)
        let late = completion("hydration_target", day, hour: 15, count: 3)
        let early = completion("morning_light", day, hour: 7)
        let outside = completion("morning_light", day.adding(days: 1))
        try await store.interventionLog.append(completions: [late, outside, early, earlier], decisions: [])
        let log = try kind.reopen(store).interventionLog
        #expect(try await log.completions(on: day...day) == [early, late])
        #expect(try await log.completions(on: day.adding(days: -1)...day) == [earlier, early, late])
    }

    @Test("one decision per intervention and day: a later one replaces it", arguments: AdapterKind.allCases)
    func decisionReplaces(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await store.interventionLog.append(completions: [], decisions: [decision("screens_off", day, .skipped, count: 0)])
        let second = decision("screens_off", day, .done, count: 1)
        try await store.interventionLog.append(completions: [], decisions: [second])
        let other = decision("screens_off", day.adding(days: -1), .skipped, count: 0)
        try await store.interventionLog.append(completions: [], decisions: [other])
        #expect(try await kind.reopen(store).interventionLog.decisions(on: day.adding(days: -1)...day) == [other, second])
    }

    @Test("recording done adds its completion; deciding again replaces decision and completion",
          arguments: AdapterKind.allCases)
    func recordDecisionReplaces(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let log = store.interventionLog
        let catchUp = completion("hydration_target", day, hour: 12, count: 2, source: .catchUp)
        try await log.recordDecision(decision("hydration_target", day, .done, count: 2), completion: catchUp)
        #expect(try await log.completions(on: day...day) == [catchUp])

        let skipped = decision("hydration_target", day, .skipped, count: 0)
        try await log.recordDecision(skipped, completion: nil)
        let reopened = try kind.reopen(store).interventionLog
        #expect(try await reopened.completions(on: day...day).isEmpty)
        #expect(try await reopened.decisions(on: day...day) == [skipped])
    }

    @Test("recording a decision never removes a completion logged as it happened", arguments: AdapterKind.allCases)
    func trackedCompletionsKept(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let tracked = completion("hydration_target", day, hour: 10)
        try await store.interventionLog.append(completions: [tracked], decisions: [])
        try await store.interventionLog.recordDecision(decision("hydration_target", day, .skipped, count: 0), completion: nil)
        #expect(try await store.interventionLog.completions(on: day...day) == [tracked])
    }

    @Test("history holds one intervention's completions and decisions", arguments: AdapterKind.allCases)
    func history(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let first = completion("morning_light", day.adding(days: -3))
        let second = completion("morning_light", day, hour: 8)
        let skipped = decision("morning_light", day.adding(days: -1), .skipped, count: 0)
        try await store.interventionLog.append(
            completions: [second, completion("screens_off", day), first],
            decisions: [skipped, decision("screens_off", day, .done)])
        #expect(try await kind.reopen(store).interventionLog.history(of: "morning_light")
                == InterventionHistory(completions: [first, second], decisions: [skipped]))
    }

    @Test("concurrent decisions from separate handles lose nothing", arguments: AdapterKind.allCases)
    func concurrentDecisions(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let ids: [Intervention.ID] = (0..<12).map { Intervention.ID("item_\($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in ids {
                let handle = try kind.reopen(store)
                let made = decision(id, day, .done)
                let logged = completion(id, day, hour: 12, source: .catchUp)
                group.addTask { try await handle.interventionLog.recordDecision(made, completion: logged) }
            }
            try await group.waitForAll()
        }
        #expect(try await store.interventionLog.decisions(on: day...day).count == ids.count)
        #expect(try await store.interventionLog.completions(on: day...day).count == ids.count)
    }
}
