import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `WeightRepository` adapter keeps.
@Suite("WeightRepository contract")
struct WeightRepositoryContractTests {
    struct Refused: Error, Equatable {}

    /// An entry at an ISO 8601 instant.
    func entry(_ iso: String, _ kilograms: Double, note: String? = nil, source: WeightEntry.Source = .manual,
               id: String? = nil) throws -> WeightEntry {
        let id = id.map { WeightEntry.ID(UUID(uuidString: $0)!) } ?? WeightEntry.ID()
        return try WeightEntry(id: id, date: Fixtures.instant(iso), kilograms: kilograms, note: note, source: source)
    }

    /// `count` entries one minute apart from 2026-01-01T06:00Z, each a different weight.
    func series(_ count: Int, from start: String = "2026-01-01T06:00:00.000Z", kilograms: Double = 60) -> [WeightEntry] {
        let first = Fixtures.instant(start)
        return (0..<count).map { index in
            WeightEntry(unchecked: .init(), date: first.addingTimeInterval(Double(index) * 60 + 0.25),
                        kilograms: kilograms + Double(index) / 100, note: "entry \(index)", source: .imported)
        }
    }

    /// Inserts `entries` in one committed import; returns how many were inserted.
    @discardableResult
    func insert(_ entries: [WeightEntry], into weights: any WeightRepository) async throws -> Int {
        try await weights.importEntries(commit: true) { try $0.insert(entries) }
    }

    func all(_ weights: any WeightRepository) async throws -> [WeightEntry] {
        try await weights.entries(since: nil)
    }

    func byID(_ entries: [WeightEntry]) -> [WeightEntry] {
        entries.sorted { $0.id.description < $1.id.description }
    }

    // MARK: - Empty store

    @Test("an empty store has no entries, no latest, no id matches and removes nothing",
          arguments: AdapterKind.allCases)
    func empty(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let weights = store.weights
        #expect(try await weights.entries(since: nil).isEmpty)
        #expect(try await weights.entries(since: Fixtures.instant("2026-01-01T00:00:00Z")).isEmpty)
        #expect(try await weights.latest(atOrBefore: nil) == nil)
        #expect(try await weights.latest(atOrBefore: Fixtures.instant("2026-01-01T00:00:00Z")) == nil)
        #expect(try await weights.entries(idPrefix: "", limit: 10).isEmpty)
        #expect(try await weights.entries(idPrefix: "abcd", limit: 10).isEmpty)
        #expect(try await weights.remove(WeightEntry.ID()) == false)
        let visits = Visits()
        try await weights.forEachEntry { visits.append($0) }
        #expect(visits.entries.isEmpty)
        #expect(try await weights.importEntries(commit: true) { try $0.insert([]) } == 0)
        #expect(try await all(weights).isEmpty)
        withExtendedLifetime(store) {}
    }

    // MARK: - Exact round trip

    @Test("entries come back exactly: instant to the millisecond, kilograms bit for bit, note, source",
          arguments: AdapterKind.allCases)
    func exactRoundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let notes: [String?] = [
            "Ate late, \"pizza\" 🍕\nsecond line\r\nthird, with a comma",
            nil,
            "  spaces kept  ",
            "=SUM(A1:A2)",
            "tab\there; semicolon",
            "naïve café — 体重 ½ kg",
            "e\u{301} (decomposed)",
            "\"\"",
            "line\n",
        ]
        let kilograms = [69.98893146900001, 0.1 + 0.2, 700, 200.0 / 3.0, 123.45678901234567, 0.01, 85.4,
                         75.0 * WeightEntry.kilogramsPerPound, 55.55555555555556]
        let instants = ["2026-11-20T07:15:42.123Z", "2026-11-20T07:16:00.001Z", "2026-11-21T23:59:59.999Z",
                        "2026-03-29T01:30:00.500Z", "2024-02-29T12:00:00.000Z", "2026-11-20T07:15:42.124Z",
                        "2000-01-01T00:00:00.007Z", "2030-06-15T18:45:30.990Z", "2026-11-22T00:00:00.000Z"]
        let given = try (0..<kilograms.count).map { index in
            try entry(instants[index], kilograms[index], note: notes[index],
                      source: index.isMultiple(of: 2) ? .imported : .manual)
        }
        // Given out of order, in two transactions.
        #expect(try await insert(Array(given.reversed().prefix(4)), into: store.weights) == 4)
        #expect(try await insert(Array(given.reversed().dropFirst(4)), into: store.weights) == 5)

