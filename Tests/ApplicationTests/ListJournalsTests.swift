import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("ListJournals")
struct ListJournalsTests {
    let today = Fixtures.day("2026-03-01")

    func world(journalsOn offsets: [Int]) async throws -> TestWorld {
        let world = TestWorld()
        for offset in offsets {
            // Straight into the store: a future day (from a device whose clock runs ahead)
            // cannot be recorded through the use cases.
            let day = today.adding(days: offset)
            try await world.journals.update(day) { $0 = DailyJournal(day: day, notes: nil, tags: [JournalTag.work.rawValue]) }
        }
        return world
    }

    @Test("the saved journals of the last N days, today included, oldest first")
    func window() async throws {
        let world = try await world(journalsOn: [0, -3, -6, -7, 1, -1])
        let week = try await world.listJournals.execute(days: 7)
        #expect(week.map(\.day) == [-6, -3, -1, 0].map { today.adding(days: $0) })
        #expect(try await world.listJournals.execute().map(\.day) == week.map(\.day))
        #expect(try await world.listJournals.execute(days: 1).map(\.day) == [today])
        #expect(try await world.listJournals.execute(days: 8).map(\.day).first == today.adding(days: -7))
        #expect(try await world.listJournals.execute(days: 3660).count == 5)
    }

    @Test("no journals is an empty list, and listing creates nothing")
    func empty() async throws {
        let world = TestWorld()
        #expect(try await world.listJournals.execute(days: 30).isEmpty)
        #expect(await world.journals.journals(on: today.adding(days: -30)...today).isEmpty)
    }

    @Test("a number of days outside 1...36500 is refused", arguments: [0, -1, -7, 36_501, Int.max, Int.min])
    func invalidDays(days: Int) async {
        let world = TestWorld()
        await #expect(throws: InvalidValue(kind: .dayCount, value: "\(days)", valid: ["1…36500"])) {
            try await world.listJournals.execute(days: days)
        }
    }
}
