import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Tips cache

extension GoalRepositoryContract {
    static let tipsRoundTrip = Case("cached tips come back exactly: ids, texts, order and generation time") { factory in
        let store = try await factory.make()
        let owner = goal("Exercise", at: "2026-11-01T07:30:00Z")
        try await store.subject.goals.save(owner)
        // Deliberately not sorted by priority: the cache keeps the order it was given.
        let cached = tips(for: owner.id, at: "2026-11-20T09:15:30.123Z", [
            ("Lay out your gear — \"tonight\" 🏃\nthen sleep", .exercise, .low),
            ("Schedule sessions", .habit, .high),
            ("Drink water", .nutrition, .medium),
            ("Be kind", .mindset, .high),
            ("Bed at 23:00", .sleep, .medium),
            ("Small step", .general, .low),
        ])
        try await store.subject.goals.store(cached)

        let loaded = try #require(try await store.reopen().goals.cached(for: owner.id))
        #expect(loaded == cached)
        #expect(loaded.tips.map(\.id) == cached.tips.map(\.id))
        #expect(loaded.generatedAt == Fixtures.instant("2026-11-20T09:15:30.123Z"))
        #expect(loaded.stale == false)
        #expect(loaded.goalID == owner.id)
    }

    static let tipsReplace = Case("storing tips again replaces the earlier tips of that goal only") { factory in
        let store = try await factory.make()
        let first = goal("Exercise", at: "2026-11-01T07:30:00Z")
        let second = goal("Sleep", at: "2026-11-02T07:30:00Z")
        try await store.subject.goals.save(first)
        try await store.subject.goals.save(second)
        let old = tips(for: first.id, at: "2026-11-19T09:00:00Z", [("Old one", .general, .low), ("Old two", .habit, .low)])
        let other = tips(for: second.id, at: "2026-11-19T10:00:00Z", [("Sleep tip", .sleep, .high)])
        try await store.subject.goals.store(old)
        try await store.subject.goals.store(other)

        let new = tips(for: first.id, at: "2026-11-20T09:00:00Z", [("New", .exercise, .high)])
        try await store.reopen().goals.store(new)

        let reopened = try await store.reopen().goals
        #expect(try await reopened.cached(for: first.id) == new)
        #expect(try await reopened.cached(for: second.id) == other)
    }

    static let emptyTips = Case("an empty tips list is cached as empty, not as missing") { factory in
        let store = try await factory.make()
        let owner = goal("Exercise", at: "2026-11-01T07:30:00Z")
        try await store.subject.goals.save(owner)
        let none = GoalTips(goalID: owner.id, generatedAt: Fixtures.instant("2026-11-20T09:00:00Z"), tips: [])
        try await store.subject.goals.store(none)
        #expect(try await store.reopen().goals.cached(for: owner.id) == none)
    }

    static let tipsSource = Case("cached tips keep who made them, a newer version's source included") { factory in
        let store = try await factory.make()
        let owner = goal("Exercise", at: "2026-11-01T07:30:00Z")
        try await store.subject.goals.save(owner)
        for source in [TipSource.ai, .rules, TipSource(rawValue: "ensemble")] {
            let cached = GoalTips(goalID: owner.id, generatedAt: Fixtures.instant("2026-11-20T09:00:00Z"),
                                  tips: [GoalTip(tip: "Walk", category: .exercise, priority: .high)], source: source)
            try await store.subject.goals.store(cached)
            let loaded = try #require(try await store.reopen().goals.cached(for: owner.id))
            #expect(loaded.source == source)
            #expect(loaded.fallback == nil)
        }
    }

    static let tipsAsGenerated = Case("the cache keeps tips as generated, never how a set was served: stored stale or with a fallback, they come back without either") { factory in
        let store = try await factory.make()
        let owner = goal("Exercise", at: "2026-11-01T07:30:00Z")
        try await store.subject.goals.save(owner)
        let generated = GoalTips(goalID: owner.id, generatedAt: Fixtures.instant("2026-11-20T09:00:00Z"),
                                 tips: [GoalTip(tip: "Walk", category: .exercise, priority: .high)], source: .ai)
        let served = GoalTips(goalID: owner.id, generatedAt: generated.generatedAt, tips: generated.tips, stale: true,
                              source: .ai, fallback: .unavailable("offline"))
        try await store.subject.goals.store(served)
        #expect(try await store.subject.goals.cached(for: owner.id) == generated)
        #expect(try await store.reopen().goals.cached(for: owner.id) == generated)
    }
}
