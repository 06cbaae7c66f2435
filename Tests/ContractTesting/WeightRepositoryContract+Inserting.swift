import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Remove, inserting and duplicates

extension WeightRepositoryContract {
    static let remove = Case(
        "remove reports whether the entry existed and frees its weigh-in to be recorded again"
    ) { factory in
        let store = try await factory.make()
        let first = try entry("2026-11-20T07:30:00.000Z", 70.0, note: "first")
        let second = try entry("2026-11-21T07:30:00.000Z", 70.0)
        try await insert([first, second], into: store.subject)

        #expect(try await store.reopen().remove(first.id) == true)
        #expect(try await store.reopen().remove(first.id) == false)
        #expect(try await store.reopen().remove(WeightEntry.ID()) == false)
        #expect(try await all(store.reopen()) == [second])
        #expect(try await store.subject.latest(atOrBefore: nil) == second)
        #expect(try await store.subject.entries(idPrefix: first.id.description, limit: 6).isEmpty)

        // The same weigh-in (a new id, same minute and weight) can be recorded again...
        let again = try entry("2026-11-20T07:30:30.000Z", 70.001, note: "again")
        #expect(try await insert([again], into: store.reopen()) == 1)
        #expect(try await all(store.subject) == [again, second])
        // ...and after removing it, the original entry itself.
        #expect(try await store.subject.remove(again.id))
        #expect(try await insert([first], into: store.subject) == 1)
        #expect(try await all(store.reopen()) == [first, second])
    }

    // MARK: - Inserting and duplicates

    static let insertCounts = Case(
        "insert counts what it inserted: duplicates of stored entries, inside one batch and across batches are skipped"
    ) { factory in
        let store = try await factory.make()
        let stored = try entry("2026-11-20T07:30:00.000Z", 70.0, note: "kept")
        try await insert([stored], into: store.subject)

        let copyOfStored = try entry("2026-11-20T07:30:45.000Z", 70.0, note: "copy")
        let new = try entry("2026-11-20T19:00:00.000Z", 71.2, note: "evening")
        let copyOfNew = try entry("2026-11-20T19:00:00.500Z", 71.204, note: "copy in the same batch")
        let later = try entry("2026-11-21T07:30:00.000Z", 70.5)
        let copyOfLater = try entry("2026-11-21T07:30:01.000Z", 70.5, note: "copy in a later batch")
        let last = try entry("2026-11-22T07:30:00.000Z", 70.4)

        let counts = try await store.reopen().importEntries(commit: true) { inserter in
            [try inserter.insert([copyOfStored, new, copyOfNew, later]),
             try inserter.insert([copyOfLater]),
             try inserter.insert([stored, new, last]),
             try inserter.insert([]),
             try inserter.insert([last, last])]
        }
        #expect(counts == [2, 0, 1, 0, 0])
        // The first of each weigh-in is kept, untouched.
        let loaded = try await all(store.reopen())
        #expect(loaded == [stored, new, later, last])
        #expect(loaded.first?.note == "kept")
        #expect(loaded.first?.id == stored.id)
    }

    static let manyBatchesOneTransaction = Case(
        "an import that inserts in many batches saves them together and returns the body's result"
    ) { factory in
        let store = try await factory.make()
        let entries = series(200)
        let total = try await store.subject.importEntries(commit: true) { inserter in
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
        #expect(try await all(store.reopen()) == entries)
    }

    static let duplicateKey = Case("the duplicate key is the minute and the weight to 0.01 kg") { factory in
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
            let store = try await factory.make()
            try await insert([base], into: store.subject)
            let other = try entry(candidate.iso, candidate.kilograms, note: "candidate")
            let inserted = try await insert([other], into: store.reopen())
            #expect(inserted == (candidate.duplicate ? 0 : 1), "\(candidate)")
            let expected = candidate.duplicate
                ? [base] : [base, other].sorted { ($0.date, $0.id.description) < ($1.date, $1.id.description) }
            #expect(try await all(store.reopen()) == expected, "\(candidate)")
            // Inside one batch the rule is the same.
            let fresh = try await factory.make()
            #expect(try await insert([base, other], into: fresh.subject) == (candidate.duplicate ? 1 : 2), "\(candidate)")
        }
    }
}
