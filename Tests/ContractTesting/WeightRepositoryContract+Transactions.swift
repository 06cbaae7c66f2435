import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Transactions

extension WeightRepositoryContract {
    static let dryRun = Case("a dry run saves nothing but sees its own inserts and the stored entries") { factory in
        let store = try await factory.make()
        let stored = try entry("2026-11-19T07:30:00.000Z", 69.0)
        try await insert([stored], into: store.subject)
        let first = try entry("2026-11-20T07:30:00.000Z", 70.0)
        let second = try entry("2026-11-21T07:30:00.000Z", 70.5)
        let copyOfFirst = try entry("2026-11-20T07:30:10.000Z", 70.0)
        let copyOfStored = try entry("2026-11-19T07:30:10.000Z", 69.0)
        let bulk = series(100, from: "2026-10-01T06:00:00.000Z")

        let counts = try await store.reopen().importEntries(commit: false) { inserter in
            [try inserter.insert([first, second]),
             try inserter.insert([copyOfFirst]),
             try inserter.insert([first]),
             try inserter.insert([copyOfStored]),
             try inserter.insert(bulk),
             try inserter.insert(bulk)]
        }
        #expect(counts == [2, 0, 0, 0, 100, 0])
        #expect(try await all(store.subject) == [stored])
        #expect(try await all(store.reopen()) == [stored])

        // The same import committed saves what the dry run reported.
        let committed = try await store.subject.importEntries(commit: true) { inserter in
            try inserter.insert([first, second]) + inserter.insert([copyOfFirst, copyOfStored]) + inserter.insert(bulk)
        }
        #expect(committed == 102)
        #expect(try await all(store.reopen()) == bulk + [stored, first, second])
    }

    static let throwingBodySavesNothing = Case(
        "a body that throws saves nothing, even after inserting 100 entries"
    ) { factory in
        let store = try await factory.make()
        let stored = try entry("2025-11-19T07:30:00.000Z", 69.0)
        try await insert([stored], into: store.subject)
        let bulk = series(100)
        let weights = try await store.reopen()

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
        #expect(try await all(store.subject) == [stored])
        #expect(try await all(store.reopen()) == [stored])
        // Nothing half-applied blocks the next import.
        #expect(try await insert(bulk, into: weights) == 100)
        #expect(try await all(store.reopen()).count == 101)
    }

    static let largeBatches = Case(
        "batches of 64, 65, 128, 150 and more are inserted whole, in order, with duplicates anywhere in them"
    ) { factory in
        for size in [63, 64, 65, 127, 128, 129, 150, 1000] {
            let store = try await factory.make()
            let entries = series(size)
            #expect(try await insert(entries, into: store.subject) == size, "size \(size)")
            #expect(try await all(store.reopen()) == entries, "size \(size)")
            // All of them again: nothing new, in a full batch or not.
            #expect(try await insert(entries, into: store.subject) == 0, "size \(size)")
            #expect(try await insert(entries.reversed(), into: store.subject) == 0, "size \(size)")
            #expect(try await all(store.reopen()).count == size, "size \(size)")
        }

        // 150 unique entries with copies placed inside the first batch of 64, in the second
        // batch of an earlier batch's entry, and in the single-row tail.
        let store = try await factory.make()
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
        #expect(try await insert(mixed, into: store.subject) == 150)
        #expect(try await all(store.reopen()) == unique)

        // A batch of 150: 20 stored ones and 130 new, interleaved.
        let more = series(130, from: "2026-03-01T06:00:00.000Z", kilograms: 80)
        var interleaved: [WeightEntry] = []
        for index in 0..<130 {
            interleaved.append(more[index])
            if index < 20 { interleaved.append(unique[index * 7]) }
        }
        #expect(interleaved.count == 150)
        #expect(try await insert(interleaved, into: store.subject) == 130)
        #expect(try await all(store.reopen()) == unique + more)
    }
}
