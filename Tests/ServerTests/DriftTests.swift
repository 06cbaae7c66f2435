import Foundation
import Testing
import WellnessComposition
import WellnessHTTP
import WellnessTestSupport
import WellnessWire

@Suite("Trends, insights and alerts over HTTP")
struct DriftTests {
    /// A day as bad as it gets: drift index 5.
    static func highDrift(_ date: String, contact: String? = nil) -> [String: Any] {
        TestServer.checkinFields(date, energy: 1, stress: 5, social: 1, contact: contact)
    }

    // MARK: - Trends

    @Test("7-day trends are open to Free and list the week's check-ins, oldest first")
    func sevenDayTrendsOnFree() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            _ = try await server.checkin(TestServer.checkinFields("2026-03-10", energy: 4, stress: 2, social: 3), token: token)
            _ = try await server.checkin(TestServer.checkinFields("2026-03-08", energy: 2, stress: 4, social: 2), token: token)
            _ = try await server.checkin(TestServer.checkinFields("2026-03-03", energy: 5, stress: 1, social: 5), token: token)

            let reply = try await server.get("/api/trends?days=7", token: token)
            #expect(reply.status == 200)
            let trends = try reply.decode(Wire.TrendsResponse.self)
            #expect(trends.days == 7)
            #expect(trends.points.map(\.day.description) == ["2026-03-08", "2026-03-10"])
            #expect(trends.points.map(\.driftIndex) == [4, 2.33])
            let point = try #require((try reply.object()["points"] as? [[String: Any]])?.first)
            #expect(Set(point.keys) == ["day", "energy", "stress", "social", "driftIndex"])

