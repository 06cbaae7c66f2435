import Foundation
import WellnessDomain

/// Tips for a goal, highest priority first, from the cache when fresh (under 24 hours) and
/// from the tips service otherwise; a service failure falls back to the cache, marked stale
/// (except a refused session, which the person has to act on). An empty answer is never cached:
/// it is ``GoalTipsError/noTipsAvailable(_:)``, or the cached tips, marked stale, when there are.
public struct GetGoalTips: Sendable {
    let goals: any GoalRepository
    let moods: any MoodRepository
    let journals: any JournalRepository
    let cache: any TipsCacheRepository
    let service: any GoalTipsService
    let time: TimeContext

    /// How long cached tips are served without asking the service.
    public static let freshness: TimeInterval = 24 * 60 * 60
    /// How many days of moods and journals the service sees.
    public static let contextDays = 30

    public init(goals: any GoalRepository, moods: any MoodRepository, journals: any JournalRepository,
                cache: any TipsCacheRepository, service: any GoalTipsService, time: TimeContext) {
        self.goals = goals
        self.moods = moods
        self.journals = journals
        self.cache = cache
        self.service = service
        self.time = time
    }

    public func execute(_ id: Goal.ID, refresh: Bool = false) async throws -> GoalTips {
        guard let goal = try await goals.goal(id) else { throw GoalTipsError.goalNotFound(id) }
        let now = time.now()
        let cached = try await cache.cached(for: id)
        // An empty list cached by an older version counts as nothing cached.
        let usable = cached.flatMap { $0.tips.isEmpty ? nil : $0 }
        if !refresh, let cached = usable, now.timeIntervalSince(cached.generatedAt) < Self.freshness {
            return cached
        }
        let context = try await context(for: goal)
        let answer: [GoalTip]
        do {
            answer = try await service.tips(for: goal, context: context)
        } catch {
            guard let cached = usable, error != .unauthorized else { throw GoalTipsError.serviceFailed(error) }
            return GoalTips(goalID: id, generatedAt: cached.generatedAt, tips: cached.tips, stale: true)
        }
        guard !answer.isEmpty else {
            guard let cached = usable else { throw GoalTipsError.noTipsAvailable(id) }
            return GoalTips(goalID: id, generatedAt: cached.generatedAt, tips: cached.tips, stale: true)
        }
        let tips = GoalTips(goalID: id, generatedAt: now, tips: GoalTip.sortedByPriority(answer))
        try await cache.store(tips)
        return tips
    }

    /// Tips for a goal straight from the service, highest priority first, with `context` (what
    /// a client sent) or else the one gathered here; nothing is cached. What a server answers.
    public func fresh(_ id: Goal.ID, context supplied: UserContext? = nil) async throws -> (goal: Goal, tips: [GoalTip]) {
        guard let goal = try await goals.goal(id) else { throw GoalTipsError.goalNotFound(id) }
        let context: UserContext
        if let supplied { context = supplied } else { context = try await self.context(for: goal) }
        do {
            return (goal, GoalTip.sortedByPriority(try await service.tips(for: goal, context: context)))
        } catch {
            throw GoalTipsError.serviceFailed(error)
        }
    }

    /// Moods and journals of the last 30 days (today included) and the other goals.
    func context(for goal: Goal) async throws(GoalTipsError) -> UserContext {
        do {
            let window = try time.lastDays(Self.contextDays)
            return UserContext(moods: try await moods.moods(on: window),
                               journals: try await journals.journals(on: window),
                               otherGoals: try await goals.all().filter { $0.id != goal.id })
        } catch {
            throw .contextBuildFailed(cause: (error as? any WellnessError)?.summary
                                        ?? (error as? any LocalizedError)?.errorDescription ?? "\(error)")
        }
    }
}
