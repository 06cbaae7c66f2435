import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `GoalRepository`, `TipsCacheRepository` and `MoodRepository` adapter keeps.
@Suite("GoalRepository, TipsCacheRepository and MoodRepository contract")
struct GoalRepositoryContractTests {
    let day = Fixtures.day("2026-11-20")

    func goal(_ title: String, at iso: String, description: String? = nil) -> Goal {
        Goal(storedID: Goal.ID(), title: title, description: description, createdAt: Fixtures.instant(iso))
    }

    func tips(for goal: Goal.ID, at iso: String, _ texts: [(String, TipCategory, TipPriority)]) -> GoalTips {
        GoalTips(goalID: goal, generatedAt: Fixtures.instant(iso),
                 tips: texts.map { GoalTip(id: GoalTip.ID(), tip: $0.0, category: $0.1, priority: $0.2) })
    }

    // MARK: - Goals

    @Test("an empty store has no goals, no cached tips and no moods", arguments: AdapterKind.allCases)
    func empty(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        #expect(try await store.goals.all().isEmpty)
        #expect(try await store.goals.goal(Goal.ID()) == nil)
        #expect(try await store.goals.cached(for: Goal.ID()) == nil)
        #expect(try await store.moods.moods(on: day.adding(days: -30)...day.adding(days: 30)).isEmpty)
        #expect(try await store.goals.remove(Goal.ID()) == false)
    }

    @Test("goals come back exactly through another handle, oldest first", arguments: AdapterKind.allCases)
    func goalsRoundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let newest = goal("Sleep 7 hours", at: "2026-11-20T08:00:00.250Z")
        let oldest = goal("Exercise 3x per week", at: "2026-11-01T07:30:00Z",
                          description: "Run, gym or swim — \"anything\" 🏃\nsecond line")
        let middle = goal("Eat more vegetables", at: "2026-11-10T12:00:00.125Z")
        for goal in [newest, oldest, middle] { try await store.goals.save(goal) }

