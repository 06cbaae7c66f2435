import Hummingbird
import WellnessApplication
import WellnessDomain
import WellnessWire

/// The Drift reads: trends, weekly insights and alerts, each over the last `?days=` days.
extension APIServer {
    func addDriftRoutes(to api: RouterGroup<APIRequestContext>) {
        api.on(Wire.Route.trends) { request, context in
            let days = try Self.days(request, allowed: TrendLength.allCases.map(\.rawValue), default: 7)
            do {
                let points = try await workspace(try context.requireAccount()).trends.execute(days: days)
                return try Self.json(Wire.TrendsResponse(days: days, points: points))
            } catch DriftError.locked(let feature) {
                throw APIError.proRequired(feature)
            }
        }

        api.on(Wire.Route.weeklyInsights) { request, context in
            let days = try Self.days(request, allowed: InsightsWindow.allCases.map(\.rawValue), default: 7)
            let insights = try await workspace(try context.requireAccount()).weeklyInsights.execute(days: days)
            // Written directly (the same bytes as the encoder's): the busiest read of the API.
            let answer = Wire.InsightsResponse(insights: insights, requestId: context.requestID, timestamp: time.now())
            return Self.json(bytes: try answer.json())
        }

        api.on(Wire.Route.alerts) { request, context in
            let days = try Self.days(request, allowed: Array(DriftAlert.dayCounts), default: 14)
            let alerts = try await workspace(try context.requireAccount()).alerts.execute(days: days)
            return try Self.json(Wire.AlertsResponse(days: days, alerts: alerts))
        }
    }

    /// The `days` query parameter, one of `allowed`.
    static func days(_ request: Request, allowed: [Int], default value: Int) throws -> Int {
        guard let text = request.uri.queryParameters.get("days") else { return value }
        guard let days = Int(text), allowed.contains(days) else {
            let list = allowed.count > 5 ? "\(allowed.first!)–\(allowed.last!)" : allowed.map(String.init).joined(separator: ", ")
            throw APIError.validation("\"days\" must be \(list)")
        }
        return days
    }
}
