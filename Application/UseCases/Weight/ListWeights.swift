import Foundation
import WellnessDomain

/// Weigh-ins, oldest first: all of them, or those of the last N local days (today included).
public struct ListWeights: Sendable {
    let weights: any WeightRepository
    let time: TimeContext

    /// A use case on `weights`, with today and the calendar from `time`.
    public init(weights: any WeightRepository, time: TimeContext) {
        self.weights = weights
        self.time = time
    }

    /// The weigh-ins as a list shows them: with their short ids (``ShortIDs``) among every
    /// stored weigh-in, not only the listed ones, so that ``RemoveWeight`` finds exactly the
    /// entry whose short id a person types back.
    public func listing(days: Int? = nil) async throws -> WeightListing {
        let entries = try await execute(days: days)
        let all = days == nil ? entries : try await execute()
        return WeightListing(entries: entries, shortIDs: ShortIDs(of: all.map(\.id)))
    }

    /// The weigh-ins of the last `days` local days (every one when `nil`), oldest first; throws
    /// `InvalidValue` when `days` is not in `LocalDay.dayCounts`.
    public func execute(days: Int? = nil) async throws -> [WeightEntry] {
        guard let days else { return try await weights.entries(since: nil) }
        return try await weights.entries(since: try time.lastDays(days).lowerBound.start(in: time.calendar))
    }
}

/// Weigh-ins with the short ids a list shows for them.
public struct WeightListing: Sendable {
    /// The weigh-ins listed, oldest first.
    public let entries: [WeightEntry]
    /// Short ids that tell apart every stored weigh-in, not only the listed ones.
    public let shortIDs: ShortIDs

    /// The short id of `entry`.
    public func shortID(_ entry: WeightEntry) -> String { shortIDs.shortID(entry.id) }
}
