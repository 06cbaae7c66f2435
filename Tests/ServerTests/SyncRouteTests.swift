import Foundation
import Testing
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessServerHost
import WellnessTestSupport
import WellnessWire

/// `POST /api/sync/push` and `GET /api/sync/pull`: the round trip, replays, refusals that keep
/// nothing of a batch, accounts kept apart, the sync body limit, the records rate limit, the
/// device's time zone and paging. On the default store (PostgreSQL in `.ci/run`'s second pass)
/// and on SQLite.
@Suite("Server: sync routes")
struct SyncRouteTests {
    static let stores = [StoreKind.memory, .sqlite]
    static let stamp = "1773136800000.0.phone"

    /// A record as a device sends it: one whole value `json` (life 1).
    static func record(_ collection: String, _ key: String, json: String, stamp: String = stamp) -> [String: Any] {
        ["collection": collection, "key": key, "life": 1, "lifeStamp": stamp,
         "values": ["": ["stamp": stamp, "json": json]]]
    }

    static func mood(_ day: String, score: Int = 3) -> [String: Any] {
        record("moods", day, json: #"{"day":"\#(day)","score":\#(score)}"#)
    }

    static func push(_ server: TestServer, _ token: String, key: String = UUID().uuidString, timeZone: String? = nil,
                     _ records: [[String: Any]]) async throws -> Reply {
        var body: [String: Any] = ["key": key, "records": records]
        if let timeZone { body["timeZone"] = timeZone }
        return try await server.post("/api/sync/push", token: token, json: body)
    }

    static func pull(_ server: TestServer, _ token: String, query: String = "") async throws -> Reply {
        try await server.get("/api/sync/pull" + query, token: token)
    }

    /// Every page from `after` on: the records (collection and key) and the last cursor.
    static func pullAll(_ server: TestServer, _ token: String, after: Int64 = 0, limit: Int = 1000) async throws
        -> (records: [SyncRecord], cursor: Int64, pages: Int) {
        var records: [SyncRecord] = []
        var cursor = after
        var pages = 0
        while true {
            let reply = try await pull(server, token, query: "?after=\(cursor)&limit=\(limit)")
            guard reply.status == 200 else { throw TestServerError.unexpected(reply) }
            let page = try JSONDecoder().decode(SyncPage.self, from: reply.body)
            records += page.records
            cursor = page.cursor
            pages += 1
            if !page.more { return (records, cursor, pages) }
        }
    }

    @Test("a pushed mood is merged, stored and pulled back as it was sent", arguments: stores)
    func roundTrip(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (ann, token) = try await server.account("ann@example.org")
            let pushed = try await Self.push(server, token, [Self.mood("2026-03-09", score: 4)])
            #expect(pushed.status == 200, "\(pushed)")
            #expect(try pushed.object()["merged"] as? Int == 1)

            // On disk, the account's own store holds it (on PostgreSQL the host opens no store per account).
            if let wellness = try? await server.host.workspace(ann.id) {
                #expect(try await wellness.repositories.moods.moods(on: WellnessRepositories.allDays).map(\.score) == [4])
            }

            let all = try await Self.pullAll(server, token)
            let mood = try #require(all.records.first { $0.collection == "moods" })
            #expect(mood.key == "2026-03-09")
            #expect(mood.values[""]?.json == #"{"day":"2026-03-09","score":4}"#)
            #expect(mood.values[""]?.stamp.description == Self.stamp)
            #expect(all.records.contains { $0.collection == "tier" }, "the server's tier travels to devices")
            #expect(all.cursor > 0)

            let none = try await Self.pull(server, token, query: "?after=\(all.cursor)")
            #expect(try JSONDecoder().decode(SyncPage.self, from: none.body) == SyncPage(records: [], cursor: all.cursor, more: false))
        }
    }

