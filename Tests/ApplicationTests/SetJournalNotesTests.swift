import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

@Suite("SetJournalNotes")
struct SetJournalNotesTests {
    let day = Fixtures.day("2026-03-01")

    @Test("notes on a day without a journal create it and save at once")
    func createsOnFirstUse() async throws {
        let world = TestWorld()
        let journal = try await world.setJournalNotes.execute("Slept badly, big meeting")
        #expect(journal.day == day)
        #expect(journal.notes == "Slept badly, big meeting")
        #expect(journal.tags.isEmpty)
        #expect(await world.journals.journal(on: day) == journal)
    }

    @Test("notes replace earlier notes and keep the tags")
    func replacesKeepingTags() async throws {
        let world = TestWorld()
        _ = try await world.toggleJournalTag.execute(.coffee)
        _ = try await world.setJournalNotes.execute("first")
        let journal = try await world.setJournalNotes.execute("second\nline")
        #expect(journal.notes == "second\nline")
        #expect(journal.tags == ["coffee"])
        #expect(await world.journals.journals(on: day...day) == [journal])
    }

    @Test("empty or blank text clears the notes", arguments: ["", "   ", "\n\t "])
    func clears(text: String) async throws {
        let world = TestWorld()
        _ = try await world.toggleJournalTag.execute(.work)
        _ = try await world.setJournalNotes.execute("something")
        let journal = try await world.setJournalNotes.execute(text)
        #expect(journal.notes == nil)
        #expect(await world.journals.journal(on: day)?.notes == nil)
        #expect(await world.journals.journal(on: day)?.tags == ["work"])
    }

    @Test("notes longer than the maximum are refused and nothing is saved")
    func tooLong() async throws {
        let world = TestWorld()
        let tooLong = String(repeating: "a", count: SetJournalNotes.maximumLength + 1)
        await #expect(throws: JournalError.notesTooLong(SetJournalNotes.maximumLength + 1)) {
            try await world.setJournalNotes.execute(tooLong)
        }
        #expect(await world.journals.journal(on: day) == nil)

        _ = try await world.setJournalNotes.execute("kept")
        await #expect(throws: JournalError.self) { try await world.setJournalNotes.execute(tooLong, day: day) }
        #expect(await world.journals.journal(on: day)?.notes == "kept")
        #expect(english(JournalError.notesTooLong(10_001)).contains("10000"))
    }

    @Test("notes of exactly the maximum length are accepted")
    func maximum() async throws {
        let world = TestWorld()
        let text = String(repeating: "é", count: SetJournalNotes.maximumLength)
        #expect(try await world.setJournalNotes.execute(text).notes == text)
    }

    @Test("the default day is today in the person's time zone, near midnight")
    func defaultDay() async throws {
        let world = TestWorld(now: "2026-03-01T23:15:00Z", zone: "Europe/Amsterdam")
        let journal = try await world.setJournalNotes.execute("after midnight")
        #expect(journal.day == Fixtures.day("2026-03-02"))
        #expect(await world.journals.journal(on: Fixtures.day("2026-03-01")) == nil)
    }

    @Test("an explicit day is used as given")
    func explicitDay() async throws {
        let world = TestWorld()
        let other = Fixtures.day("2025-12-31")
        let journal = try await world.setJournalNotes.execute("new year's eve", day: other)
        #expect(journal.day == other)
        #expect(await world.journals.journal(on: other)?.notes == "new year's eve")
        #expect(await world.journals.journal(on: day) == nil)
    }
}
