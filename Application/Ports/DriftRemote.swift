import Foundation
import WellnessDomain

/// The server's read endpoints for Drift. Failures are ``ApiFailure``s; a Pro length on the
/// Free tier is ``DriftError/locked(_:)``.
public protocol DriftRemote: Sendable {
    func weeklyInsights(days: Int) async throws -> WeeklyInsights
    func trends(days: Int) async throws -> [TrendPoint]
    func today() async throws -> Checkin?
    /// `GET /api/alerts?days=N`, in any order.
    func alerts(days: Int) async throws -> [DriftAlert]
}
