import Foundation
import WellnessDomain

/// The weekly picture over 7 or 14 days ending today, with suggestions gated by the tier
/// (`weekly_detail`: on Free they become an upgrade teaser).
public struct ComputeWeeklyInsights: Sendable {
    let checkins: any CheckinRepository
    let tier: any TierSource
    let time: TimeContext

    /// A use case on `checkins` and `tier`, with today from `time`.
    public init(checkins: any CheckinRepository, tier: any TierSource, time: TimeContext) {
        self.checkins = checkins
        self.tier = tier
        self.time = time
    }

    /// The insights over the `days` days ending today, gated for the tier as the type describes; throws
    /// `DriftWindowError` when `days` is not 7 or 14.
    public func execute(days: Int = 7) async throws -> WeeklyInsights {
        let window = try InsightsWindow(days: days)
        let today = time.today()
        let stored = try await checkins.checkins(on: window.daysNeeded(endingOn: today), withTierFrom: tier)
        let insights = WeeklyInsightsCalculator.insights(today: today, window: window, checkins: stored.checkins)
        return insights.gated(for: stored.tier)
    }
}
