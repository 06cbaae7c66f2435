import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// `GetGoalTips`: goal lookup, context building, sorting, the 24-hour cache, `refresh` and the
/// stale fallback when the tips service fails.
@Suite("GetGoalTips")
struct GetGoalTipsTests {
    // MARK: - Fakes

    /// Answers every call with the same tips (or fails, once told to), counting calls and
    /// remembering the contexts it was given.
    final class FakeTipsService: GoalTipsService, @unchecked Sendable {
        private let lock = NSLock()
        private var answer: [GoalTip]
        private var failure: GoalTipsServiceError?
        private var contexts: [UserContext] = []
        let source: TipSource

        init(answer: [GoalTip] = FakeTipsService.unsorted, failure: GoalTipsServiceError? = nil, source: TipSource = .ai) {
            self.answer = answer
            self.failure = failure
            self.source = source
        }

        var calls: Int { lock.withLock { contexts.count } }
        var lastContext: UserContext? { lock.withLock { contexts.last } }

        func fail(with error: GoalTipsServiceError?) { lock.withLock { failure = error } }
        func answer(with tips: [GoalTip]) { lock.withLock { answer = tips } }

        func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
            let (answer, failure) = lock.withLock { () -> ([GoalTip], GoalTipsServiceError?) in
                contexts.append(context)
                return (self.answer, self.failure)
            }
            if let failure { throw failure }
            return TipsAnswer(tips: answer, source: source)
        }

        static func tip(_ number: Int, _ priority: TipPriority, _ category: TipCategory = .general) -> GoalTip {
            GoalTip(id: GoalTip.ID(UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!),
                    tip: "tip \(number)", category: category, priority: priority)
        }

