import Foundation
import WellnessDomain

/// Weigh-ins, oldest first: all of them, or those of the last N local days (today included).
public struct ListWeights: Sendable {
    let weights: any WeightRepository
    let time: TimeContext

    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    public func execute(days: Int? = nil) async throws -> [WeightEntry] {
        guard let days else { return try await weights.entries(since: nil) }
        return try await weights.entries(since: try time.lastDays(days).lowerBound.start(in: time.calendar))
    }
}
