import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `InterventionLogRepository` adapter keeps: completions and decisions by
/// day range in time order, one decision per intervention and day, recorded decisions that
/// replace their catch-up completion but never a tracked one, and nothing lost to racing writers.
public enum InterventionLogRepositoryContract {
    typealias Case = ContractCase<any InterventionLogRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any InterventionLogRepository>] = [
        empty, completionsByRange, decisionReplaces, recordDecisionReplaces, trackedCompletionsKept, history,
        concurrentDecisions,
    ]

    static let day = Fixtures.day("2026-11-20")
    static let calendar = Fixtures.calendar()

    static func completion(_ id: Intervention.ID, _ day: LocalDay, hour: Int = 9, count: Int = 1,
                           source: InterventionCompletion.Source = .tracked) -> InterventionCompletion {
        InterventionCompletion(interventionID: id, day: day, timestamp: day.at(hour: hour, in: calendar), count: count,
                               source: source)
    }

    static func decision(_ id: Intervention.ID, _ day: LocalDay, _ status: InterventionDecision.Status,
                         count: Int = 1) -> InterventionDecision {
        InterventionDecision(interventionID: id, day: day, status: status, count: count,
                             updatedAt: Fixtures.instant("2026-11-21T08:00:00.125Z"))
    }

    // MARK: - Cases

    static let empty = Case("an empty log") { factory in
        let log = try await factory.make().subject
        #expect(try await log.completions(on: day...day).isEmpty)
        #expect(try await log.decisions(on: day...day).isEmpty)
        #expect(try await log.history(of: "morning_light") == InterventionHistory(completions: [], decisions: []))
    }

    static let completionsByRange = Case("completions come back exactly, by day range and in time order") { factory in
        let store = try await factory.make()
        let earlier = completion("morning_light", day.adding(days: -1), hour: 8)
        let late = completion("hydration_target", day, hour: 15, count: 3)
        let early = completion("morning_light", day, hour: 7)
        let outside = completion("morning_light", day.adding(days: 1))
        try await store.subject.append(completions: [late, outside, early, earlier], decisions: [])
        let log = try await store.reopen()
        #expect(try await log.completions(on: day...day) == [early, late])
        #expect(try await log.completions(on: day.adding(days: -1)...day) == [earlier, early, late])
    }

    static let decisionReplaces = Case("one decision per intervention and day: a later one replaces it") { factory in
        let store = try await factory.make()
        try await store.subject.append(completions: [], decisions: [decision("screens_off", day, .skipped, count: 0)])
        let second = decision("screens_off", day, .done, count: 1)
        try await store.subject.append(completions: [], decisions: [second])
        let other = decision("screens_off", day.adding(days: -1), .skipped, count: 0)
        try await store.subject.append(completions: [], decisions: [other])
        #expect(try await store.reopen().decisions(on: day.adding(days: -1)...day) == [other, second])
    }

    static let recordDecisionReplaces = Case(
        "recording done adds its completion; deciding again replaces decision and completion"
    ) { factory in
        let store = try await factory.make()
        let log = store.subject
        let catchUp = completion("hydration_target", day, hour: 12, count: 2, source: .catchUp)
        try await log.recordDecision(decision("hydration_target", day, .done, count: 2), completion: catchUp)
        #expect(try await log.completions(on: day...day) == [catchUp])

        let skipped = decision("hydration_target", day, .skipped, count: 0)
        try await log.recordDecision(skipped, completion: nil)
        let reopened = try await store.reopen()
        #expect(try await reopened.completions(on: day...day).isEmpty)
        #expect(try await reopened.decisions(on: day...day) == [skipped])
    }

    static let trackedCompletionsKept = Case(
        "recording a decision never removes a completion logged as it happened"
    ) { factory in
        let store = try await factory.make()
        let tracked = completion("hydration_target", day, hour: 10)
        try await store.subject.append(completions: [tracked], decisions: [])
        try await store.subject.recordDecision(decision("hydration_target", day, .skipped, count: 0), completion: nil)
        #expect(try await store.subject.completions(on: day...day) == [tracked])
    }

    static let history = Case("history holds one intervention's completions and decisions") { factory in
        let store = try await factory.make()
        let first = completion("morning_light", day.adding(days: -3))
        let second = completion("morning_light", day, hour: 8)
        let skipped = decision("morning_light", day.adding(days: -1), .skipped, count: 0)
        try await store.subject.append(
            completions: [second, completion("screens_off", day), first],
            decisions: [skipped, decision("screens_off", day, .done)])
        #expect(try await store.reopen().history(of: "morning_light")
                == InterventionHistory(completions: [first, second], decisions: [skipped]))
    }

    static let concurrentDecisions = Case("concurrent decisions from separate handles lose nothing") { factory in
        let store = try await factory.make()
        let ids: [Intervention.ID] = (0..<12).map { Intervention.ID("item_\($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in ids {
                let handle = try await store.reopen()
                let made = decision(id, day, .done)
                let logged = completion(id, day, hour: 12, source: .catchUp)
                group.addTask { try await handle.recordDecision(made, completion: logged) }
            }
            try await group.waitForAll()
        }
        #expect(try await store.subject.decisions(on: day...day).count == ids.count)
        #expect(try await store.subject.completions(on: day...day).count == ids.count)
    }
}