        let loaded = try await all(kind.reopen(store).weights)
        let expected = given.sorted { $0.date < $1.date }
        #expect(loaded == expected)
        for (stored, original) in zip(loaded, expected) {
            #expect(stored.id == original.id)
            #expect(stored.kilograms.bitPattern == original.kilograms.bitPattern,
                    "\(stored.kilograms) != \(original.kilograms)")
            #expect(Timestamp.milliseconds(stored.date) == Timestamp.milliseconds(original.date))
            #expect(Timestamp.format(stored.date) == Timestamp.format(original.date))
            #expect(stored.note.map { Array($0.unicodeScalars) } == original.note.map { Array($0.unicodeScalars) })
            #expect(stored.source == original.source)
        }
        let byMillis = Dictionary(uniqueKeysWithValues: loaded.map { (Timestamp.format($0.date), $0) })
        #expect(byMillis["2026-11-20T07:15:42.123Z"]?.kilograms.bitPattern == 69.98893146900001.bitPattern)
        #expect(byMillis["2026-11-20T07:15:42.123Z"]?.note == notes[0])
        #expect(byMillis["2026-11-20T07:16:00.001Z"]?.note == nil)
        #expect(byMillis["2026-11-20T07:16:00.001Z"]?.source == .manual)
        #expect(byMillis["2026-11-20T07:15:42.123Z"]?.source == .imported)
    }

    @Test("extreme but valid values come back exactly: the smallest and largest weights, instants before 1970",
          arguments: AdapterKind.allCases)
    func extremeValuesRoundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let given = try [
            entry("1969-12-31T23:59:59.999Z", Double.leastNonzeroMagnitude, note: "smallest positive double"),
            entry("1969-12-31T23:59:00.000Z", 700.0.nextDown),
            entry("1950-06-01T08:00:00.001Z", 700),
            entry("2099-12-31T23:59:59.999Z", Double.ulpOfOne),
            entry("1970-01-01T00:00:00.000Z", 1e-10),
        ]
        #expect(try await insert(given, into: store.weights) == given.count)
        let loaded = try await all(kind.reopen(store).weights)
        #expect(loaded == given.sorted { $0.date < $1.date })
        #expect(loaded.map(\.kilograms.bitPattern) == given.sorted { $0.date < $1.date }.map(\.kilograms.bitPattern))
        #expect(loaded.map { Timestamp.format($0.date) }
                == ["1950-06-01T08:00:00.001Z", "1969-12-31T23:59:00.000Z", "1969-12-31T23:59:59.999Z",
                    "1970-01-01T00:00:00.000Z", "2099-12-31T23:59:59.999Z"])
        // Before 1970 the minute is floored: 23:59:00.000 and 23:59:59.999 are one minute.
        let sameMinute = try entry("1969-12-31T23:59:30.000Z", 700.0.nextDown)
        #expect(try await insert([sameMinute], into: store.weights) == 0)
    }

    @Test("a note with a NUL character is refused before it reaches a store (SQLite would cut it there)")
    func noteWithNUL() throws {
        #expect(throws: WeightError.invalidNote(.noteContainsNUL)) {
            try WeightEntry(date: Date(timeIntervalSince1970: 0), kilograms: 70, note: "before\u{0}after")
        }
    }

    // MARK: - Order and ranges

    /// Several in one minute with different weights, two at one instant; ids chosen so that
    /// id order, weight order and insertion order all differ from time order.
    func minuteCluster() throws -> [WeightEntry] {
        try [
            entry("2026-11-20T08:00:10.000Z", 72.0, id: "ffffffff-0000-4000-8000-000000000001"),
            entry("2026-11-20T08:00:30.000Z", 71.0, id: "0a000000-0000-4000-8000-000000000002"),
            entry("2026-11-20T08:00:30.000Z", 71.5, id: "09ffffff-ffff-4fff-bfff-ffffffffffff"),
            entry("2026-11-20T08:00:30.001Z", 69.5, id: "00000000-0000-4000-8000-000000000004"),
            entry("2026-11-20T08:00:59.999Z", 68.0, id: "80000000-0000-4000-8000-000000000005"),
            entry("2026-11-20T08:01:00.000Z", 73.0, id: "10000000-0000-4000-8000-000000000006"),
            entry("2026-11-19T21:00:00.000Z", 74.0, id: "20000000-0000-4000-8000-000000000007"),
        ]
    }

    @Test("entries are ordered by time, then id, however they were given", arguments: AdapterKind.allCases)
    func ordering(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let cluster = try minuteCluster()
        // Out of order, in three transactions.
        try await insert([cluster[4], cluster[0]], into: store.weights)
        try await insert([cluster[2], cluster[6], cluster[5]], into: store.weights)
        try await insert([cluster[3], cluster[1]], into: store.weights)

        let expected = [cluster[6], cluster[0], cluster[2], cluster[1], cluster[3], cluster[4], cluster[5]]
        #expect(try await all(kind.reopen(store).weights).map(\.kilograms) == expected.map(\.kilograms))
        #expect(try await all(kind.reopen(store).weights) == expected)
        let visits = Visits()
        try await kind.reopen(store).weights.forEachEntry { visits.append($0) }
        #expect(visits.entries == expected)
    }

    @Test("entries(since:) includes its bound, inside a minute too", arguments: AdapterKind.allCases)
    func sinceBoundaries(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let cluster = try minuteCluster()
        try await insert(cluster.reversed(), into: store.weights)
        let weights = try kind.reopen(store).weights
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

    @Test("latest(atOrBefore:) includes its bound, breaks ties by id, and is nil before the first entry",
          arguments: AdapterKind.allCases)
    func latestBoundaries(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let cluster = try minuteCluster()
        try await insert(cluster, into: store.weights)
        let weights = try kind.reopen(store).weights
        func latest(_ iso: String) async throws -> Double? {
            try await weights.latest(atOrBefore: Fixtures.instant(iso))?.kilograms
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

    @Test("range bounds between two milliseconds are exact: an entry just before a bound is not after it",
          arguments: AdapterKind.allCases)
    func subMillisecondBounds(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let only = try entry("2026-11-20T08:00:30.000Z", 70)
        try await insert([only], into: store.weights)
        let weights = store.weights
        // 0.4 ms after the entry: the entry is before the start.
        #expect(try await weights.entries(since: only.date.addingTimeInterval(0.0004)).isEmpty)
        #expect(try await weights.entries(since: only.date.addingTimeInterval(-0.0004)) == [only])
        // 0.4 ms before the entry: the entry is after the bound.
        #expect(try await weights.latest(atOrBefore: only.date.addingTimeInterval(-0.0004)) == nil)
        #expect(try await weights.latest(atOrBefore: only.date.addingTimeInterval(0.0004)) == only)
        withExtendedLifetime(store) {}
    }

    // MARK: - Id prefix

    func idEntries() throws -> [WeightEntry] {
        try [
            entry("2026-11-20T08:00:00.000Z", 70, id: "abcd1234-5678-4abc-8def-000000000001"),
            entry("2026-11-20T08:00:00.000Z", 71, id: "abcd5678-0000-4000-8000-000000000002"),
            entry("2026-11-18T08:00:00.000Z", 72, id: "abce0000-0000-4000-8000-000000000003"),
            entry("2026-11-19T08:00:00.000Z", 73, id: "0bcd0000-0000-4000-8000-000000000004"),
        ]
    }

    @Test("entries(idPrefix:limit:) finds a full id, a 4-character prefix, prefixes with dashes, and honours the limit",
          arguments: AdapterKind.allCases)
    func idPrefix(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let given = try idEntries()
        try await insert(given, into: store.weights)
        let weights = try kind.reopen(store).weights
        let (first, second, third, fourth) = (given[0], given[1], given[2], given[3])

        #expect(try await weights.entries(idPrefix: first.id.description, limit: 6) == [first])
        #expect(try await weights.entries(idPrefix: fourth.id.description, limit: 1) == [fourth])
        #expect(byID(try await weights.entries(idPrefix: "abcd", limit: 6)) == [first, second])
        #expect(byID(try await weights.entries(idPrefix: "abc", limit: 6)) == [first, second, third])
        #expect(try await weights.entries(idPrefix: "abce", limit: 6) == [third])
        #expect(try await weights.entries(idPrefix: "abcd1234", limit: 6) == [first])
        #expect(try await weights.entries(idPrefix: "abcd1234-", limit: 6) == [first])
        #expect(try await weights.entries(idPrefix: "abcd1234-5678-4a", limit: 6) == [first])
        #expect(try await weights.entries(idPrefix: "abcd5678-0000-4000-8000-00000000000", limit: 6) == [second])
        #expect(byID(try await weights.entries(idPrefix: "", limit: 6)) == byID(given))

        // The limit: at most that many, each of them a match.
        let limited = try await weights.entries(idPrefix: "abc", limit: 2)
        #expect(limited.count == 2)
        #expect(Set(limited.map(\.id)).isSubset(of: [first.id, second.id, third.id]))
        #expect(try await weights.entries(idPrefix: "abcd", limit: 1).count == 1)
        #expect(try await weights.entries(idPrefix: "abcd", limit: 0).isEmpty)

        // No match.
        #expect(try await weights.entries(idPrefix: "ffff", limit: 6).isEmpty)
        #expect(try await weights.entries(idPrefix: "abcd1234-5678-4abc-8def-000000000009", limit: 6).isEmpty)
        #expect(try await weights.entries(idPrefix: "abcd9", limit: 6).isEmpty)
        #expect(try await weights.entries(idPrefix: first.id.description + "0", limit: 6).isEmpty)
        #expect(try await weights.entries(idPrefix: "zzzz", limit: 6).isEmpty)
    }

    @Test("entries(idPrefix:) ignores dashes: the same hex digits find the same entry with or without them",
          arguments: AdapterKind.allCases)
    func idPrefixWithoutDashes(kind: AdapterKind) async throws {
        // The port: a prefix of the id's hex digits, dashes ignored, so every adapter gives the
        // same answer whether or not the person typed the dashes.
        let store = try kind.makeStore()
        let given = try idEntries()
        try await insert(given, into: store.weights)
        let undashed = given[0].id.description.replacingOccurrences(of: "-", with: "")
        #expect(try await store.weights.entries(idPrefix: undashed, limit: 6) == [given[0]])
        #expect(try await store.weights.entries(idPrefix: "abcd12345678", limit: 6) == [given[0]])
        #expect(try await store.weights.entries(idPrefix: "abcd-1234", limit: 6) == [given[0]])
        #expect(try await store.weights.entries(idPrefix: "abcd-", limit: 6).count == 2)
        #expect(try await store.weights.entries(idPrefix: "abcx", limit: 6).isEmpty)
    }

    // MARK: - Remove

    @Test("remove reports whether the entry existed and frees its weigh-in to be recorded again",
          arguments: AdapterKind.allCases)
    func remove(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let first = try entry("2026-11-20T07:30:00.000Z", 70.0, note: "first")
        let second = try entry("2026-11-21T07:30:00.000Z", 70.0)
        try await insert([first, second], into: store.weights)

        #expect(try await kind.reopen(store).weights.remove(first.id) == true)
        #expect(try await kind.reopen(store).weights.remove(first.id) == false)
        #expect(try await kind.reopen(store).weights.remove(WeightEntry.ID()) == false)
        #expect(try await all(kind.reopen(store).weights) == [second])
        #expect(try await store.weights.latest(atOrBefore: nil) == second)
        #expect(try await store.weights.entries(idPrefix: first.id.description, limit: 6).isEmpty)

        // The same weigh-in (a new id, same minute and weight) can be recorded again...
        let again = try entry("2026-11-20T07:30:30.000Z", 70.001, note: "again")
        #expect(try await insert([again], into: kind.reopen(store).weights) == 1)
        #expect(try await all(store.weights) == [again, second])
        // ...and after removing it, the original entry itself.
        #expect(try await store.weights.remove(again.id))
        #expect(try await insert([first], into: store.weights) == 1)
        #expect(try await all(kind.reopen(store).weights) == [first, second])
    }

    // MARK: - Inserting and duplicates

    @Test("insert counts what it inserted: duplicates of stored entries, inside one batch and across batches are skipped",
          arguments: AdapterKind.allCases)
    func insertCounts(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let stored = try entry("2026-11-20T07:30:00.000Z", 70.0, note: "kept")
        try await insert([stored], into: store.weights)

        let copyOfStored = try entry("2026-11-20T07:30:45.000Z", 70.0, note: "copy")
        let new = try entry("2026-11-20T19:00:00.000Z", 71.2, note: "evening")
        let copyOfNew = try entry("2026-11-20T19:00:00.500Z", 71.204, note: "copy in the same batch")
        let later = try entry("2026-11-21T07:30:00.000Z", 70.5)
        let copyOfLater = try entry("2026-11-21T07:30:01.000Z", 70.5, note: "copy in a later batch")
        let last = try entry("2026-11-22T07:30:00.000Z", 70.4)

        let counts = try await kind.reopen(store).weights.importEntries(commit: true) { inserter in
            [try inserter.insert([copyOfStored, new, copyOfNew, later]),
             try inserter.insert([copyOfLater]),
             try inserter.insert([stored, new, last]),
             try inserter.insert([]),
             try inserter.insert([last, last])]
        }
        #expect(counts == [2, 0, 1, 0, 0])
        // The first of each weigh-in is kept, untouched.
        let loaded = try await all(kind.reopen(store).weights)
        #expect(loaded == [stored, new, later, last])
        #expect(loaded.first?.note == "kept")
        #expect(loaded.first?.id == stored.id)
    }

    @Test("an import that inserts in many batches saves them together and returns the body's result",
          arguments: AdapterKind.allCases)
    func manyBatchesOneTransaction(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let entries = series(200)
        let total = try await store.weights.importEntries(commit: true) { inserter in
            var total = 0
            for start in stride(from: 0, to: entries.count, by: 30) {
                total += try inserter.insert(Array(entries[start..<min(start + 30, entries.count)]))
            }
            // Each entry again: all duplicates now.
            for start in stride(from: 0, to: entries.count, by: 7) {
                total += try inserter.insert(Array(entries[start..<min(start + 7, entries.count)]))
            }
            return "inserted \(total)"
        }
        #expect(total == "inserted 200")
        #expect(try await all(kind.reopen(store).weights) == entries)
    }

    @Test("the duplicate key is the minute and the weight to 0.01 kg", arguments: AdapterKind.allCases)
    func duplicateKey(kind: AdapterKind) async throws {
        let base = try entry("2026-11-20T08:30:00.000Z", 70.00)
        let cases: [(iso: String, kilograms: Double, duplicate: Bool)] = [
            ("2026-11-20T08:30:00.000Z", 70.00, true),
            ("2026-11-20T08:30:00.000Z", 70.004, true),
            ("2026-11-20T08:30:59.999Z", 70.004, true),
            ("2026-11-20T08:30:30.000Z", 69.996, true),
            ("2026-11-20T08:30:00.000Z", 70.01, false),
            ("2026-11-20T08:30:00.000Z", 69.99, false),
            ("2026-11-20T08:30:00.000Z", 70.006, false),
            ("2026-11-20T08:31:00.000Z", 70.00, false),
            ("2026-11-20T08:29:59.999Z", 70.00, false),
            ("2026-11-21T08:30:00.000Z", 70.00, false),
        ]
        for candidate in cases {
            let store = try kind.makeStore()
            try await insert([base], into: store.weights)
            let other = try entry(candidate.iso, candidate.kilograms, note: "candidate")
            let inserted = try await insert([other], into: kind.reopen(store).weights)
            #expect(inserted == (candidate.duplicate ? 0 : 1), "\(candidate)")
            let expected = candidate.duplicate ? [base] : [base, other].sorted { ($0.date, $0.id.description) < ($1.date, $1.id.description) }
            #expect(try await all(kind.reopen(store).weights) == expected, "\(candidate)")
            // Inside one batch the rule is the same.
            let fresh = try kind.makeStore()
            #expect(try await insert([base, other], into: fresh.weights) == (candidate.duplicate ? 1 : 2), "\(candidate)")
        }
    }

    // MARK: - Transactions

    @Test("a dry run saves nothing but sees its own inserts and the stored entries", arguments: AdapterKind.allCases)
    func dryRun(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let stored = try entry("2026-11-19T07:30:00.000Z", 69.0)
        try await insert([stored], into: store.weights)
        let first = try entry("2026-11-20T07:30:00.000Z", 70.0)
        let second = try entry("2026-11-21T07:30:00.000Z", 70.5)
        let copyOfFirst = try entry("2026-11-20T07:30:10.000Z", 70.0)
        let copyOfStored = try entry("2026-11-19T07:30:10.000Z", 69.0)
        let bulk = series(100, from: "2026-10-01T06:00:00.000Z")

        let counts = try await kind.reopen(store).weights.importEntries(commit: false) { inserter in
            [try inserter.insert([first, second]),
             try inserter.insert([copyOfFirst]),
             try inserter.insert([first]),
             try inserter.insert([copyOfStored]),
             try inserter.insert(bulk),
             try inserter.insert(bulk)]
        }
        #expect(counts == [2, 0, 0, 0, 100, 0])
        #expect(try await all(store.weights) == [stored])
        #expect(try await all(kind.reopen(store).weights) == [stored])

        // The same import committed saves what the dry run reported.
        let committed = try await store.weights.importEntries(commit: true) { inserter in
            try inserter.insert([first, second]) + inserter.insert([copyOfFirst, copyOfStored]) + inserter.insert(bulk)
        }
        #expect(committed == 102)
        #expect(try await all(kind.reopen(store).weights) == bulk + [stored, first, second])
    }

    @Test("a body that throws saves nothing, even after inserting 100 entries", arguments: AdapterKind.allCases)
    func throwingBodySavesNothing(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let stored = try entry("2025-11-19T07:30:00.000Z", 69.0)
        try await insert([stored], into: store.weights)
        let bulk = series(100)
        let weights = try kind.reopen(store).weights

        await #expect(throws: Refused.self) {
            try await weights.importEntries(commit: true) { inserter -> Int in
                let inserted = try inserter.insert(bulk)
                #expect(inserted == 100)
                throw Refused()
            }
        }
        await #expect(throws: Refused.self) {
            try await weights.importEntries(commit: true) { inserter -> Int in
                for entry in bulk { _ = try inserter.insert([entry]) }
                throw Refused()
            }
        }
        #expect(try await all(store.weights) == [stored])
        #expect(try await all(kind.reopen(store).weights) == [stored])
        // Nothing half-applied blocks the next import.
        #expect(try await insert(bulk, into: weights) == 100)
        #expect(try await all(kind.reopen(store).weights).count == 101)
    }

    @Test("batches of 64, 65, 128, 150 and more are inserted whole, in order, with duplicates anywhere in them",
          arguments: AdapterKind.allCases)
    func largeBatches(kind: AdapterKind) async throws {
        for size in [63, 64, 65, 127, 128, 129, 150, 1000] {
            let store = try kind.makeStore()
            let entries = series(size)
            #expect(try await insert(entries, into: store.weights) == size, "size \(size)")
            #expect(try await all(kind.reopen(store).weights) == entries, "size \(size)")
            // All of them again: nothing new, in a full batch or not.
            #expect(try await insert(entries, into: store.weights) == 0, "size \(size)")
            #expect(try await insert(entries.reversed(), into: store.weights) == 0, "size \(size)")
            #expect(try await all(kind.reopen(store).weights).count == size, "size \(size)")
        }

        // 150 unique entries with copies placed inside the first batch of 64, in the second
        // batch of an earlier batch's entry, and in the single-row tail.
        let store = try kind.makeStore()
        let unique = series(150, from: "2026-02-01T06:00:00.000Z", kilograms: 50)
        func copy(of index: Int) -> WeightEntry {
            WeightEntry(unchecked: .init(), date: unique[index].date.addingTimeInterval(0.5),
                        kilograms: unique[index].kilograms + 0.001, note: "copy of \(index)", source: .manual)
        }
        var mixed: [WeightEntry] = []
        for (index, entry) in unique.enumerated() {
            mixed.append(entry)
            switch index {
            case 9: mixed.append(copy(of: 3))    // row 10: first batch, copy of row 3
            case 61: mixed.append(copy(of: 0))   // row 63: last row of the first batch
            case 97: mixed.append(copy(of: 5))   // row 100: second batch, copy of a first-batch row
            case 99: mixed.append(copy(of: 99))  // row 103: second batch, copy of the row before it
            case 149: mixed.append(copy(of: 140)) // row 154: single-row tail
            default: break
            }
        }
        #expect(mixed.count == 155)
        #expect(mixed[10].note == "copy of 3")
        #expect(mixed[63].note == "copy of 0")
        #expect(mixed[100].note == "copy of 5")
        #expect(mixed[103].note == "copy of 99")
        #expect(try await insert(mixed, into: store.weights) == 150)
        #expect(try await all(kind.reopen(store).weights) == unique)

        // A batch of 150: 20 stored ones and 130 new, interleaved.
        let more = series(130, from: "2026-03-01T06:00:00.000Z", kilograms: 80)
        var interleaved: [WeightEntry] = []
        for index in 0..<130 {
            interleaved.append(more[index])
            if index < 20 { interleaved.append(unique[index * 7]) }
        }
        #expect(interleaved.count == 150)
        #expect(try await insert(interleaved, into: store.weights) == 130)
        #expect(try await all(kind.reopen(store).weights) == unique + more)
    }

    // MARK: - Walking every entry

    @Test("forEachEntry visits every entry oldest first and stops when the body throws",
          arguments: AdapterKind.allCases)
    func forEachEntry(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let entries = series(150)
        let cluster = try minuteCluster()
        try await insert(entries.reversed() + cluster, into: store.weights)
        let weights = try kind.reopen(store).weights
        let expected = try await weights.entries(since: nil)
        #expect(expected.count == 157)

        let visits = Visits()
        try await weights.forEachEntry { visits.append($0) }
        #expect(visits.entries == expected)

        let stopped = Visits()
        await #expect(throws: Refused.self) {
            try await weights.forEachEntry { entry in
                stopped.append(entry)
                if stopped.entries.count == 3 { throw Refused() }
            }
        }
        #expect(stopped.entries == Array(expected.prefix(3)))
        // A walk changes nothing.
        #expect(try await all(kind.reopen(store).weights) == expected)
    }

    // MARK: - Persistence and concurrency

    @Test("entries persist across reopening, and changes through one handle are seen by the other",
          arguments: AdapterKind.allCases)
    func persistence(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let first = try entry("2026-11-20T07:30:00.123Z", 69.98893146900001, note: "a, \"b\"\nc")
        let second = try entry("2026-11-21T07:30:00.000Z", 70.1, source: .imported)
        try await insert([first], into: store.weights)

        let other = try kind.reopen(store)
        #expect(try await all(other.weights) == [first])
        try await insert([second], into: other.weights)
        #expect(try await all(store.weights) == [first, second])
        #expect(try await store.weights.latest(atOrBefore: nil) == second)
        #expect(try await kind.reopen(store).weights.remove(first.id))
        #expect(try await all(store.weights) == [second])
        #expect(try await all(kind.reopen(other).weights) == [second])
    }

    @Test("two imports at once through separate handles lose nothing and insert a shared weigh-in once",
          arguments: AdapterKind.allCases)
    func concurrentImports(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let left = try kind.reopen(store).weights
        let right = try kind.reopen(store).weights
        let leftEntries = series(300, from: "2026-01-01T06:00:00.000Z", kilograms: 60)
        let rightEntries = series(300, from: "2026-06-01T06:00:00.000Z", kilograms: 90)
        let shared = series(40, from: "2026-12-01T06:00:00.000Z", kilograms: 75)

        let insertedShared = try await withThrowingTaskGroup(of: Int.self) { group in
            for (weights, entries) in [(left, leftEntries), (right, rightEntries)] {
                group.addTask {
                    var sharedCount = 0
                    for start in stride(from: 0, to: entries.count, by: 30) {
                        let chunk = Array(entries[start..<start + 30])
                        let sharedChunk = Array(shared[(start / 30 * 4)..<(start / 30 * 4 + 4)])
                        let counts = try await weights.importEntries(commit: true) { inserter in
                            (try inserter.insert(chunk), try inserter.insert(sharedChunk))
                        }
                        #expect(counts.0 == 30)
                        sharedCount += counts.1
                    }
                    return sharedCount
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(insertedShared == shared.count)
        let loaded = try await all(kind.reopen(store).weights)
        #expect(loaded == leftEntries + rightEntries + shared)
    }
}

/// Entries seen by a `forEachEntry` body (which must be `Sendable`).
private final class Visits: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [WeightEntry] = []

    func append(_ entry: WeightEntry) {
        lock.lock()
        defer { lock.unlock() }
        seen.append(entry)
    }

    var entries: [WeightEntry] {
        lock.lock()
        defer { lock.unlock() }
        return seen
    }
}
