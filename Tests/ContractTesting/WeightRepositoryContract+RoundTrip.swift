import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Exact round trip

extension WeightRepositoryContract {
    static let exactRoundTrip = Case(
        "entries come back exactly: instant to the millisecond, kilograms bit for bit, note, source"
    ) { factory in
        let store = try await factory.make()
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
        #expect(try await insert(Array(given.reversed().prefix(4)), into: store.subject) == 4)
        #expect(try await insert(Array(given.reversed().dropFirst(4)), into: store.subject) == 5)

        let loaded = try await all(store.reopen())
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

    static let extremeValuesRoundTrip = Case(
        "extreme but valid values come back exactly: the smallest and largest weights, instants before 1970"
    ) { factory in
        let store = try await factory.make()
        let given = try [
            entry("1969-12-31T23:59:59.999Z", Double.leastNonzeroMagnitude, note: "smallest positive double"),
            entry("1969-12-31T23:59:00.000Z", 700.0.nextDown),
            entry("1950-06-01T08:00:00.001Z", 700),
            entry("2099-12-31T23:59:59.999Z", Double.ulpOfOne),
            entry("1970-01-01T00:00:00.000Z", 1e-10),
        ]
        #expect(try await insert(given, into: store.subject) == given.count)
        let loaded = try await all(store.reopen())
        #expect(loaded == given.sorted { $0.date < $1.date })
        #expect(loaded.map(\.kilograms.bitPattern) == given.sorted { $0.date < $1.date }.map(\.kilograms.bitPattern))
        #expect(loaded.map { Timestamp.format($0.date) }
                == ["1950-06-01T08:00:00.001Z", "1969-12-31T23:59:00.000Z", "1969-12-31T23:59:59.999Z",
                    "1970-01-01T00:00:00.000Z", "2099-12-31T23:59:59.999Z"])
        // Before 1970 the minute is floored: 23:59:00.000 and 23:59:59.999 are one minute.
        let sameMinute = try entry("1969-12-31T23:59:30.000Z", 700.0.nextDown)
        #expect(try await insert([sameMinute], into: store.subject) == 0)
    }
}
