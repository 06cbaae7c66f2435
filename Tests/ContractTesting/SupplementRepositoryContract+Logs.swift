import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Logs

extension SupplementRepositoryContract {
    static let logUpsert = Case("one log per supplement and day: a later save replaces it") { factory in
        let store = try await factory.make()
        let first = log(0, day, taken: true, minute: 1)
        let other = log(1, day, taken: true, minute: 2)
        let yesterday = log(0, day.adding(days: -1), taken: true, minute: 3)
        for entry in [first, other, yesterday] { try await store.subject.save(entry) }
        let replacement = log(0, day, taken: false, minute: 30)
        try await store.reopen().save(replacement)

        let reopened = try await store.reopen()
        let today = try await reopened.logs(on: day...day)
        #expect(today.count == 2)
        #expect(today.first { $0.supplementID == customStack[0].id } == replacement)
        #expect(today.first { $0.supplementID == customStack[1].id } == other)
        #expect(try await reopened.logs(on: day.adding(days: -1)...day.adding(days: -1)) == [yesterday])

        let again = log(0, day, taken: true, minute: 45)
        try await reopened.save(again)
        #expect(try await store.subject.logs(on: day...day).first { $0.supplementID == customStack[0].id } == again)
        #expect(try await store.subject.logs(on: day...day).count == 2)
    }

    static let logsRange = Case("logs come back exactly, only in the range, by day") { factory in
        let store = try await factory.make()
        let offsets = [2, -1, 0, -7, -3, 1, -6]
        let logs = offsets.enumerated().map { index, offset in
            log(index % customStack.count, day.adding(days: offset), taken: index % 3 != 0, minute: index)
        }
        for entry in logs { try await store.subject.save(entry) }
        // Two on one day, so the order within a day does not decide the test.
        let sameDay = log(3, day, taken: true, minute: 59)
        try await store.subject.save(sameDay)

        let range = day.adding(days: -6)...day.adding(days: 1)
        let loaded = try await store.reopen().logs(on: range)
        let expected = (logs + [sameDay]).filter { range.contains($0.day) }
        #expect(loaded.count == expected.count)
        #expect(Set(loaded.map { "\($0.day)|\($0.supplementID)|\($0.taken)|\(Timestamp.format($0.timestamp))" })
                == Set(expected.map { "\($0.day)|\($0.supplementID)|\($0.taken)|\(Timestamp.format($0.timestamp))" }))
        for entry in expected { #expect(loaded.contains(entry), "\(entry)") }
        #expect(loaded.map(\.day) == loaded.map(\.day).sorted())
        #expect(!loaded.contains { $0.day == day.adding(days: -7) || $0.day == day.adding(days: 2) })
    }

    static let logOfRemovedSupplement = Case(
        "a log's day and timestamp survive as given, even for a supplement no longer in the stack"
    ) { factory in
        let store = try await factory.make()
        let orphan = SupplementLog(day: day, supplementID: .init(), taken: true,
                                   timestamp: Fixtures.instant("2026-11-20T23:59:59.999Z"))
        try await store.subject.save(orphan)
        #expect(try await store.reopen().logs(on: day...day) == [orphan])
        #expect(try await store.reopen().stack() == SupplementStack())
    }
}
