import Foundation
import WellnessDomain

/// The server's read endpoints for Drift. Failures are ``ApiFailure``s; a Pro length on the
/// Free tier is ``DriftError/locked(_:)``.
public protocol DriftRemote: Sendable {
    /// `GET /api/insights/weekly?days=N`: the picture of the last 7 or 14 days.
    func weeklyInsights(days: Int) async throws -> WeeklyInsights
    /// `GET /api/trends?days=N`: a point per day of the last 7, 30 or 90 days.
    func trends(days: Int) async throws -> [TrendPoint]
    /// `GET /api/checkins/today`: today's check-in on the server; `nil` when there is none.
    func today() async throws -> Checkin?
    /// `GET /api/alerts?days=N`, in any order.
    func alerts(days: Int) async throws -> [DriftAlert]
}
