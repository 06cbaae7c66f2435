import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `DriftCacheRepository` adapter keeps: JSON answers by key with the
/// instant they were fetched, overwritten by key, persisted; any JSON text survives byte for byte.
public enum DriftCacheRepositoryContract {
    typealias Case = ContractCase<any DriftCacheRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any DriftCacheRepository>] = [
        missing, roundTrip, overwrite, hostileText, instants,
    ]

    static let fetched = Fixtures.instant("2026-11-20T09:15:30.125Z")

    // MARK: - Cases

    static let missing = Case("a missing key is nil") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.cached("insights:7") == nil)
        try await store.subject.store("insights:7", data: Data("{}".utf8), fetchedAt: fetched)
        #expect(try await store.subject.cached("insights:14") == nil)
        #expect(try await store.subject.cached("Insights:7") == nil, "keys are case-sensitive")
        #expect(try await store.subject.cached("") == nil)
    }

    static let roundTrip = Case(
        "a stored answer comes back exactly, with its fetch instant, through another handle"
    ) { factory in
        let store = try await factory.make()
        let json = Data(#"{"weekStart":"2026-11-14","summary":{"checkinCount":5,"averages":{"energy":3.8,"stress":null}}}"#.utf8)
        try await store.subject.store("insights:7", data: json, fetchedAt: fetched)

        let cached = try #require(try await store.reopen().cached("insights:7"))
        #expect(cached.data == json)
        #expect(cached.fetchedAt == fetched)
    }

    static let overwrite = Case("storing under an existing key overwrites it and leaves the other keys") { factory in
        let store = try await factory.make()
        let later = Fixtures.instant("2026-11-20T10:00:00.250Z")
        try await store.subject.store("trends:7", data: Data(#"{"points":[]}"#.utf8), fetchedAt: fetched)
        try await store.subject.store("today", data: Data(#"{"checkedIn":false}"#.utf8), fetchedAt: fetched)
        try await store.reopen().store("trends:7", data: Data(#"{"points":[1]}"#.utf8), fetchedAt: later)

        let reopened = try await store.reopen()
        let trends = try #require(try await reopened.cached("trends:7"))
        #expect(trends.data == Data(#"{"points":[1]}"#.utf8))
        #expect(trends.fetchedAt == later)
        let today = try #require(try await reopened.cached("today"))
        #expect(today.data == Data(#"{"checkedIn":false}"#.utf8))
        #expect(today.fetchedAt == fetched)

        // An older fetch stored later still overwrites: the cache keeps what it is given last.
        try await store.subject.store("trends:7", data: Data("[]".utf8), fetchedAt: fetched)
        #expect(try await store.reopen().cached("trends:7")?.fetchedAt == fetched)
        #expect(try await store.reopen().cached("trends:7")?.data == Data("[]".utf8))
    }

    static let hostileText = Case(
        "JSON text full of escapes, control characters and non-ASCII survives byte for byte, under odd keys"
    ) { factory in
        let store = try await factory.make()
        let text = "{\"contact\":\"Zoë \\\"Mam\\\" O'Brien — 👩‍👩‍👧 e\u{301}\",\n\t\"nul\":\"\\u0000\",\"slash\":\"a\\\\b/c\","
            + "\"bom\":\"\u{FEFF}\",\"rtl\":\"\u{202E}مرحبا\",\"cjk\":\"日本語\",\"crlf\":\"\\r\\n\"}\r\n"
        let data = Data(text.utf8)
        let keys = ["insights:7 — Zoë 👩‍👩‍👧", "key with \"quotes\" and \\ backslash", "  spaced  ", "a\nb",
                    "'; DROP TABLE driftCache; --"]
        for (index, key) in keys.enumerated() {
            try await store.subject.store(key, data: data + Data("\(index)".utf8), fetchedAt: fetched)
        }

        let reopened = try await store.reopen()
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

    static let instants = Case("fetch instants before 1970 and far ahead survive") { factory in
        let store = try await factory.make()
        let old = Fixtures.instant("1969-07-20T20:17:40Z")
        let future = Fixtures.instant("2099-12-31T23:59:59.500Z")
        try await store.subject.store("old", data: Data("1".utf8), fetchedAt: old)
        try await store.subject.store("future", data: Data("2".utf8), fetchedAt: future)
        let reopened = try await store.reopen()
        #expect(try await reopened.cached("old")?.fetchedAt == old)
        #expect(try await reopened.cached("future")?.fetchedAt == future)
    }
}
