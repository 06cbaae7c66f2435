import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Walking every entry

extension WeightRepositoryContract {
    static let forEachEntry = Case(
        "forEachEntry visits every entry oldest first and stops when the body throws"
    ) { factory in
        let store = try await factory.make()
        let entries = series(150)
        let cluster = try minuteCluster()
        try await insert(entries.reversed() + cluster, into: store.subject)
        let weights = try await store.reopen()
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
        #expect(try await all(store.reopen()) == expected)
    }

    // MARK: - Persistence and concurrency

    static let persistence = Case(
        "entries persist across reopening, and changes through one handle are seen by the other"
    ) { factory in
        let store = try await factory.make()
        let first = try entry("2026-11-20T07:30:00.123Z", 69.98893146900001, note: "a, \"b\"\nc")
        let second = try entry("2026-11-21T07:30:00.000Z", 70.1, source: .imported)
        try await insert([first], into: store.subject)

        let other = try await store.reopen()
        #expect(try await all(other) == [first])
        try await insert([second], into: other)
        #expect(try await all(store.subject) == [first, second])
        #expect(try await store.subject.latest(atOrBefore: nil) == second)
        #expect(try await store.reopen().remove(first.id))
        #expect(try await all(store.subject) == [second])
        #expect(try await all(store.reopen()) == [second])
    }

    static let concurrentImports = Case(
        "two imports at once through separate handles lose nothing and insert a shared weigh-in once"
    ) { factory in
        let store = try await factory.make()
        let left = try await store.reopen()
        let right = try await store.reopen()
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
        let loaded = try await all(store.reopen())
        #expect(loaded == leftEntries + rightEntries + shared)
    }
}