        let reopened = try kind.reopen(store).goals
        #expect(try await reopened.all() == [oldest, middle, newest])
        #expect(try await reopened.goal(oldest.id) == oldest)
        #expect(try await reopened.goal(newest.id)?.description == nil)
        #expect(try await reopened.goal(Goal.ID()) == nil)
    }

    @Test("saving a goal with an existing id replaces it", arguments: AdapterKind.allCases)
    func saveReplaces(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let original = goal("Exercise", at: "2026-11-01T07:30:00Z", description: "first")
        let other = goal("Sleep", at: "2026-11-02T07:30:00Z")
        try await store.goals.save(original)
        try await store.goals.save(other)
        let edited = Goal(storedID: original.id, title: "Exercise 3x per week", description: nil,
                          createdAt: original.createdAt)
        try await kind.reopen(store).goals.save(edited)

        let reopened = try kind.reopen(store).goals
        #expect(try await reopened.all() == [edited, other])
        #expect(try await reopened.goal(original.id) == edited)
    }

    @Test("remove reports whether the goal existed and deletes only that goal", arguments: AdapterKind.allCases)
    func remove(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let first = goal("Exercise", at: "2026-11-01T07:30:00Z")
        let second = goal("Sleep", at: "2026-11-02T07:30:00Z")
        try await store.goals.save(first)
        try await store.goals.save(second)

        #expect(try await kind.reopen(store).goals.remove(first.id) == true)
        #expect(try await kind.reopen(store).goals.remove(first.id) == false)
        #expect(try await kind.reopen(store).goals.remove(Goal.ID()) == false)
        let reopened = try kind.reopen(store).goals
        #expect(try await reopened.all() == [second])
        #expect(try await reopened.goal(first.id) == nil)
    }

    @Test("removing a goal removes its cached tips, and only its", arguments: AdapterKind.allCases)
    func removeDeletesCachedTips(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let first = goal("Exercise", at: "2026-11-01T07:30:00Z")
        let second = goal("Sleep", at: "2026-11-02T07:30:00Z")
        try await store.goals.save(first)
        try await store.goals.save(second)
        let firstTips = tips(for: first.id, at: "2026-11-20T09:00:00Z", [("Run", .exercise, .high)])
        let secondTips = tips(for: second.id, at: "2026-11-20T09:00:00Z", [("Rest", .sleep, .medium)])
        try await store.goals.store(firstTips)
        try await store.goals.store(secondTips)

        #expect(try await kind.reopen(store).goals.remove(first.id))
        let reopened = try kind.reopen(store).goals
        #expect(try await reopened.cached(for: first.id) == nil)
        #expect(try await reopened.cached(for: second.id) == secondTips)

        // A goal saved again under the removed id starts without tips.
        try await reopened.save(first)
        #expect(try await kind.reopen(store).goals.cached(for: first.id) == nil)
    }

    // MARK: - Tips cache

    @Test("cached tips come back exactly: ids, texts, order and generation time", arguments: AdapterKind.allCases)
    func tipsRoundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let owner = goal("Exercise", at: "2026-11-01T07:30:00Z")
        try await store.goals.save(owner)
        // Deliberately not sorted by priority: the cache keeps the order it was given.
        let cached = tips(for: owner.id, at: "2026-11-20T09:15:30.123Z", [
            ("Lay out your gear — \"tonight\" 🏃\nthen sleep", .exercise, .low),
            ("Schedule sessions", .habit, .high),
            ("Drink water", .nutrition, .medium),
            ("Be kind", .mindset, .high),
            ("Bed at 23:00", .sleep, .medium),
            ("Small step", .general, .low),
        ])
        try await store.goals.store(cached)

        let loaded = try #require(try await kind.reopen(store).goals.cached(for: owner.id))
        #expect(loaded == cached)
        #expect(loaded.tips.map(\.id) == cached.tips.map(\.id))
        #expect(loaded.generatedAt == Fixtures.instant("2026-11-20T09:15:30.123Z"))
        #expect(loaded.stale == false)
        #expect(loaded.goalID == owner.id)
    }

    @Test("storing tips again replaces the earlier tips of that goal only", arguments: AdapterKind.allCases)
    func tipsReplace(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let first = goal("Exercise", at: "2026-11-01T07:30:00Z")
        let second = goal("Sleep", at: "2026-11-02T07:30:00Z")
        try await store.goals.save(first)
        try await store.goals.save(second)
        let old = tips(for: first.id, at: "2026-11-19T09:00:00Z", [("Old one", .general, .low), ("Old two", .habit, .low)])
        let other = tips(for: second.id, at: "2026-11-19T10:00:00Z", [("Sleep tip", .sleep, .high)])
        try await store.goals.store(old)
        try await store.goals.store(other)

        let new = tips(for: first.id, at: "2026-11-20T09:00:00Z", [("New", .exercise, .high)])
        try await kind.reopen(store).goals.store(new)

        let reopened = try kind.reopen(store).goals
        #expect(try await reopened.cached(for: first.id) == new)
        #expect(try await reopened.cached(for: second.id) == other)
    }

    @Test("an empty tips list is cached as empty, not as missing", arguments: AdapterKind.allCases)
    func emptyTips(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let owner = goal("Exercise", at: "2026-11-01T07:30:00Z")
        try await store.goals.save(owner)
        let none = GoalTips(goalID: owner.id, generatedAt: Fixtures.instant("2026-11-20T09:00:00Z"), tips: [])
        try await store.goals.store(none)
        #expect(try await kind.reopen(store).goals.cached(for: owner.id) == none)
    }

    // MARK: - Moods

    @Test("a mood comes back exactly through another handle", arguments: AdapterKind.allCases)
    func moodRoundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let withNote = MoodEntry(storedDay: day, score: 4, note: "Good run — \"finally\" 😊\nsecond line")
        let withoutNote = MoodEntry(storedDay: day.adding(days: -1), score: 1, note: nil)
        try await store.moods.save(withNote)
        try await store.moods.save(withoutNote)
        let reopened = try kind.reopen(store).moods
        #expect(try await reopened.moods(on: day.adding(days: -1)...day) == [withoutNote, withNote])
    }

    @Test("one mood per day: saving again replaces the day's entry", arguments: AdapterKind.allCases)
    func moodOnePerDay(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await store.moods.save(MoodEntry(storedDay: day, score: 2, note: "meh"))
        try await store.moods.save(MoodEntry(storedDay: day.adding(days: 1), score: 5, note: nil))
        let replacement = MoodEntry(storedDay: day, score: 5, note: nil)
        try await kind.reopen(store).moods.save(replacement)

        let all = try await kind.reopen(store).moods.moods(on: day.adding(days: -1)...day.adding(days: 1))
        #expect(all.count == 2)
        #expect(all.first == replacement)
    }

    @Test("moods(on:) holds only the days in the range, oldest first", arguments: AdapterKind.allCases)
    func moodRangeAndOrder(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let offsets = [1, -2, 0, -5, 3, -3]
        for (index, offset) in offsets.enumerated() {
            try await store.moods.save(MoodEntry(storedDay: day.adding(days: offset), score: index % 5 + 1,
                                                 note: "day \(offset)"))
        }
        let reopened = try kind.reopen(store).moods
        let inRange = try await reopened.moods(on: day.adding(days: -3)...day.adding(days: 1))
        #expect(inRange.map(\.day) == [-3, -2, 0, 1].map { day.adding(days: $0) })
        #expect(inRange.map(\.note) == ["day -3", "day -2", "day 0", "day 1"])
        #expect(inRange.map(\.score) == [1, 2, 3, 1])
        #expect(try await reopened.moods(on: day...day).map(\.day) == [day])
        #expect(try await reopened.moods(on: day.adding(days: -1)...day.adding(days: -1)).isEmpty)
        // A range spanning a month and a year boundary compares days, not text.
        let newYear = Fixtures.day("2026-12-31")
        try await store.moods.save(MoodEntry(storedDay: newYear.adding(days: 1), score: 3, note: nil))
        try await store.moods.save(MoodEntry(storedDay: Fixtures.day("2027-10-01"), score: 3, note: nil))
        #expect(try await kind.reopen(store).moods.moods(on: newYear...newYear.adding(days: 1)).map(\.day)
                == [Fixtures.day("2027-01-01")])
    }
}
