import Foundation
import WellnessDomain

/// Stores check-ins, at most one per local day.
public protocol CheckinRepository: Sendable {
    /// The check-ins whose day is in `days`, by day.
    func checkins(on days: ClosedRange<LocalDay>) async throws -> [Checkin]

    /// Saves `checkin` unless its day already has one, or replacing it when `replacing` is
    /// true, in one atomic step; returns whether it was saved.
    func save(_ checkin: Checkin, replacing: Bool) async throws -> Bool

    /// The check-ins whose day is in `days`, by day, and the tier `tier` gives: in one read
    /// when this repository's store also keeps that tier (the SQLite store does), else one
    /// after the other (the default).
    func checkins(on days: ClosedRange<LocalDay>, withTierFrom tier: any TierSource) async throws
        -> (checkins: [Checkin], tier: Tier)
}

extension CheckinRepository {
    /// Reads `checkins(on:)`, then `tier.tier()`, one after the other.
    public func checkins(on days: ClosedRange<LocalDay>, withTierFrom tier: any TierSource) async throws
        -> (checkins: [Checkin], tier: Tier) {
        (try await checkins(on: days), try await tier.tier())
    }
}