    @Test("a push sent again with its key gets the first answer and changes nothing", arguments: stores)
    func replay(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, token) = try await server.account("ann@example.org")
            let first = try await Self.push(server, token, key: "batch-1", [Self.mood("2026-03-09")])
            #expect(first.status == 200)
            let cursor = try await Self.pullAll(server, token).cursor
            let again = try await Self.push(server, token, key: "batch-1", [Self.mood("2026-03-08"), Self.mood("2026-03-07")])
            #expect(again.status == 200)
            #expect(again.body == first.body, "the first answer: \(again)")
            #expect(try await Self.pullAll(server, token, after: cursor).records.isEmpty, "nothing new was merged")
        }
    }

    @Test("a record that breaks its kind's rule is 422 naming its collection and key, and nothing of the batch is kept",
          arguments: stores)
    func refusedBatch(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (ann, token) = try await server.account("ann@example.org")
            let bad = Self.record("checkins", "2026-03-10", json: #"{"day":"2026-03-10","energy":9,"stress":1,"social":1}"#)
            let reply = try await Self.push(server, token, [Self.mood("2026-03-09"), bad])
            #expect(reply.status == 422, "\(reply)")
            #expect(reply.error?.code == "SYNC_REFUSED")
            #expect(reply.error?.message.contains("checkins") == true)
            #expect(reply.error?.message.contains("2026-03-10") == true)
            #expect(reply.error?.record?.collection == "checkins" && reply.error?.record?.key == "2026-03-10",
                    "the record is named for programs too: \(reply)")
            #expect(reply.error?.record?.reason.isEmpty == false)
            let pulled = try await Self.pullAll(server, token).records
            #expect(!pulled.contains { $0.collection == "moods" }, "the mood of the refused batch is not kept")
            if let wellness = try? await server.host.workspace(ann.id) {
                #expect(try await wellness.repositories.moods.moods(on: WellnessRepositories.allDays).isEmpty)
            }
        }
    }

    @Test("a deleted record (an even life) sent with values is kept without them, and pulls go on", arguments: stores)
    func deletedRecordWithValues(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, token) = try await server.account("ann@example.org")
            var deleted = Self.record("later-kind", "gone", json: "1")
            deleted["life"] = 2
            #expect(try await Self.push(server, token, [deleted]).status == 200)
            let pulled = try #require(try await Self.pullAll(server, token).records.first { $0.key == "gone" })
            #expect(pulled.life == 2)
            #expect(pulled.values.isEmpty)
        }
    }

    @Test("the tier is the server's: a device that pushes it is refused", arguments: stores)
    func tierRefused(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, token) = try await server.account("ann@example.org", tier: .pro)
            let reply = try await Self.push(server, token, [Self.record("tier", "tier", json: #""pro""#)])
            #expect(reply.status == 422, "\(reply)")
            #expect(reply.error?.code == "SYNC_REFUSED")
            #expect(reply.error?.message.contains("tier") == true)
        }
    }

    @Test("one account's token never sees another account's records", arguments: stores)
    func accountsApart(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, ann) = try await server.account("ann@example.org")
            let (_, bob) = try await server.account("bob@example.org")
            #expect(try await Self.push(server, ann, [Self.mood("2026-03-09")]).status == 200)
            #expect(try await server.checkin(TestServer.checkinFields(), token: ann).status == 201)
            let bobs = try await Self.pullAll(server, bob).records
            #expect(bobs.map(\.collection) == ["tier"], "only Bob's own tier: \(bobs.map(\.collection))")
            let anns = try await Self.pullAll(server, ann).records
            #expect(Set(anns.map(\.collection)) == ["moods", "checkins", "tier"])
        }
    }

    @Test("a check-in sent with POST /api/checkins is pulled through sync, before and after the first sync",
          arguments: stores)
    func checkinsTravel(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, token) = try await server.account("ann@example.org")
            #expect(try await server.checkin(TestServer.checkinFields("2026-03-09"), token: token).status == 201)
            let first = try await Self.pullAll(server, token)
            let checkin = try #require(first.records.first { $0.collection == "checkins" })
            #expect(checkin.key.contains("2026-03-09"))

            #expect(try await server.checkin(TestServer.checkinFields("2026-03-10", energy: 2), token: token).status == 201)
            let next = try await Self.pullAll(server, token, after: first.cursor).records
            #expect(next.map(\.collection) == ["checkins"], "\(next)")
            #expect(next.first?.key.contains("2026-03-10") == true)
            #expect(next.first?.values.values.contains { $0.json?.contains("\"energy\":2") == true } == true)
        }
    }

    @Test("a pull pages by limit: more, then the cursor to go on from", arguments: stores)
    func paging(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, token) = try await server.account("ann@example.org")
            let days = (1...7).map { String(format: "2026-03-%02d", $0) }
            #expect(try await Self.push(server, token, days.map { Self.mood($0) }).status == 200)

            let reply = try await Self.pull(server, token, query: "?limit=3")
            let page = try JSONDecoder().decode(SyncPage.self, from: reply.body)
            #expect(page.records.count == 3)
            #expect(page.more)
            let all = try await Self.pullAll(server, token, limit: 3)
            #expect(all.pages == 3, "7 moods and the tier: 3 + 3 + 2")
            #expect(all.records.filter { $0.collection == "moods" }.map(\.key).sorted() == days)
            #expect(all.records.count == 8)
            let rest = try await Self.pullAll(server, token, after: page.cursor, limit: 1000)
            #expect(rest.records.count == 5 && rest.pages == 1)
        }
    }

    @Test("bad queries and bodies are 400 naming what is wrong", arguments: [StoreKind.memory])
    func badInput(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, token) = try await server.account("ann@example.org")
            for (query, field) in [("?after=-1", "after"), ("?after=x", "after"), ("?limit=0", "limit"),
                                   ("?limit=5001", "limit"), ("?timeZone=Mars/Base", "timeZone")] {
                let reply = try await Self.pull(server, token, query: query)
                #expect(reply.status == 400, "\(query): \(reply)")
                #expect(reply.error?.message.contains("\"\(field)\"") == true, "\(query): \(reply)")
            }
            var noStamp = Self.mood("2026-03-09")
            noStamp["lifeStamp"] = "yesterday"
            var dead = Self.mood("2026-03-09")
            dead["life"] = 0
            for (records, field) in [([[String: Any]](), "records"), ([noStamp], "records[0].lifeStamp"),
                                     ([dead], "records[0].life"), ([Self.record("", "k", json: "1")], "records[0].collection"),
                                     ([Self.record("moods", "a\u{1}b", json: "1")], "records[0].key"),
                                     ([Self.record("moods", "a\u{0}b", json: "1")], "records[0].key")] {
                let reply = try await Self.push(server, token, records)
                #expect(reply.status == 400, "\(field): \(reply)")
                #expect(reply.error?.message.contains("\"\(field)\"") == true, "\(field): \(reply)")
            }
            let badKey = try await Self.push(server, token, key: "with space", [Self.mood("2026-03-09")])
            #expect(badKey.status == 400 && badKey.error?.message.contains("\"key\"") == true, "\(badKey)")
            let unauthenticated = try await server.get("/api/sync/pull")
            #expect(unauthenticated.status == 401)
        }
    }

    @Test("a sync's timeZone becomes the account's; one the server does not know is 400 and changes nothing",
          arguments: stores)
    func timeZone(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, token) = try await server.account("ann@example.org")
            #expect(try await Self.pull(server, token, query: "?timeZone=Pacific/Auckland").status == 200)
            #expect(try await server.host.account("ann@example.org").timeZone == "Pacific/Auckland")
            let pushed = try await Self.push(server, token, timeZone: "Europe/Amsterdam", [Self.mood("2026-03-09")])
            #expect(pushed.status == 200)
            #expect(try await server.host.account("ann@example.org").timeZone == "Europe/Amsterdam")

            let bad = try await Self.push(server, token, timeZone: "Mars/Base", [Self.mood("2026-03-08")])
            #expect(bad.status == 400)
            #expect(bad.error?.message.contains("\"timeZone\"") == true, "\(bad)")
            #expect(try await server.host.account("ann@example.org").timeZone == "Europe/Amsterdam")
            #expect(!(try await Self.pullAll(server, token).records.contains { $0.key == "2026-03-08" }))

            // A push the server refuses (a mood scored 9) changes nothing, the zone neither.
            let refused = try await Self.push(server, token, timeZone: "Asia/Tokyo", [Self.mood("2026-03-07", score: 9)])
            #expect(refused.status == 422, "\(refused)")
            #expect(try await server.host.account("ann@example.org").timeZone == "Europe/Amsterdam")
        }
    }

    @Test("a push of records may be up to 1 MiB, of one record alone up to 4 MiB (a 1 MB document chunk is 1.4 MB of JSON), every other body stays at 64 KiB",
          arguments: stores)
    func bodyLimits(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (_, token) = try await server.account("ann@example.org")
            // 100 records of an unknown kind, 1 KB each: about 120 KB, kept and passed on.
            let filler = String(repeating: "x", count: 1000)
            let records = (0..<100).map { Self.record("later-kind", "k\($0)", json: "\"\(filler)\"") }
            let body = try JSONSerialization.data(withJSONObject: ["key": "big-1", "records": records])
            #expect(body.count > 100_000)
            let passed = try await server.request(.POST, "/api/sync/push", token: token, body: body)
            #expect(passed.status == 200, "\(passed.status)")
            // One record as large as a document chunk's, sent alone (larger than a client's batch).
            let chunk = Self.record("later-kind", "chunk", json: "\"\(String(repeating: "A", count: 1_398_104))\"")
            let one = try JSONSerialization.data(withJSONObject: ["key": "big-3", "records": [chunk]])
            #expect(one.count > 1_048_576)
            let taken = try await server.request(.POST, "/api/sync/push", token: token, body: one)
            #expect(taken.status == 200, "\(taken.status)")
            // Two records of 600 KB each: a batch over 1 MiB, refused whole.
            let half = String(repeating: "B", count: 600_000)
            let pair = try JSONSerialization.data(withJSONObject: [
                "key": "big-4", "records": [Self.record("later-kind", "a", json: "\"\(half)\""),
                                            Self.record("later-kind", "b", json: "\"\(half)\"")],
            ])
            let batch = try await server.request(.POST, "/api/sync/push", token: token, body: pair)
            #expect(batch.status == 413)
            #expect(batch.error?.message.contains("2 records") == true, "\(batch)")
            #expect(!(try await Self.pullAll(server, token).records.contains { $0.key == "a" || $0.key == "b" }))

            let huge = Data("{\"key\":\"big-2\",\"records\":[\"\(String(repeating: "y", count: 4_300_000))\"]}".utf8)
            let refused = try await server.request(.POST, "/api/sync/push", token: token, body: huge)
            #expect(refused.status == 413)
            #expect(refused.error?.code == "PAYLOAD_TOO_LARGE")
            let chunked = try await server.request(.POST, "/api/sync/push", token: token, body: huge, chunked: true)
            #expect(chunked.status == 413, "without a Content-Length too")

            var fields = TestServer.checkinFields()
            fields["key_contact"] = String(repeating: "z", count: 70_000)
            let checkin = try await server.checkin(fields, token: token)
            #expect(checkin.status == 413, "a check-in keeps the 64 KiB limit")
        }
    }

    @Test("the sync routes count records against their own budget: 429 once it is spent, other routes go on",
          arguments: stores)
    func recordsRateLimit(store: StoreKind) async throws {
        try await TestServer.withServer(store: store, rateLimit: RateLimit(limit: 6, window: 60),
                                        syncRateLimit: RateLimit(limit: 10, window: 600)) { server in
            let (_, token) = try await server.account("ann@example.org")
            let (_, bob) = try await server.account("bob@example.org")
            // Eight requests, more than the 6 requests a minute: the sync routes are not counted per request.
            for index in 0..<4 {
                #expect(try await Self.push(server, token, [Self.mood(String(format: "2026-03-%02d", index + 1))]).status == 200)
            }
            for _ in 0..<4 { #expect(try await Self.pull(server, token, query: "?limit=1").status == 200) }
            // 8 records spent: a push of 5 is let through (some budget is left), the next one is not.
            let five = (10...14).map { Self.mood("2026-02-\($0)") }
            #expect(try await Self.push(server, token, five).status == 200)
            let refused = try await Self.push(server, token, [Self.mood("2026-02-20")])
            #expect(refused.status == 429)
            #expect(refused.error?.code == "RATE_LIMITED")
            #expect(refused.header("Retry-After").flatMap(Int.init).map { $0 > 0 && $0 <= 600 } == true)
            #expect(try await Self.pull(server, token).status == 429, "pulls share the budget")

            #expect(try await server.get("/api/checkins/today", token: token).status == 200, "other routes are not affected")
            #expect(try await Self.pull(server, bob).status == 200, "another token has its own budget")

            server.clock.set(server.clock.now().addingTimeInterval(600))
            #expect(try await Self.pull(server, token).status == 200, "a new window")
        }
    }

    @Test("a pull's page is charged once read: a big first page spends the budget", arguments: [StoreKind.memory])
    func pullCharged(store: StoreKind) async throws {
        try await TestServer.withServer(store: store, syncRateLimit: RateLimit(limit: 5, window: 600)) { server in
            let (_, token) = try await server.account("ann@example.org")
            #expect(try await Self.push(server, token, [Self.mood("2026-03-01")]).status == 200)
            let page = try await Self.pull(server, token)
            #expect(page.status == 200)
            #expect(try JSONDecoder().decode(SyncPage.self, from: page.body).records.count == 2)
            #expect(try await Self.pull(server, token, query: "?limit=1").status == 200, "3 spent of 5; then 4")
            #expect(try await Self.pull(server, token).status == 200, "4 < 5: admitted, then charged its 2")
            let refused = try await Self.pull(server, token, query: "?limit=1")
            #expect(refused.status == 429, "6 spent: \(refused)")
        }
    }

    @Test("a tier the server's admin sets reaches the account's devices at their next pull", arguments: stores)
    func tierTravels(store: StoreKind) async throws {
        try await TestServer.withServer(store: store) { server in
            let (ann, token) = try await server.account("ann@example.org")
            let before = try await Self.pullAll(server, token)
            _ = try await server.host.setTier(.pro, of: ann.id.description)
            let after = try await Self.pullAll(server, token, after: before.cursor)
            let tier = try #require(after.records.first { $0.collection == TierSetting.collection }, "\(after.records)")
            #expect(try tier.payload(rule: TierSetting.syncRule) == #""pro""#)
        }
    }
}