        /// Low, high, medium, low, high, medium: numbered in the order given.
        static let unsorted: [GoalTip] = [
            tip(1, .low), tip(2, .high, .exercise), tip(3, .medium, .sleep),
            tip(4, .low, .habit), tip(5, .high, .mindset), tip(6, .medium, .nutrition),
        ]
    }

    struct Broken: Error, LocalizedError {
        var errorDescription: String? { "disk on fire" }
    }

    /// Finds goals, but cannot list them.
    struct GoalsThatCannotBeListed: GoalRepository {
        let inner: any GoalRepository
        func all() async throws -> [Goal] { throw Broken() }
        func goal(_ id: Goal.ID) async throws -> Goal? { try await inner.goal(id) }
        func save(_ goal: Goal) async throws { try await inner.save(goal) }
        func remove(_ id: Goal.ID) async throws -> Bool { try await inner.remove(id) }
    }

    struct BrokenMoods: MoodRepository {
        func moods(on days: ClosedRange<LocalDay>) async throws -> [MoodEntry] { throw Broken() }
        func save(_ entry: MoodEntry) async throws { throw Broken() }
    }

    struct BrokenJournals: JournalRepository {
        func journal(on day: LocalDay) async throws -> DailyJournal? { throw Broken() }
        func journals(on days: ClosedRange<LocalDay>) async throws -> [DailyJournal] { throw Broken() }
        func update<Result: Sendable>(_ day: LocalDay, _ change: @Sendable (inout DailyJournal?) throws -> Result)
            async throws -> Result { throw Broken() }
    }

    // MARK: - Helpers

    let world = TestWorld()
    static let hour: TimeInterval = 60 * 60

    func addGoal(_ title: String = "Exercise 3x per week") async throws -> Goal {
        try await world.addGoal.execute(title: title)
    }

    func moveClock(by interval: TimeInterval) {
        world.clock.set(world.now.addingTimeInterval(interval))
    }

    // MARK: - Goal lookup

    @Test("an unknown goal is goalNotFound, and the service is not asked")
    func goalNotFound() async throws {
        let service = FakeTipsService()
        let missing = Goal.ID()
        await #expect(throws: GoalTipsError.goalNotFound(missing)) {
            try await world.getGoalTips(service: service).execute(missing)
        }
        #expect(service.calls == 0)
        let message = english(GoalTipsError.goalNotFound(missing))
        #expect(message == "goal \(missing) was not found", "how to list goals is the CLI's hint, not the core's")
    }

    // MARK: - Sorting and caching

    @Test("an unsorted answer comes back high → medium → low, keeping the service's order within a priority")
    func sortsUnsortedAnswer() async throws {
        let goal = try await addGoal()
        let result = try await world.getGoalTips(service: FakeTipsService()).execute(goal.id)
        #expect(result.tips.map(\.tip) == ["tip 2", "tip 5", "tip 3", "tip 6", "tip 1", "tip 4"])
        #expect(result.tips.map(\.priority) == [.high, .high, .medium, .medium, .low, .low])
        #expect(Set(result.tips.map(\.id)) == Set(FakeTipsService.unsorted.map(\.id)))
        #expect(result.goalID == goal.id)
        #expect(result.stale == false)
    }

    @Test("the result is cached, sorted, with generatedAt = now")
    func cachesResult() async throws {
        let goal = try await addGoal()
        let result = try await world.getGoalTips(service: FakeTipsService()).execute(goal.id)
        #expect(result.generatedAt == world.now)
        let cached = try #require(await world.goals.cached(for: goal.id))
        #expect(cached == result)
        #expect(cached.generatedAt == world.now)
        #expect(cached.tips.map(\.priority) == [.high, .high, .medium, .medium, .low, .low])
    }

    @Test("within 24 hours the cached tips come back without asking the service")
    func cacheHit() async throws {
        let goal = try await addGoal()
        let service = FakeTipsService()
        let useCase = world.getGoalTips(service: service)
        let first = try await useCase.execute(goal.id)
        #expect(service.calls == 1)

        service.answer(with: [FakeTipsService.tip(99, .high)])
        for age in [0, 1, Self.hour, 23 * Self.hour, GetGoalTips.freshness - 0.001] {
            world.clock.set(first.generatedAt.addingTimeInterval(age))
            #expect(try await useCase.execute(goal.id) == first, "at age \(age) s")
        }
        #expect(service.calls == 1, "every call was within 24 hours of generation")
        #expect(world.now.timeIntervalSince(first.generatedAt) < GetGoalTips.freshness)
    }

    @Test("at exactly 24 hours, and after, the service is asked again", arguments: [0.0, 1.0, 3600.0, 7 * 86_400.0])
    func cacheExpiry(extra: TimeInterval) async throws {
        let goal = try await addGoal()
        let service = FakeTipsService()
        let useCase = world.getGoalTips(service: service)
        let first = try await useCase.execute(goal.id)

        service.answer(with: [FakeTipsService.tip(7, .low), FakeTipsService.tip(8, .high)])
        moveClock(by: GetGoalTips.freshness + extra)
        let second = try await useCase.execute(goal.id)
        #expect(service.calls == 2)
        #expect(second.generatedAt == world.now)
        #expect(second.generatedAt != first.generatedAt)
        #expect(second.tips.map(\.tip) == ["tip 8", "tip 7"])
        #expect(await world.goals.cached(for: goal.id) == second)
    }

    @Test("refresh asks the service even when the cache is fresh, and replaces the cache")
    func refresh() async throws {
        let goal = try await addGoal()
        let service = FakeTipsService()
        let useCase = world.getGoalTips(service: service)
        _ = try await useCase.execute(goal.id)

        service.answer(with: [FakeTipsService.tip(42, .medium)])
        moveClock(by: 60)
        let refreshed = try await useCase.execute(goal.id, refresh: true)
        #expect(service.calls == 2)
        #expect(refreshed.tips.map(\.tip) == ["tip 42"])
        #expect(refreshed.generatedAt == world.now)
        #expect(await world.goals.cached(for: goal.id) == refreshed)
        // Without refresh, the new cache is served.
        #expect(try await useCase.execute(goal.id) == refreshed)
        #expect(service.calls == 2)
    }

    @Test("caches are per goal")
    func cachePerGoal() async throws {
        let exercise = try await addGoal("Exercise")
        let sleep = try await addGoal("Sleep")
        let service = FakeTipsService()
        let useCase = world.getGoalTips(service: service)
        _ = try await useCase.execute(exercise.id)
        let second = try await useCase.execute(sleep.id)
        #expect(service.calls == 2)
        #expect(second.goalID == sleep.id)
        #expect(await world.goals.cached(for: sleep.id)?.goalID == sleep.id)
    }

    // MARK: - Service failure

    @Test("when the service fails and tips are cached, the cached tips come back stale and the cache is unchanged",
          arguments: [GoalTipsServiceError.unavailable("offline"), .invalidResponse("garbage"),
                      .rateLimited(retryAfter: 30)])
    func staleFallback(error: GoalTipsServiceError) async throws {
        let goal = try await addGoal()
        let service = FakeTipsService()
        let useCase = world.getGoalTips(service: service)
        let fresh = try await useCase.execute(goal.id)

        service.fail(with: error)
        moveClock(by: 2 * GetGoalTips.freshness)
        let stale = try await useCase.execute(goal.id)
        #expect(service.calls == 2)
        #expect(stale.stale == true)
        #expect(stale.tips == fresh.tips)
        #expect(stale.generatedAt == fresh.generatedAt)
        #expect(stale.goalID == goal.id)
        #expect(await world.goals.cached(for: goal.id) == fresh, "the cache is neither replaced nor marked stale")

        // A forced refresh falls back the same way.
        let forced = try await useCase.execute(goal.id, refresh: true)
        #expect(forced == stale)
        #expect(service.calls == 3)

        // Once the service is back, fresh tips replace the cache.
        service.fail(with: nil)
        let recovered = try await useCase.execute(goal.id)
        #expect(recovered.stale == false)
        #expect(recovered.generatedAt == world.now)
        #expect(await world.goals.cached(for: goal.id) == recovered)
    }

    @Test("when the service fails without a cache, serviceFailed surfaces with an actionable message",
          arguments: [GoalTipsServiceError.unavailable("offline"), .invalidResponse("garbage"),
                      .rateLimited(retryAfter: 30), .rateLimited(retryAfter: nil)])
    func serviceFailedWithoutCache(error: GoalTipsServiceError) async throws {
        let goal = try await addGoal()
        let service = FakeTipsService(failure: error)
        let thrown = await #expect(throws: GoalTipsError.self) {
            try await world.getGoalTips(service: service).execute(goal.id)
        }
        #expect(thrown == .serviceFailed(error))
        let message = english(thrown)
        #expect(message.contains(english(error)), "the cause is named: \(message)")
        #expect(message.contains("Try again later"), "says what to do: \(message)")
        #expect(await world.goals.cached(for: goal.id) == nil, "nothing is cached")
    }

    // MARK: - Falling back to the rules

    static let rulesTips = [FakeTipsService.tip(11, .medium, .habit), FakeTipsService.tip(12, .high, .sleep),
                            FakeTipsService.tip(13, .low)]

    @Test("when the service fails with nothing cached, the fallback answers, marked with its source and the failure, and nothing is cached",
          arguments: [GoalTipsServiceError.unavailable("no answer within 20 s"), .invalidResponse("prose"),
                      .rateLimited(retryAfter: 90), .remoteNotAllowed(destination: "https://api.example.com")])
    func fallsBackToRules(error: GoalTipsServiceError) async throws {
        let goal = try await addGoal()
        let service = FakeTipsService(failure: error)
        let rules = FakeTipsService(answer: Self.rulesTips, source: .rules)
        let useCase = world.getGoalTips(service: service, fallback: rules)

        let tips = try await useCase.execute(goal.id)
        #expect(tips.source == .rules)
        #expect(tips.fallback == error)
        #expect(tips.stale == false)
        #expect(tips.tips.map(\.tip) == ["tip 12", "tip 11", "tip 13"], "sorted like any answer")
        #expect(rules.lastContext == service.lastContext, "the rules see the same context")
        #expect(await world.goals.cached(for: goal.id) == nil, "fallback tips are not cached")

        // The next call asks the service again, and its answer is cached as AI tips.
        service.fail(with: nil)
        let recovered = try await useCase.execute(goal.id)
        #expect(service.calls == 2)
        #expect(recovered.source == .ai && recovered.fallback == nil)
        #expect(await world.goals.cached(for: goal.id)?.source == .ai)
    }

    @Test("cached tips win over the fallback: a failure with tips cached serves them stale, with their source")
    func cacheBeforeFallback() async throws {
        let goal = try await addGoal()
        let service = FakeTipsService()
        let rules = FakeTipsService(answer: Self.rulesTips, source: .rules)
        let useCase = world.getGoalTips(service: service, fallback: rules)
        let fresh = try await useCase.execute(goal.id)
        #expect(fresh.source == .ai)

        service.fail(with: .unavailable("down"))
        let stale = try await useCase.execute(goal.id, refresh: true)
        #expect(stale.stale && stale.source == .ai && stale.tips == fresh.tips)
        #expect(rules.calls == 0)
    }

    @Test("a refused session is not hidden by the fallback; a failing fallback reports the service's failure")
    func fallbackLimits() async throws {
        let goal = try await addGoal()
        let rules = FakeTipsService(answer: Self.rulesTips, source: .rules)
        await #expect(throws: GoalTipsError.serviceFailed(.unauthorized)) {
            try await world.getGoalTips(service: FakeTipsService(failure: .unauthorized), fallback: rules).execute(goal.id)
        }
        #expect(rules.calls == 0)

        let broken = FakeTipsService(failure: .invalidResponse("rules broke"), source: .rules)
        await #expect(throws: GoalTipsError.serviceFailed(.unavailable("down"))) {
            try await world.getGoalTips(service: FakeTipsService(failure: .unavailable("down")), fallback: broken)
                .execute(goal.id)
        }
        let empty = FakeTipsService(answer: [], source: .rules)
        await #expect(throws: GoalTipsError.serviceFailed(.unavailable("down"))) {
            try await world.getGoalTips(service: FakeTipsService(failure: .unavailable("down")), fallback: empty)
                .execute(goal.id)
        }
    }

    @Test("fresh (the server's call) falls back too, and passes the source on")
    func freshFallsBack() async throws {
        let goal = try await addGoal()
        let rules = FakeTipsService(answer: Self.rulesTips, source: .rules)
        let ai = try await world.getGoalTips(service: FakeTipsService(), fallback: rules).fresh(goal.id, language: "nl")
        #expect(ai.answer.source == .ai)
        #expect(ai.answer.tips.first?.priority == .high)
        let fallen = try await world.getGoalTips(service: FakeTipsService(failure: .unavailable("down")), fallback: rules)
            .fresh(goal.id, language: "nl")
        #expect(fallen.answer.source == .rules)
        #expect(fallen.answer.tips.map(\.tip) == ["tip 12", "tip 11", "tip 13"])
        #expect(rules.lastContext?.language == "nl", "the language asked for reaches the service")
    }

    // MARK: - No tips

    @Test("an empty answer is noTipsAvailable, nothing is cached, and the next call asks the service again")
    func noTipsAvailable() async throws {
        let goal = try await addGoal()
        let service = FakeTipsService(answer: [])
        let useCase = world.getGoalTips(service: service)
        await #expect(throws: GoalTipsError.noTipsAvailable(goal.id)) { try await useCase.execute(goal.id) }
        #expect(await world.goals.cached(for: goal.id) == nil, "an empty answer is not cached")
        await #expect(throws: GoalTipsError.noTipsAvailable(goal.id)) { try await useCase.execute(goal.id) }
        #expect(service.calls == 2, "nothing was cached, so the service is asked again")
        service.answer(with: FakeTipsService.unsorted)
        let tips = try await useCase.execute(goal.id)
        #expect(tips.tips.count == 6 && !tips.stale)
    }

    @Test("an empty answer keeps the tips cached before: served stale, the cache unchanged")
    func emptyAnswerKeepsCache() async throws {
        let goal = try await addGoal()
        let service = FakeTipsService()
        let useCase = world.getGoalTips(service: service)
        let fresh = try await useCase.execute(goal.id)
        service.answer(with: [])
        let forced = try await useCase.execute(goal.id, refresh: true)
        #expect(forced.stale && forced.tips == fresh.tips && forced.generatedAt == fresh.generatedAt)
        #expect(await world.goals.cached(for: goal.id) == fresh)
        #expect(service.calls == 2)
    }

    @Test("an empty list in the cache (stored by an older version) is not served as fresh tips")
    func emptyCacheIgnored() async throws {
        let goal = try await addGoal()
        await world.goals.store(GoalTips(goalID: goal.id, generatedAt: world.now, tips: []))
        let service = FakeTipsService()
        let tips = try await world.getGoalTips(service: service).execute(goal.id)
        #expect(service.calls == 1 && tips.tips.count == 6 && !tips.stale)
    }

    // MARK: - Context

    @Test("a repository failure while building the context is contextBuildFailed carrying the cause",
          arguments: ["goals", "moods", "journals"])
    func contextBuildFailed(broken: String) async throws {
        let goal = try await addGoal()
        let service = FakeTipsService()
        let useCase = switch broken {
        case "goals": world.getGoalTips(service: service, goals: GoalsThatCannotBeListed(inner: world.goals))
        case "moods": world.getGoalTips(service: service, moods: BrokenMoods())
        default: world.getGoalTips(service: service, journals: BrokenJournals())
        }
        let thrown = await #expect(throws: GoalTipsError.self) { try await useCase.execute(goal.id) }
        #expect(thrown == .contextBuildFailed(cause: "disk on fire"))
        #expect(english(thrown).contains("disk on fire") == true)
        #expect(service.calls == 0)
    }

    @Test("a repository failure with tips cached but expired still fails with contextBuildFailed")
    func contextBuildFailedWithExpiredCache() async throws {
        let goal = try await addGoal()
        let service = FakeTipsService()
        _ = try await world.getGoalTips(service: service).execute(goal.id)
        moveClock(by: GetGoalTips.freshness)
        await #expect(throws: GoalTipsError.contextBuildFailed(cause: "disk on fire")) {
            try await world.getGoalTips(service: service, moods: BrokenMoods()).execute(goal.id)
        }
        // A fresh cache is served without building a context at all.
        _ = try await world.getGoalTips(service: service).execute(goal.id)
        #expect(try await world.getGoalTips(service: service, moods: BrokenMoods()).execute(goal.id).stale == false)
    }

    @Test("the context holds exactly the last 30 days of moods and journals, oldest first, and the other goals")
    func contextWindow() async throws {
        let goal = try await addGoal("Exercise")
        world.clock.set(world.now.addingTimeInterval(1))
        let other = try await addGoal("Sleep")
        world.clock.set(world.now.addingTimeInterval(1))
        let third = try await addGoal("Eat well")
        let today = world.time.today()
        #expect(today == Fixtures.day("2026-03-01"))

        for back in [30, 29, 15, 1, 0, 31, 60] {
            let day = today.adding(days: -back)
            _ = try await world.logMood.execute(score: back % 5 + 1, note: "back \(back)", day: day)
            try await world.journals.update(day) { stored in
                stored = DailyJournal(day: day, notes: "back \(back)", tags: ["stress"])
            }
        }
        // A future day is outside the window too.
        let tomorrow = today.adding(days: 1)
        try await world.moods.save(MoodEntry(day: tomorrow, score: 5))
        try await world.journals.update(tomorrow) { stored in stored = DailyJournal(day: tomorrow) }

        let service = FakeTipsService()
        _ = try await world.getGoalTips(service: service).execute(goal.id)
        let context = try #require(service.lastContext)
        let expected = [29, 15, 1, 0].map { today.adding(days: -$0) }
        #expect(context.moods.map(\.day) == expected, "day 30 back is excluded, day 29 back included")
        #expect(context.moods.map(\.note) == ["back 29", "back 15", "back 1", "back 0"])
        #expect(context.journals.map(\.day) == expected)
        #expect(context.journals.map(\.notes) == ["back 29", "back 15", "back 1", "back 0"])
        #expect(context.otherGoals == [other, third], "every goal but the one asked about, oldest first")
        #expect(GetGoalTips.contextDays == 30)
    }

    @Test("the context of the only goal has no other goals and no history when nothing was logged")
    func emptyContext() async throws {
        let goal = try await addGoal()
        let service = FakeTipsService()
        _ = try await world.getGoalTips(service: service).execute(goal.id)
        #expect(service.lastContext == UserContext(moods: [], journals: [], otherGoals: []))
    }
}
