import Foundation
import WellnessDomain

/// Daily points for 7, 30 or 90 days; 30 and 90 are Pro (``DriftError/locked(_:)`` on Free).
public struct GetTrends: Sendable {
    let checkins: any CheckinRepository
    let tier: any TierSource
    let time: TimeContext

    /// A use case on `checkins` and `tier`, with today from `time`.
    public init(checkins: any CheckinRepository, tier: any TierSource, time: TimeContext) {
        self.checkins = checkins
        self.tier = tier
        self.time = time
    }

    /// The daily points of the `days` days ending today. Throws `DriftWindowError` when `days` is not 7,
    /// 30 or 90, and `DriftError.locked` for 30 or 90 on Free.
    public func execute(days: Int = 7) async throws -> [TrendPoint] {
        let length = try TrendLength(days: days)
        if let locked = FeatureGate.lockedFeature(for: length, tier: try await tier.tier()) {
            throw DriftError.locked(locked)
        }
        let today = time.today()
        return Trends.points(today: today, length: length, checkins: try await checkins.checkins(on: length.range(endingOn: today)))
    }
}