            let byDefault = try await server.get("/api/trends", token: token)
            #expect(byDefault.body == reply.body)
        }
    }

    @Test("30- and 90-day trends are 403 PRO_REQUIRED on Free", arguments: [(30, "trends_30d"), (90, "trends_90d")])
    func longTrendsNeedPro(days: Int, feature: String) async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.get("/api/trends?days=\(days)", token: token)
            #expect(reply.status == 403)
            #expect(reply.error?.code == "PRO_REQUIRED")
            #expect(reply.error?.message.contains(feature) == true)
        }
    }

    @Test("HTTPDriftRemote turns PRO_REQUIRED into DriftError.locked",
          arguments: [(30, FeatureKey.trends30d), (90, FeatureKey.trends90d)])
    func remoteSeesLocked(days: Int, feature: FeatureKey) async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            await #expect(throws: DriftError.locked(feature)) {
                try await HTTPDriftRemote(server.api(token: token)).trends(days: days)
            }
        }
    }

    @Test("a Pro account gets 30- and 90-day trends")
    func longTrendsOnPro() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("pro@example.org", tier: .pro)
            _ = try await server.checkin(TestServer.checkinFields("2026-03-10"), token: token)
            _ = try await server.checkin(TestServer.checkinFields("2026-02-20"), token: token)
            _ = try await server.checkin(TestServer.checkinFields("2025-12-15"), token: token)

            let thirty = try await server.get("/api/trends?days=30", token: token)
            #expect(thirty.status == 200)
            #expect(try thirty.decode(Wire.TrendsResponse.self).points.map(\.day.description) == ["2026-02-20", "2026-03-10"])
            let ninety = try await server.get("/api/trends?days=90", token: token).decode(Wire.TrendsResponse.self)
            #expect(ninety.days == 90)
            #expect(ninety.points.map(\.day.description) == ["2025-12-15", "2026-02-20", "2026-03-10"])

            let remote = try await HTTPDriftRemote(server.api(token: token)).trends(days: 30)
            #expect(remote.count == 2)
        }
    }

    @Test("trends for a length that does not exist are 400 VALIDATION_ERROR naming days",
          arguments: ["5", "0", "-7", "abc", "7.0", ""])
    func trendLengthValidated(days: String) async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("pro@example.org", tier: .pro)
            let reply = try await server.get("/api/trends?days=\(days)", token: token)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "VALIDATION_ERROR")
            #expect(reply.error?.message.contains("\"days\"") == true)
        }
    }

    // MARK: - Insights

    @Test("weekly insights have the API's shape, and requestId is the X-Request-Id header")
    func insightsShape() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            _ = try await server.checkin(Self.highDrift("2026-03-09"), token: token)
            _ = try await server.checkin(Self.highDrift("2026-03-10"), token: token)

            let reply = try await server.get("/api/insights/weekly", token: token)
            #expect(reply.status == 200)
            let object = try reply.object()
            // A Free account with suggestions withheld: the teaser is `locked`, not a suggestion.
            #expect(Set(object.keys) == ["weekStart", "weekEnd", "days", "summary", "highlights", "suggestions",
                                         "locked", "requestId", "timestamp"])
            #expect(object["locked"] as? [String: String] == ["feature": "weekly_detail"], "\(object)")
            #expect((object["suggestions"] as? [Any])?.isEmpty == true, "\(object)")
            let summary = try #require(object["summary"] as? [String: Any])
            #expect(Set(summary.keys) == ["checkinCount", "alertCount", "averages", "driftLevel", "hasEnoughData"])
            let averages = try #require(summary["averages"] as? [String: Any])
            #expect(Set(averages.keys) == ["energy", "stress", "social", "driftIndex"])

            let insights = try reply.decode(Wire.InsightsResponse.self)
            #expect(insights.insights.weekStart.description == "2026-03-04")
            #expect(insights.insights.weekEnd == TestServer.today)
            #expect(insights.insights.days == 7)
            #expect(insights.insights.summary.checkinCount == 2)
            #expect(insights.insights.summary.alertCount == 1)
            #expect(insights.insights.summary.driftLevel == .high)
            #expect(insights.insights.summary.hasEnoughData == false)
            #expect(insights.insights.summary.averages.driftIndex == 5)
            #expect(insights.insights.highlights.isEmpty)
            #expect(!insights.requestId.isEmpty)
            #expect(insights.requestId == reply.header("X-Request-Id"))
            #expect(object["timestamp"] as? String == "2026-03-10T10:00:00.000Z")
        }
    }

    @Test("every answer has its own X-Request-Id")
    func requestIDsDiffer() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let first = try await server.get("/api/insights/weekly", token: token).decode(Wire.InsightsResponse.self)
            let second = try await server.get("/api/insights/weekly", token: token).decode(Wire.InsightsResponse.self)
            #expect(first.requestId != second.requestId)
        }
    }

    @Test("insights without check-ins have null averages and no suggestions")
    func insightsWithoutData() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.get("/api/insights/weekly?days=7", token: token)
            let averages = try #require((try reply.object()["summary"] as? [String: Any])?["averages"] as? [String: Any])
            #expect(averages["energy"] is NSNull)
            #expect(averages["driftIndex"] is NSNull)
            let insights = try reply.decode(Wire.InsightsResponse.self).insights
            #expect(insights.summary.checkinCount == 0)
            #expect((try reply.object()["summary"] as? [String: Any])?["driftLevel"] is NSNull, "an explicit null")
            #expect(insights.summary.driftLevel == nil)
            #expect(insights.suggestions.isEmpty)
        }
    }

    @Test("suggestions are a teaser on Free and the detailed ones on Pro")
    func suggestionsGatedByTier() async throws {
        try await TestServer.withServer { server in
            let (_, free) = try await server.account("free@example.org")
            let (_, pro) = try await server.account("pro@example.org", tier: .pro)
            for token in [free, pro] {
                _ = try await server.checkin(Self.highDrift("2026-03-10", contact: "Sam"), token: token)
            }
            let freeInsights = try await HTTPDriftRemote(server.api(token: free)).weeklyInsights(days: 7)
            #expect(freeInsights.suggestions.isEmpty && freeInsights.locked == WeeklyInsights.Locked(feature: .weeklyDetail))
            let proInsights = try await HTTPDriftRemote(server.api(token: pro)).weeklyInsights(days: 7)
            #expect(proInsights.suggestions == [.easeStress, .restoreEnergy, .reconnect(contact: "Sam")])
        }
    }

    @Test("14-day insights cover two weeks")
    func fourteenDayInsights() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            _ = try await server.checkin(TestServer.checkinFields("2026-02-26"), token: token)
            _ = try await server.checkin(TestServer.checkinFields("2026-03-02"), token: token)
            let reply = try await server.get("/api/insights/weekly?days=14", token: token)
            #expect(reply.status == 200)
            let insights = try reply.decode(Wire.InsightsResponse.self).insights
            #expect(insights.days == 14)
            #expect(insights.weekStart.description == "2026-02-25")
            #expect(insights.summary.checkinCount == 2)

            let week = try await server.get("/api/insights/weekly?days=7", token: token).decode(Wire.InsightsResponse.self)
            #expect(week.insights.summary.checkinCount == 0)
        }
    }

    @Test("insights for a window that does not exist are 400 VALIDATION_ERROR", arguments: ["10", "30", "x"])
    func insightsWindowValidated(days: String) async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("pro@example.org", tier: .pro)
            let reply = try await server.get("/api/insights/weekly?days=\(days)", token: token)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "VALIDATION_ERROR")
            #expect(reply.error?.message.contains("\"days\"") == true)
        }
    }

    // MARK: - Alerts

    @Test("two consecutive high-drift days give one alert, on the second day")
    func alertsForConsecutiveHighDays() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            _ = try await server.checkin(Self.highDrift("2026-03-09"), token: token)
            _ = try await server.checkin(Self.highDrift("2026-03-10"), token: token)
            _ = try await server.checkin(Self.highDrift("2026-03-05"), token: token)

            let reply = try await server.get("/api/alerts", token: token)
            #expect(reply.status == 200)
            let alerts = try reply.decode(Wire.AlertsResponse.self)
            #expect(alerts.days == 14)
            #expect(alerts.alerts == [DriftAlert(day: TestServer.today, driftIndex: 5)])
            let alert = try #require((try reply.object()["alerts"] as? [[String: Any]])?.first)
            #expect(Set(alert.keys) == ["day", "driftIndex"])
        }
    }

    @Test("the day before the window counts as the first day's day before")
    func alertsLookBeforeTheWindow() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            _ = try await server.checkin(Self.highDrift("2026-03-09"), token: token)
            _ = try await server.checkin(Self.highDrift("2026-03-10"), token: token)
            let oneDay = try await server.get("/api/alerts?days=1", token: token).decode(Wire.AlertsResponse.self)
            #expect(oneDay.alerts.map(\.day) == [TestServer.today])
        }
    }

    @Test("no alert for a single high day or for high days with a gap")
    func noAlertWithoutConsecutiveDays() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            _ = try await server.checkin(Self.highDrift("2026-03-08"), token: token)
            _ = try await server.checkin(Self.highDrift("2026-03-10"), token: token)
            let alerts = try await server.get("/api/alerts?days=14", token: token).decode(Wire.AlertsResponse.self)
            #expect(alerts.alerts.isEmpty)
        }
    }

    @Test("alerts for a day count outside 1–90 are 400 VALIDATION_ERROR", arguments: ["0", "91", "two"])
    func alertDaysValidated(days: String) async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.get("/api/alerts?days=\(days)", token: token)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "VALIDATION_ERROR")
        }
    }
}
