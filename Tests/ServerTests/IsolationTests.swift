import Foundation
import GRDB
import NIOHTTP1
import Testing
import WellnessComposition
import WellnessTestSupport
import WellnessWire

@Suite("Accounts are isolated")
struct IsolationTests {
    @Test("one account's check-ins are never visible to another, and each has its own day")
    func checkinsAreIsolated() async throws {
        try await TestServer.withServer { server in
            let (_, ann) = try await server.account("ann@example.org")
            let (_, bob) = try await server.account("bob@example.org")
            #expect(try await server.checkin(DriftTests.highDrift("2026-03-09"), token: ann).status == 201)
            #expect(try await server.checkin(DriftTests.highDrift("2026-03-10"), token: ann).status == 201)

            let bobToday = try await server.get("/api/checkins/today", token: bob).decode(Wire.TodayResponse.self)
            #expect(bobToday.checkin == nil)
            let bobTrends = try await server.get("/api/trends", token: bob).decode(Wire.TrendsResponse.self)
            #expect(bobTrends.points.isEmpty)
            let bobAlerts = try await server.get("/api/alerts", token: bob).decode(Wire.AlertsResponse.self)
            #expect(bobAlerts.alerts.isEmpty)
            let bobInsights = try await server.get("/api/insights/weekly", token: bob).decode(Wire.InsightsResponse.self)
            #expect(bobInsights.insights.summary.checkinCount == 0)

            // Bob's own check-in for the same day is his first, not a duplicate of Ann's.
            let bobs = try await server.checkin(TestServer.checkinFields(energy: 5), token: bob)
            #expect(bobs.status == 201)
            let annToday = try await server.get("/api/checkins/today", token: ann).decode(Wire.TodayResponse.self)
            #expect(annToday.checkin?.energy == 1)
        }
    }

    @Test("a corrupt row in one account's store is a generic 500 for that account's requests; every other account is served")
    func corruptStoreIsolated() async throws {
        try await TestServer.withServer(store: .sqlite) { server in
            let (ann, annToken) = try await server.account("ann@example.org")
            let (_, bobToken) = try await server.account("bob@example.org")
            #expect(try await server.checkin(TestServer.checkinFields(contact: "Sam"), token: annToken).status == 201)
            #expect(try await server.checkin(TestServer.checkinFields(energy: 5), token: bobToken).status == 201)
            // As another tool could: the table's own CHECKs refuse it.
            let file = server.host.dataDirectory(of: ann.id).appendingPathComponent("wellness.sqlite")
            try await DatabaseQueue(path: file.path).writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
                try db.execute(sql: "UPDATE checkin SET keyContact = X'ff'")
            }

            for _ in 0..<2 {
                for path in ["/api/checkins/today", "/api/trends"] {
                    let broken = try await server.get(path, token: annToken)
                    #expect(broken.status == 500, "\(path): \(broken)")
                    #expect(broken.error?.code == "INTERNAL_ERROR", "\(path): \(broken)")
                    for secret in ["keyContact", "checkin", "sqlite", file.path, "corrupt"] {
                        #expect(!broken.text.contains(secret), "\(path) does not show \(secret): \(broken)")
                    }
                    let fine = try await server.get("/api/checkins/today", token: bobToken)
                    #expect(fine.status == 200, "\(fine)")
                    #expect(try fine.decode(Wire.TodayResponse.self).checkin?.energy == 5)
                }
            }
            // What does not read the corrupt row still answers for Ann, and new accounts start.
            #expect(try await server.get("/api/v1/goals", token: annToken).status == 200)
            let (_, cyToken) = try await server.account("cy@example.org")
            #expect(try await server.checkin(TestServer.checkinFields(), token: cyToken).status == 201)
        }
    }

    @Test("one account's goals are never listed for another, nor are its tips reachable")
    func goalsAreIsolated() async throws {
        try await TestServer.withServer { server in
            let (_, ann) = try await server.account("ann@example.org")
            let (_, bob) = try await server.account("bob@example.org")
            let annGoal = try await GoalTipsTests.addGoal(server, token: ann, title: "Exercise 3x per week")

            let bobGoals = try await server.get("/api/v1/goals", token: bob).decode(GoalTipsTests.GoalsEnvelope.self)
            #expect(bobGoals.data.goals.isEmpty)
            let bobTips = try await server.post("/api/v1/goals/\(annGoal)/tips", token: bob,
                                                json: ["goal_title": "Exercise 3x per week"])
            #expect(bobTips.status == 404)
            #expect(bobTips.error?.code == "GOAL_NOT_FOUND")

            // The same id is free in Bob's own store.
            let bobCopy = try await server.post("/api/v1/goals", token: bob, json: ["id": annGoal, "title": "Mine"])
            #expect(bobCopy.status == 201)
            let annGoals = try await server.get("/api/v1/goals", token: ann).decode(GoalTipsTests.GoalsEnvelope.self)
            #expect(annGoals.data.goals.map(\.title) == ["Exercise 3x per week"])
        }
    }

    @Test("a tier belongs to its account")
    func tiersAreIsolated() async throws {
        try await TestServer.withServer { server in
            let (_, free) = try await server.account("free@example.org")
            let (_, pro) = try await server.account("pro@example.org", tier: .pro)
            #expect(try await server.get("/api/trends?days=30", token: pro).status == 200)
            #expect(try await server.get("/api/trends?days=30", token: free).status == 403)
        }
    }

    @Test("logging one account out leaves the other's session alone")
    func logoutIsPerAccount() async throws {
        try await TestServer.withServer { server in
            let (_, ann) = try await server.account("ann@example.org")
            let (_, bob) = try await server.account("bob@example.org")
            #expect(try await server.request(.POST, "/api/auth/logout", token: ann).status == 204)
            #expect(try await server.get("/api/auth/session", token: ann).status == 401)
            let session = try await server.get("/api/auth/session", token: bob).decode(Wire.SessionResponse.self)
            #expect(session.account.email == "bob@example.org")
        }
    }
}
