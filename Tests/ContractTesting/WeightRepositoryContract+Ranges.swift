import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Order and ranges

extension WeightRepositoryContract {
    static let ordering = Case("entries are ordered by time, then id, however they were given") { factory in
        let store = try await factory.make()
        let cluster = try minuteCluster()
        // Out of order, in three transactions.
        try await insert([cluster[4], cluster[0]], into: store.subject)
        try await insert([cluster[2], cluster[6], cluster[5]], into: store.subject)
        try await insert([cluster[3], cluster[1]], into: store.subject)

        let expected = [cluster[6], cluster[0], cluster[2], cluster[1], cluster[3], cluster[4], cluster[5]]
        #expect(try await all(store.reopen()).map(\.kilograms) == expected.map(\.kilograms))
        #expect(try await all(store.reopen()) == expected)
        let visits = Visits()
        try await store.reopen().forEachEntry { visits.append($0) }
        #expect(visits.entries == expected)
    }

    static let sinceBoundaries = Case("entries(since:) includes its bound, inside a minute too") { factory in
        let store = try await factory.make()
        let cluster = try minuteCluster()
        try await insert(cluster.reversed(), into: store.subject)
        let weights = try await store.reopen()
        let ordered = [cluster[6], cluster[0], cluster[2], cluster[1], cluster[3], cluster[4], cluster[5]]
        func since(_ iso: String) async throws -> [Double] {
            try await weights.entries(since: Fixtures.instant(iso)).map(\.kilograms)
        }
        #expect(try await weights.entries(since: nil) == ordered)
        #expect(try await since("2026-11-01T00:00:00.000Z") == ordered.map(\.kilograms))
        #expect(try await since("2026-11-19T21:00:00.000Z") == ordered.map(\.kilograms))
        #expect(try await since("2026-11-19T21:00:00.001Z") == [72, 71.5, 71, 69.5, 68, 73])
        // Inside the 08:00 minute: the minute alone does not decide.
        #expect(try await since("2026-11-20T08:00:10.000Z") == [72, 71.5, 71, 69.5, 68, 73])
        #expect(try await since("2026-11-20T08:00:10.001Z") == [71.5, 71, 69.5, 68, 73])
        #expect(try await since("2026-11-20T08:00:29.999Z") == [71.5, 71, 69.5, 68, 73])
        #expect(try await since("2026-11-20T08:00:30.000Z") == [71.5, 71, 69.5, 68, 73])
        #expect(try await since("2026-11-20T08:00:30.001Z") == [69.5, 68, 73])
        #expect(try await since("2026-11-20T08:00:59.999Z") == [68, 73])
        #expect(try await since("2026-11-20T08:01:00.000Z") == [73])
        #expect(try await since("2026-11-20T08:01:00.001Z") == [])
        #expect(try await since("2027-01-01T00:00:00.000Z") == [])
        // The entries themselves, not only their weights.
        #expect(try await weights.entries(since: cluster[1].date) == Array(ordered.dropFirst(2)))
    }

    static let latestBoundaries = Case(
        "latest(atOrBefore:) includes its bound, breaks ties by id, and is nil before the first entry"
    ) { factory in
        let store = try await factory.make()
        let cluster = try minuteCluster()
        try await insert(cluster, into: store.subject)
        let weights = try await store.reopen()
        func latest(_ iso: String) async throws -> Double? {
            let entry = try await weights.latest(atOrBefore: Fixtures.instant(iso))
            return entry?.kilograms
        }
        #expect(try await weights.latest(atOrBefore: nil) == cluster[5])
        #expect(try await latest("2026-11-19T20:59:59.999Z") == nil)
        #expect(try await latest("2026-11-19T21:00:00.000Z") == 74)
        #expect(try await latest("2026-11-20T08:00:09.999Z") == 74)
        #expect(try await latest("2026-11-20T08:00:10.000Z") == 72)
        #expect(try await latest("2026-11-20T08:00:29.999Z") == 72)
        // Two at 08:00:30.000: the one with the greater id (0a000000-… > 09ffffff-…).
        #expect(try await weights.latest(atOrBefore: Fixtures.instant("2026-11-20T08:00:30.000Z")) == cluster[1])
        #expect(try await latest("2026-11-20T08:00:30.001Z") == 69.5)
        #expect(try await latest("2026-11-20T08:00:59.998Z") == 69.5)
        #expect(try await latest("2026-11-20T08:00:59.999Z") == 68)
        #expect(try await latest("2026-11-20T08:01:00.000Z") == 73)
        #expect(try await latest("2030-01-01T00:00:00.000Z") == 73)
    }

    static let subMillisecondBounds = Case(
        "range bounds between two milliseconds are exact: an entry just before a bound is not after it"
    ) { factory in
        let store = try await factory.make()
        let only = try entry("2026-11-20T08:00:30.000Z", 70)
        try await insert([only], into: store.subject)
        let weights = store.subject
        // 0.4 ms after the entry: the entry is before the start.
        #expect(try await weights.entries(since: only.date.addingTimeInterval(0.0004)).isEmpty)
        #expect(try await weights.entries(since: only.date.addingTimeInterval(-0.0004)) == [only])
        // 0.4 ms before the entry: the entry is after the bound.
        #expect(try await weights.latest(atOrBefore: only.date.addingTimeInterval(-0.0004)) == nil)
        #expect(try await weights.latest(atOrBefore: only.date.addingTimeInterval(0.0004)) == only)
        withExtendedLifetime(store) {}
    }
}
