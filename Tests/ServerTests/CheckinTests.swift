import Foundation
import NIOHTTP1
import Testing
import WellnessComposition
import WellnessServerHost
import WellnessHTTP
import WellnessTestSupport
import WellnessWire

@Suite("Check-ins over HTTP")
struct CheckinTests {
    @Test("a check-in is 201 and echoes the stored check-in")
    func checkinIsCreated() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.checkin(TestServer.checkinFields(energy: 4, stress: 2, social: 5,
                                                                          contact: "  Sam  "), token: token)
            #expect(reply.status == 201)
            #expect(reply.header("Idempotent-Replayed") == nil)
            let body = try reply.decode(Wire.CheckinBody.self)
            #expect(body.date == TestServer.today)
            let ratings: [Int] = [body.energy, body.stress, body.social]
            #expect(ratings == [4, 2, 5])
            #expect(body.keyContact == "Sam")
            #expect(Set(try reply.object().keys) == ["date", "energy", "stress", "social", "key_contact"])
        }
    }

    @Test("PUT /api/checkins/{date} replaces the day's check-in (200), replays its first answer, and refuses a contradicting date")
    func replace() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            #expect(try await server.checkin(TestServer.checkinFields(energy: 4), token: token).status == 201)
            func put(_ fields: [String: Any], key: String, date: String = "2026-03-10") async throws -> Reply {
                try await server.request(.PUT, "/api/checkins/\(date)", token: token,
                                         headers: [(Wire.idempotencyKeyHeader, key), ("Content-Type", "application/json")],
                                         body: TestServer.data(fields))
            }
            let key = UUID().uuidString
            var fields = TestServer.checkinFields(energy: 1, stress: 5, social: 1)
            fields.removeValue(forKey: "date")
            let replaced = try await put(fields, key: key)
            #expect(replaced.status == 200, "\(replaced)")
            #expect(try replaced.decode(Wire.CheckinBody.self).energy == 1)
            let today = try await server.get("/api/checkins/today", token: token).decode(Wire.TodayResponse.self)
            #expect(today.checkin?.energy == 1 && today.checkin?.stress == 5, "the server holds the new values")

            let replay = try await put(fields, key: key)
            #expect(replay.status == 200 && replay.header("Idempotent-Replayed") == "true", "\(replay)")
            var other = fields
            other["energy"] = 3
            #expect(try await put(other, key: key).status == 422, "the key was used for another check-in")
            let contradiction = try await put(TestServer.checkinFields("2026-03-09"), key: UUID().uuidString)
            #expect(contradiction.status == 400 && contradiction.error?.message.contains("date") == true, "\(contradiction)")
            #expect(try await put(fields, key: UUID().uuidString, date: "2026-02-30").status == 400)
            let fresh = try await put(fields, key: UUID().uuidString, date: "2026-03-08")
            #expect(fresh.status == 200, "replacing a day without a check-in creates it: \(fresh)")
        }
    }

    @Test("HTTPCheckinAPI replaces with PUT: the server then holds the new values")
    func replaceThroughTheClient() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let api = HTTPCheckinAPI(server.api(token: token))
            let first = try Checkin(day: TestServer.today, energy: 4, stress: 2, social: 4)
            let second = try Checkin(day: TestServer.today, energy: 2, stress: 4, social: 2)
            #expect(try await api.submit(first, idempotencyKey: UUID().uuidString, replacing: false) == .accepted)
            #expect(try await api.submit(second, idempotencyKey: UUID().uuidString, replacing: false) == .duplicate)
            #expect(try await api.submit(second, idempotencyKey: UUID().uuidString, replacing: true) == .accepted)
            let today = try await HTTPDriftRemote(server.api(token: token)).today()
            #expect(today == second)
        }
    }

    @Test("a check-in without a key contact answers key_contact null")
    func keyContactNull() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.checkin(TestServer.checkinFields(), token: token)
            #expect(reply.status == 201)
            let object = try reply.object()
            #expect(object["key_contact"] is NSNull)
        }
    }

    @Test("today's check-in is null before one is made and the check-in after")
    func todayReadsBack() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let before = try await server.get("/api/checkins/today", token: token)
            #expect(before.status == 200)
            let empty = try before.object()
            #expect(empty["date"] as? String == "2026-03-10")
            #expect(empty["checkin"] is NSNull)

            _ = try await server.checkin(TestServer.checkinFields("2026-03-09"), token: token)
            let yesterdayOnly = try await server.get("/api/checkins/today", token: token).decode(Wire.TodayResponse.self)
            #expect(yesterdayOnly.checkin == nil)

            _ = try await server.checkin(TestServer.checkinFields(energy: 2), token: token)
            let after = try await server.get("/api/checkins/today", token: token).decode(Wire.TodayResponse.self)
            #expect(after.date == TestServer.today)
            #expect(after.checkin?.energy == 2)
        }
    }

    @Test("a second check-in for the same day under a new key is 409 DUPLICATE_CHECKIN and keeps the first")
    func secondCheckinSameDay() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            #expect(try await server.checkin(TestServer.checkinFields(energy: 4), token: token).status == 201)
            let second = try await server.checkin(TestServer.checkinFields(energy: 1), token: token)
            #expect(second.status == 409)
            #expect(second.error?.code == "DUPLICATE_CHECKIN")
            #expect(second.error?.message.contains("2026-03-10") == true)
            let today = try await server.get("/api/checkins/today", token: token).decode(Wire.TodayResponse.self)
            #expect(today.checkin?.energy == 4)
        }
    }

    @Test("HTTPCheckinAPI maps a second check-in for the day to .duplicate")
    func adapterSeesDuplicate() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let api = HTTPCheckinAPI(server.api(token: token))
            let first = try Checkin(day: TestServer.today, energy: 4, stress: 2, social: 3)
            let second = try Checkin(day: TestServer.today, energy: 1, stress: 5, social: 1)
            #expect(try await api.submit(first, idempotencyKey: UUID().uuidString, replacing: false) == .accepted)
            #expect(try await api.submit(second, idempotencyKey: UUID().uuidString, replacing: false) == .duplicate)
        }
    }

    @Test("the same key with the same body replays the first 201 and stores nothing new")
    func idempotentReplay() async throws {
        try await TestServer.withServer { server in
            let (account, token) = try await server.account("ann@example.org")
            let key = UUID().uuidString
            let fields = TestServer.checkinFields(energy: 3, contact: "Sam")
            let first = try await server.checkin(fields, key: key, token: token)
            let todayBefore = try await server.get("/api/checkins/today", token: token)

            let replay = try await server.checkin(fields, key: key, token: token)
            #expect(replay.status == 201)
            #expect(replay.header("Idempotent-Replayed") == "true")
            #expect(replay.body == first.body)

            let todayAfter = try await server.get("/api/checkins/today", token: token)
            #expect(todayAfter.body == todayBefore.body)
            let stored = try await server.storedCheckins(account.id)
            #expect(stored.count == 1)
        }
    }

    @Test("a check-in the server applied but whose answer was lost is .accepted on resend, and nothing new is stored")
    func lostAnswerResend() async throws {
        try await TestServer.withServer { server in
            let (account, token) = try await server.account("ann@example.org")
            let checkin = try Checkin(day: TestServer.today, energy: 2, stress: 4, social: 3, keyContact: "Kim")
            let key = UUID().uuidString
            // The first send reached the server (the client never saw the 201).
            let lost = try await server.checkin(TestServer.checkinFields(energy: 2, stress: 4, social: 3, contact: "Kim"),
                                                key: key, token: token)
            #expect(lost.status == 201)

            let outcome = try await HTTPCheckinAPI(server.api(token: token)).submit(checkin, idempotencyKey: key, replacing: false)
            #expect(outcome == .accepted)
            let stored = try await server.storedCheckins(account.id)
            #expect(stored == [checkin])
            let today = try await HTTPDriftRemote(server.api(token: token)).today()
            #expect(today == checkin)
        }
    }

    @Test("a replayed key whose first answer was 409 answers 409 again, and the adapter says .duplicate")
    func replayedDuplicate() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            _ = try await server.checkin(TestServer.checkinFields(energy: 4), token: token)
            let key = UUID().uuidString
            let fields = TestServer.checkinFields(energy: 1)
            #expect(try await server.checkin(fields, key: key, token: token).status == 409)

            let replay = try await server.checkin(fields, key: key, token: token)
            #expect(replay.status == 409)
            #expect(replay.error?.code == "DUPLICATE_CHECKIN")
            #expect(replay.header("Idempotent-Replayed") == "true")
            let checkin = try Checkin(day: TestServer.today, energy: 1, stress: 2, social: 3)
            #expect(try await HTTPCheckinAPI(server.api(token: token)).submit(checkin, idempotencyKey: key, replacing: false) == .duplicate)
        }
    }

    @Test("the same key with a different body is 422 IDEMPOTENCY_KEY_REUSED and changes nothing")
    func keyReusedForAnotherBody() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let key = UUID().uuidString
            #expect(try await server.checkin(TestServer.checkinFields(energy: 4), key: key, token: token).status == 201)
            let reused = try await server.checkin(TestServer.checkinFields("2026-03-09", energy: 4), key: key, token: token)
            #expect(reused.status == 422)
            #expect(reused.error?.code == "IDEMPOTENCY_KEY_REUSED")
            let trends = try await server.get("/api/trends?days=7", token: token).decode(Wire.TrendsResponse.self)
            #expect(trends.points.map(\.day) == [TestServer.today])
        }
    }

    @Test("concurrent sends of one key and body store one check-in; every answer is the first one's 201")
    func concurrentReplays() async throws {
        try await TestServer.withServer { server in
            let (account, token) = try await server.account("ann@example.org")
            let key = UUID().uuidString
            let body = TestServer.data(TestServer.checkinFields(energy: 3, contact: "Sam"))
            let replies = try await withThrowingTaskGroup(of: Reply.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        try await server.request(.POST, "/api/checkins", token: token,
                                                 headers: [("Idempotency-Key", key)], body: body)
                    }
                }
                return try await group.reduce(into: [Reply]()) { $0.append($1) }
            }
            #expect(replies.map(\.status) == Array(repeating: 201, count: 12))
            #expect(replies.filter { $0.header("Idempotent-Replayed") == nil }.count == 1)
            #expect(Set(replies.map(\.body)).count == 1)
            #expect(try await server.storedCheckins(account.id).count == 1)
        }
    }

    @Test("concurrent check-ins for one day under different keys: exactly one 201, the rest 409")
    func concurrentDuplicates() async throws {
        try await TestServer.withServer { server in
            let (account, token) = try await server.account("ann@example.org")
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for energy in 1...5 {
                    let body = TestServer.data(TestServer.checkinFields(energy: energy))
                    group.addTask {
                        try await server.request(.POST, "/api/checkins", token: token,
                                                 headers: [("Idempotency-Key", UUID().uuidString)], body: body).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.sorted() == [201, 409, 409, 409, 409])
            #expect(try await server.storedCheckins(account.id).count == 1)
        }
    }

    @Test("HTTPCheckinAPI reports a reused key and a refused check-in as ApiFailure.other with the status")
    func adapterSeesOtherFailures() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let api = HTTPCheckinAPI(server.api(token: token))
            let key = UUID().uuidString
            let today = try Checkin(day: TestServer.today, energy: 4, stress: 2, social: 3)
            let yesterday = try Checkin(day: TestServer.today.adding(days: -1), energy: 4, stress: 2, social: 3)
            #expect(try await api.submit(today, idempotencyKey: key, replacing: false) == .accepted)
            await #expect(throws: ApiFailure.other(status: 422)) { try await api.submit(yesterday, idempotencyKey: key, replacing: false) }
            await #expect(throws: ApiFailure.other(status: 400)) { try await api.submit(yesterday, idempotencyKey: "bad key", replacing: false) }
            await #expect(throws: ApiFailure.unauthorized) {
                try await HTTPCheckinAPI(server.api(token: "made-up")).submit(yesterday, idempotencyKey: UUID().uuidString, replacing: false)
            }
        }
    }

    @Test("idempotency keys belong to one account: another account's same key is a new submission")
    func keysArePerAccount() async throws {
        try await TestServer.withServer { server in
            let (_, ann) = try await server.account("ann@example.org")
            let (_, bob) = try await server.account("bob@example.org")
            let key = UUID().uuidString
            #expect(try await server.checkin(TestServer.checkinFields(energy: 4), key: key, token: ann).status == 201)
            let bobs = try await server.checkin(TestServer.checkinFields(energy: 1), key: key, token: bob)
            #expect(bobs.status == 201)
            #expect(bobs.header("Idempotent-Replayed") == nil)
            #expect(try bobs.decode(Wire.CheckinBody.self).energy == 1)
        }
    }

    @Test("a missing or invalid Idempotency-Key is 400 VALIDATION_ERROR naming the header",
          arguments: [nil, "", "has space", String(repeating: "k", count: 256), "naïve"])
    func idempotencyKeyRequired(key: String?) async throws {
        try await TestServer.withServer { server in
            let (account, token) = try await server.account("ann@example.org")
            let headers = key.map { [("Idempotency-Key", $0)] } ?? []
            let reply = try await server.post("/api/checkins", token: token, headers: headers,
                                              json: TestServer.checkinFields())
            #expect(reply.status == 400)
            #expect(reply.error?.code == "VALIDATION_ERROR")
            #expect(reply.error?.message.contains("Idempotency-Key") == true)
            #expect(try await server.storedCheckins(account.id).isEmpty)
        }
    }

    @Test("an invalid field is 400 VALIDATION_ERROR whose message names the field", arguments: [
        (["date": "2026-03-10", "energy": 6, "stress": 2, "social": 3], "\"energy\""),
        (["date": "2026-03-10", "energy": 0, "stress": 2, "social": 3], "\"energy\""),
        (["date": "2026-03-10", "energy": 3.5, "stress": 2, "social": 3], "\"energy\""),
        (["date": "2026-03-10", "energy": "3", "stress": 2, "social": 3], "\"energy\""),
        (["date": "2026-03-10", "energy": true, "stress": 2, "social": 3], "\"energy\""),
        (["date": "2026-03-10", "stress": 2, "social": 3], "\"energy\""),
        (["date": "2026-03-10", "energy": 3, "stress": -1, "social": 3], "\"stress\""),
        (["date": "2026-03-10", "energy": 3, "stress": 2, "social": 1e9], "\"social\""),
        (["energy": 3, "stress": 2, "social": 3], "\"date\""),
        (["date": "2026-02-30", "energy": 3, "stress": 2, "social": 3], "\"date\""),
        (["date": "10-03-2026", "energy": 3, "stress": 2, "social": 3], "\"date\""),
        (["date": 20260310, "energy": 3, "stress": 2, "social": 3], "\"date\""),
        // After today in every zone: at the server's 2026-03-10T10:00Z it is 2026-03-11 only at +14.
        (["date": "2026-03-12", "energy": 3, "stress": 2, "social": 3], "\"date\": 2026-03-12 is in the future"),
        (["date": "9999-12-31", "energy": 3, "stress": 2, "social": 3], "\"date\""),
        (["date": "2026-03-10", "energy": 3, "stress": 2, "social": 3,
          "key_contact": String(repeating: "x", count: 101)], "\"key_contact\""),
        (["date": "2026-03-10", "energy": 3, "stress": 2, "social": 3, "key_contact": 7], "\"key_contact\""),
        (["date": "2026-03-10", "energy": 3, "stress": 2, "social": 3, "key_contact": "Ann\u{1B}[31m"],
         "\"key_contact\": the key contact contains a control character (U+001B)"),
        (["date": "2026-03-10", "energy": 3, "stress": 2, "social": 3, "key_contact": "a\u{0}b"],
         "\"key_contact\" must not contain NUL (U+0000)"),
    ] as [([String: any Sendable], String)])
    func invalidFields(fields: [String: any Sendable], field: String) async throws {
        try await TestServer.withServer { server in
            let (account, token) = try await server.account("ann@example.org")
            let reply = try await server.checkin(fields, token: token)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "VALIDATION_ERROR")
            #expect(reply.error?.message.contains(field) == true, "\(reply)")
            #expect(try await server.storedCheckins(account.id).isEmpty)
        }
    }

    @Test("a day that is already today somewhere (UTC+14) is accepted: the server does not know its users' zones")
    func todaySomewhere() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.checkin(["date": "2026-03-11", "energy": 3, "stress": 2, "social": 3], token: token)
            #expect(reply.status == 201, "\(reply)")
        }
    }

    @Test("a key contact of exactly 100 characters is accepted")
    func keyContactAtTheLimit() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let contact = String(repeating: "x", count: 100)
            let reply = try await server.checkin(TestServer.checkinFields(contact: contact), token: token)
            #expect(reply.status == 201)
            #expect(try reply.decode(Wire.CheckinBody.self).keyContact == contact)
        }
    }

    @Test("a body over maxBodyBytes is 413 PAYLOAD_TOO_LARGE, with or without a Content-Length",
          arguments: [false, true])
    func bodyTooLarge(chunked: Bool) async throws {
        try await TestServer.withServer(maxBodyBytes: 512) { server in
            let (account, token) = try await server.account("ann@example.org")
            var fields = TestServer.checkinFields()
            fields["padding"] = String(repeating: "p", count: 2048)
            let reply = try await server.request(.POST, "/api/checkins", token: token,
                                                 headers: [("Idempotency-Key", UUID().uuidString)],
                                                 body: TestServer.data(fields), chunked: chunked)
            #expect(reply.status == 413)
            #expect(reply.error?.code == "PAYLOAD_TOO_LARGE")
            #expect(reply.error?.message.contains("512") == true)
            #expect(try await server.storedCheckins(account.id).isEmpty)
        }
    }

    @Test("a body that is not a JSON object is 400", arguments: ["not json", "[1, 2, 3]", "\"text\"", "{\"date\": "])
    func notJSON(body: String) async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.request(.POST, "/api/checkins", token: token,
                                                 headers: [("Idempotency-Key", UUID().uuidString)], body: Data(body.utf8))
            #expect(reply.status == 400)
            #expect(reply.error?.code == "INVALID_JSON")
        }
    }

    @Test("an empty body is 400 VALIDATION_ERROR")
    func emptyBody() async throws {
        try await TestServer.withServer { server in
            let (_, token) = try await server.account("ann@example.org")
            let reply = try await server.request(.POST, "/api/checkins", token: token,
                                                 headers: [("Idempotency-Key", UUID().uuidString)])
            #expect(reply.status == 400)
            #expect(reply.error?.code == "VALIDATION_ERROR")
        }
    }
}
