import Foundation
import WellnessDomain

/// Tips for a goal, highest priority first, from the cache when fresh (under 24 hours) and
/// from the tips service otherwise. A service failure falls back to the cache, marked stale
/// (except a refused session, which the person has to act on); with nothing cached, to the
/// `fallback` service (the rules behind an AI service), whose tips carry the failure in
/// ``GoalTips/fallback`` and are not cached, so the next call asks the service again. An empty
/// answer is never cached: it is ``GoalTipsError/noTipsAvailable(_:)``, or the cached tips,
/// marked stale, when there are.
public struct GetGoalTips: Sendable {
    let goals: any GoalRepository
    let moods: any MoodRepository
    let journals: any JournalRepository
    let cache: any TipsCacheRepository
    let service: any GoalTipsService
    let fallback: (any GoalTipsService)?
    let time: TimeContext

    /// How long cached tips are served without asking the service.
    public static let freshness: TimeInterval = 24 * 60 * 60
    /// How many days of moods and journals the service sees.
    public static let contextDays = 30

    /// A use case on `goals`, with `moods` and `journals` for the context, `cache`, `service` and, when it
    /// fails, `fallback`; now from `time`.
    public init(goals: any GoalRepository, moods: any MoodRepository, journals: any JournalRepository,
                cache: any TipsCacheRepository, service: any GoalTipsService,
                fallback: (any GoalTipsService)? = nil, time: TimeContext) {
        self.goals = goals
        self.moods = moods
        self.journals = journals
        self.cache = cache
        self.service = service
        self.fallback = fallback
        self.time = time
    }

    /// Tips for goal `id` by the type's rules; `refresh` asks the service even when cached tips are fresh.
    /// Throws `GoalTipsError`: `goalNotFound`, `contextBuildFailed`, `serviceFailed` or `noTipsAvailable`.
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
        let answer: TipsAnswer
        do {
            answer = try await service.tips(for: goal, context: context)
        } catch {
            guard error != .unauthorized else { throw GoalTipsError.serviceFailed(error) }
            if let cached = usable {
                return GoalTips(goalID: id, generatedAt: cached.generatedAt, tips: cached.tips, stale: true,
                                source: cached.source)
            }
            let instead = try await fallBack(from: error, goal: goal, context: context)
            return GoalTips(goalID: id, generatedAt: now, tips: GoalTip.sortedByPriority(instead.tips), source: instead.source,
                            fallback: error)
        }
        guard !answer.tips.isEmpty else {
            guard let cached = usable else { throw GoalTipsError.noTipsAvailable(id) }
            return GoalTips(goalID: id, generatedAt: cached.generatedAt, tips: cached.tips, stale: true, source: cached.source)
        }
        let tips = GoalTips(goalID: id, generatedAt: now, tips: GoalTip.sortedByPriority(answer.tips), source: answer.source)
        try await cache.store(tips)
        return tips
    }

    /// Tips for a goal straight from the service (or, when it fails, the fallback), highest
    /// priority first, with `context` (what a client sent) or else the one gathered here; nothing
    /// is cached. What a server answers.
    /// `language` is what the client asked for when it sent no context of its own.
    public func fresh(_ id: Goal.ID, context supplied: UserContext? = nil,
                      language: String? = nil) async throws -> (goal: Goal, answer: TipsAnswer) {
        guard let goal = try await goals.goal(id) else { throw GoalTipsError.goalNotFound(id) }
        let context: UserContext
        if let supplied { context = supplied } else { context = try await self.context(for: goal, language: language) }
        let answer: TipsAnswer
        do {
            answer = try await service.tips(for: goal, context: context)
        } catch {
            guard error != .unauthorized else { throw GoalTipsError.serviceFailed(error) }
            answer = try await fallBack(from: error, goal: goal, context: context)
        }
        return (goal, TipsAnswer(tips: GoalTip.sortedByPriority(answer.tips), source: answer.source))
    }

    /// The fallback's non-empty answer after the service failed with `error`; without a fallback,
    /// or when it fails or has nothing, the service's failure.
    private func fallBack(from error: GoalTipsServiceError, goal: Goal, context: UserContext) async throws(GoalTipsError) -> TipsAnswer {
        guard let fallback else { throw .serviceFailed(error) }
        do {
            let answer = try await fallback.tips(for: goal, context: context)
            if !answer.tips.isEmpty { return answer }
        } catch {
            // The service's failure is what the person needs to hear about, not the fallback's.
        }
        throw .serviceFailed(error)
    }

    /// Moods and journals of the last 30 days (today included) and the other goals.
    func context(for goal: Goal, language: String? = nil) async throws(GoalTipsError) -> UserContext {
        do {
            let window = try time.lastDays(Self.contextDays)
            return UserContext(moods: try await moods.moods(on: window),
                               journals: try await journals.journals(on: window),
                               otherGoals: try await goals.all().filter { $0.id != goal.id }, language: language)
        } catch {
            throw .contextBuildFailed(cause: (error as? any WellnessError)?.summary
                                        ?? (error as? any LocalizedError)?.errorDescription ?? "\(error)")
        }
    }
}
