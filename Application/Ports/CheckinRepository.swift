import Foundation
import WellnessDomain

/// Stores check-ins, at most one per local day.
public protocol CheckinRepository: Sendable {
    /// The check-ins whose day is in `days`, by day.
    func checkins(on days: ClosedRange<LocalDay>) async throws -> [Checkin]

    /// Saves `checkin` unless its day already has one, or replacing it when `replacing` is
    /// true, in one atomic step; returns whether it was saved.
    func save(_ checkin: Checkin, replacing: Bool) async throws -> Bool
}
