import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("GetJournal")
struct GetJournalTests {
    @Test("a day without a journal reads as empty, and nothing is created")
    func noCreation() async throws {
        let world = TestWorld()
        let day = Fixtures.day("2026-03-01")
        let journal = try await world.getJournal.execute()
        #expect(journal == DailyJournal(day: day))
        #expect(await world.journals.journal(on: day) == nil)
        #expect(try await world.getJournal.execute(day: Fixtures.day("2026-01-05")) == DailyJournal(day: Fixtures.day("2026-01-05")))
        #expect(await world.journals.journals(on: Fixtures.day("2026-01-01")...day).isEmpty)
    }

    @Test("a saved journal comes back exactly as left, on any later day")
    func exactlyAsLeft() async throws {
        let world = TestWorld()
        let day = Fixtures.day("2026-03-01")
        _ = try await world.toggleJournalTag.execute(.coffee)
        _ = try await world.toggleJournalTag.execute(.exercise)
        let saved = try await world.setJournalNotes.execute("run at 7")
        world.advance(days: 40)
        let journal = try await world.getJournal.execute(day: day)
        #expect(journal == saved)
        #expect(journal.legacy.exercised)
        #expect(try await world.getJournal.execute() == DailyJournal(day: day.adding(days: 40)))
    }

    @Test("the default day is today in the person's time zone")
    func defaultDay() async throws {
        let world = TestWorld(now: "2026-03-02T04:00:00Z", zone: "America/New_York")
        #expect(try await world.getJournal.execute().day == Fixtures.day("2026-03-01"))
    }
}
