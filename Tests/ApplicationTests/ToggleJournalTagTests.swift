import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("ToggleJournalTag")
struct ToggleJournalTagTests {
    @Test("the first toggle of a day creates its journal and saves it at once")
    func createsOnFirstUse() async throws {
        let world = TestWorld(now: "2026-03-01T10:00:00+01:00")
        let day = Fixtures.day("2026-03-01")
        #expect(await world.journals.journal(on: day) == nil)
        let journal = try await world.toggleJournalTag.execute(.coffee)
        #expect(journal.day == day)
        #expect(journal.tags == ["coffee"])
        #expect(journal.notes == nil)
        #expect(await world.journals.journal(on: day) == journal)
    }

    @Test("toggling twice removes the tag again; the journal stays one")
    func toggleTwice() async throws {
        let world = TestWorld()
        let day = Fixtures.day("2026-02-27")
        _ = try await world.toggleJournalTag.execute(.stress, day: day)
        _ = try await world.toggleJournalTag.execute(.work, day: day)
        let journal = try await world.toggleJournalTag.execute(.stress, day: day)
        #expect(journal.tags == ["work"])
        #expect(!journal.legacy.highStress)
        let stored = await world.journals.journals(on: day.adding(days: -1)...day.adding(days: 1))
        #expect(stored == [journal])
        let last = try await world.toggleJournalTag.execute(.work, day: day)
        #expect(last.tags.isEmpty)
        #expect(await world.journals.journal(on: day)?.tags == [])
    }

    @Test("every tag can be toggled on, and they all end in one journal")
    func everyTag() async throws {
        let world = TestWorld()
        for tag in JournalTag.allCases { _ = try await world.toggleJournalTag.execute(tag) }
        let journal = try #require(await world.journals.journal(on: world.time.today()))
        #expect(journal.knownTags == JournalTag.allCases)
    }

    @Test("a toggle keeps the notes, other tags, and tags this version does not know")
    func keepsTheRest() async throws {
        let day = Fixtures.day("2026-03-01")
        let world = TestWorld()
        try await world.journals.update(day) { stored in
            stored = DailyJournal(day: day, notes: "long day", tags: ["sauna", "work"])
        }
        let journal = try await world.toggleJournalTag.execute(.alcohol)
        #expect(journal.tags == ["alcohol", "sauna", "work"])
        #expect(journal.notes == "long day")
        #expect(journal.legacy.consumedAlcohol)
        #expect(await world.journals.journal(on: day) == journal)
    }

    @Test("the default day is today in the person's time zone, near midnight", arguments: [
        ("2026-03-01T23:30:00Z", "Europe/Amsterdam", "2026-03-02"),
        ("2026-03-01T22:59:59Z", "Europe/Amsterdam", "2026-03-01"),
        ("2026-03-02T03:30:00Z", "America/New_York", "2026-03-01"),
        ("2026-03-02T05:00:00Z", "America/New_York", "2026-03-02"),
        ("2026-03-01T11:30:00Z", "Pacific/Auckland", "2026-03-02"),
    ])
    func defaultDayNearMidnight(now: String, zone: String, expected: String) async throws {
        let world = TestWorld(now: now, zone: zone)
        let journal = try await world.toggleJournalTag.execute(.poorSleep)
        #expect(journal.day == Fixtures.day(expected))
        let stored = await world.journals.journals(on: Fixtures.day("2026-02-28")...Fixtures.day("2026-03-03"))
        #expect(stored.map(\.day) == [Fixtures.day(expected)])
    }

    @Test("concurrent toggles of every tag on one day all land")
    func concurrent() async throws {
        let world = TestWorld()
        let toggle = world.toggleJournalTag
        let day = Fixtures.day("2026-03-01")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for tag in JournalTag.allCases { group.addTask { _ = try await toggle.execute(tag, day: day) } }
            try await group.waitForAll()
        }
        #expect(await world.journals.journal(on: day)?.knownTags == JournalTag.allCases)
    }
}
