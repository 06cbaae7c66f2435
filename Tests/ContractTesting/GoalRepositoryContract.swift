import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `GoalRepository`, `TipsCacheRepository` and `MoodRepository` adapter
/// keeps: goals oldest first, replaced by id, removed with their cached tips; cached tips
/// exactly as generated, per goal; one mood per day, by day range.
public enum GoalRepositoryContract {
    typealias Case = ContractCase<GoalTipsRepositories>

    /// Every rule of the contract.
    public static let cases: [ContractCase<GoalTipsRepositories>] = [
        empty, goalsRoundTrip, saveReplaces, remove, removeDeletesCachedTips,
        tipsRoundTrip, tipsReplace, emptyTips, tipsSource, tipsAsGenerated,
        moodRoundTrip, moodOnePerDay, moodRangeAndOrder,
    ]

    static let day = Fixtures.day("2026-11-20")

    static func goal(_ title: String, at iso: String, description: String? = nil) -> Goal {
        Goal(storedID: Goal.ID(), title: title, description: description, createdAt: Fixtures.instant(iso))
    }

    static func tips(for goal: Goal.ID, at iso: String, _ texts: [(String, TipCategory, TipPriority)]) -> GoalTips {
        GoalTips(goalID: goal, generatedAt: Fixtures.instant(iso),
                 tips: texts.map { GoalTip(id: GoalTip.ID(), tip: $0.0, category: $0.1, priority: $0.2) })
    }

    // MARK: - Goals

    static let empty = Case("an empty store has no goals, no cached tips and no moods") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.goals.all().isEmpty)
        #expect(try await store.subject.goals.goal(Goal.ID()) == nil)
        #expect(try await store.subject.goals.cached(for: Goal.ID()) == nil)
        #expect(try await store.subject.moods.moods(on: day.adding(days: -30)...day.adding(days: 30)).isEmpty)
        #expect(try await store.subject.goals.remove(Goal.ID()) == false)
    }

    static let goalsRoundTrip = Case("goals come back exactly through another handle, oldest first") { factory in
        let store = try await factory.make()
        let newest = goal("Sleep 7 hours", at: "2026-11-20T08:00:00.250Z")
        let oldest = goal("Exercise 3x per week", at: "2026-11-01T07:30:00Z",
                          description: "Run, gym or swim — \"anything\" 🏃\nsecond line")
        let middle = goal("Eat more vegetables", at: "2026-11-10T12:00:00.125Z")
        for goal in [newest, oldest, middle] { try await store.subject.goals.save(goal) }

        let reopened = try await store.reopen().goals
        #expect(try await reopened.all() == [oldest, middle, newest])
        #expect(try await reopened.goal(oldest.id) == oldest)
        #expect(try await reopened.goal(newest.id)?.description == nil)
        #expect(try await reopened.goal(Goal.ID()) == nil)
    }

    static let saveReplaces = Case("saving a goal with an existing id replaces it") { factory in
        let store = try await factory.make()
        let original = goal("Exercise", at: "2026-11-01T07:30:00Z", description: "first")
        let other = goal("Sleep", at: "2026-11-02T07:30:00Z")
        try await store.subject.goals.save(original)
        try await store.subject.goals.save(other)
        let edited = Goal(storedID: original.id, title: "Exercise 3x per week", description: nil,
                          createdAt: original.createdAt)
        try await store.reopen().goals.save(edited)

        let reopened = try await store.reopen().goals
        #expect(try await reopened.all() == [edited, other])
        #expect(try await reopened.goal(original.id) == edited)
    }

    static let remove = Case("remove reports whether the goal existed and deletes only that goal") { factory in
        let store = try await factory.make()
        let first = goal("Exercise", at: "2026-11-01T07:30:00Z")
        let second = goal("Sleep", at: "2026-11-02T07:30:00Z")
        try await store.subject.goals.save(first)
        try await store.subject.goals.save(second)

        #expect(try await store.reopen().goals.remove(first.id) == true)
        #expect(try await store.reopen().goals.remove(first.id) == false)
        #expect(try await store.reopen().goals.remove(Goal.ID()) == false)
        let reopened = try await store.reopen().goals
        #expect(try await reopened.all() == [second])
        #expect(try await reopened.goal(first.id) == nil)
    }

    static let removeDeletesCachedTips = Case("removing a goal removes its cached tips, and only its") { factory in
        let store = try await factory.make()
        let first = goal("Exercise", at: "2026-11-01T07:30:00Z")
        let second = goal("Sleep", at: "2026-11-02T07:30:00Z")
        try await store.subject.goals.save(first)
        try await store.subject.goals.save(second)
        let firstTips = tips(for: first.id, at: "2026-11-20T09:00:00Z", [("Run", .exercise, .high)])
        let secondTips = tips(for: second.id, at: "2026-11-20T09:00:00Z", [("Rest", .sleep, .medium)])
        try await store.subject.goals.store(firstTips)
        try await store.subject.goals.store(secondTips)

        #expect(try await store.reopen().goals.remove(first.id))
        let reopened = try await store.reopen().goals
        #expect(try await reopened.cached(for: first.id) == nil)
        #expect(try await reopened.cached(for: second.id) == secondTips)

        // A goal saved again under the removed id starts without tips.
        try await reopened.save(first)
        #expect(try await store.reopen().goals.cached(for: first.id) == nil)
    }
}
