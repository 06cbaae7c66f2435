import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `DriftCacheRepository` adapter keeps: JSON answers by key with the
/// instant they were fetched, overwritten by key, persisted; any JSON text survives byte for byte.
@Suite("DriftCacheRepository contract")
struct DriftCacheRepositoryContractTests {
    let fetched = Fixtures.instant("2026-11-20T09:15:30.125Z")

    @Test("a missing key is nil", arguments: AdapterKind.allCases)
    func missing(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        #expect(try await store.driftCache.cached("insights:7") == nil)
        try await store.driftCache.store("insights:7", data: Data("{}".utf8), fetchedAt: fetched)
        #expect(try await store.driftCache.cached("insights:14") == nil)
        #expect(try await store.driftCache.cached("Insights:7") == nil, "keys are case-sensitive")
        #expect(try await store.driftCache.cached("") == nil)
    }

    @Test("a stored answer comes back exactly, with its fetch instant, through another handle",
          arguments: AdapterKind.allCases)
    func roundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let json = Data(#"{"weekStart":"2026-11-14","summary":{"checkinCount":5,"averages":{"energy":3.8,"stress":null}}}"#.utf8)
        try await store.driftCache.store("insights:7", data: json, fetchedAt: fetched)

        let cached = try #require(try await kind.reopen(store).driftCache.cached("insights:7"))
        #expect(cached.data == json)
        #expect(cached.fetchedAt == fetched)
    }

    @Test("storing under an existing key overwrites it and leaves the other keys", arguments: AdapterKind.allCases)
    func overwrite(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let later = Fixtures.instant("2026-11-20T10:00:00.250Z")
        try await store.driftCache.store("trends:7", data: Data(#"{"points":[]}"#.utf8), fetchedAt: fetched)
        try await store.driftCache.store("today", data: Data(#"{"checkedIn":false}"#.utf8), fetchedAt: fetched)
        try await kind.reopen(store).driftCache.store("trends:7", data: Data(#"{"points":[1]}"#.utf8),
                                                      fetchedAt: later)

        let reopened = try kind.reopen(store).driftCache
        let trends = try #require(try await reopened.cached("trends:7"))
        #expect(trends.data == Data(#"{"points":[1]}"#.utf8))
        #expect(trends.fetchedAt == later)
        let today = try #require(try await reopened.cached("today"))
        #expect(today.data == Data(#"{"checkedIn":false}"#.utf8))
        #expect(today.fetchedAt == fetched)

        // An older fetch stored later still overwrites: the cache keeps what it is given last.
        try await store.driftCache.store("trends:7", data: Data("[]".utf8), fetchedAt: fetched)
        #expect(try await kind.reopen(store).driftCache.cached("trends:7")?.fetchedAt == fetched)
        #expect(try await kind.reopen(store).driftCache.cached("trends:7")?.data == Data("[]".utf8))
    }

    @Test("JSON text full of escapes, control characters and non-ASCII survives byte for byte, under odd keys",
          arguments: AdapterKind.allCases)
    func hostileText(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let text = "{\"contact\":\"Zoë \\\"Mam\\\" O'Brien — 👩‍👩‍👧 e\u{301}\",\n\t\"nul\":\"\\u0000\",\"slash\":\"a\\\\b/c\","
            + "\"bom\":\"\u{FEFF}\",\"rtl\":\"\u{202E}مرحبا\",\"cjk\":\"日本語\",\"crlf\":\"\\r\\n\"}\r\n"
        let data = Data(text.utf8)
        let keys = ["insights:7 — Zoë 👩‍👩‍👧", "key with \"quotes\" and \\ backslash", "  spaced  ", "a\nb", "'; DROP TABLE driftCache; --"]
        for (index, key) in keys.enumerated() {
            try await store.driftCache.store(key, data: data + Data("\(index)".utf8), fetchedAt: fetched)
        }

        let reopened = try kind.reopen(store).driftCache
        for (index, key) in keys.enumerated() {
            let cached = try #require(try await reopened.cached(key), "key \(key)")
            #expect(cached.data == data + Data("\(index)".utf8), "key \(key)")
            #expect(String(decoding: cached.data, as: UTF8.self) == text + "\(index)")
        }
        #expect(try await reopened.cached("spaced") == nil, "keys are not trimmed")
        // Still valid JSON after the trip.
        let decoded = try JSONSerialization.jsonObject(with: try #require(try await reopened.cached(keys[0])).data.dropLast())
        #expect((decoded as? [String: String])?["cjk"] == "日本語")
    }

    @Test("fetch instants before 1970 and far ahead survive", arguments: AdapterKind.allCases)
    func instants(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let old = Fixtures.instant("1969-07-20T20:17:40Z")
        let future = Fixtures.instant("2099-12-31T23:59:59.500Z")
        try await store.driftCache.store("old", data: Data("1".utf8), fetchedAt: old)
        try await store.driftCache.store("future", data: Data("2".utf8), fetchedAt: future)
        let reopened = try kind.reopen(store).driftCache
        #expect(try await reopened.cached("old")?.fetchedAt == old)
        #expect(try await reopened.cached("future")?.fetchedAt == future)
    }
}
