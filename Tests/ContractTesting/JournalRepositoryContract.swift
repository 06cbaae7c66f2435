import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `JournalRepository` adapter keeps: one journal per day, exact round
/// trips, tags this version does not know kept, legacy booleans in step with the tags, range
/// queries oldest first, and updates that are atomic, stay on their day, save nothing when they
/// throw and lose nothing when they race.
public enum JournalRepositoryContract {
    typealias Case = ContractCase<any JournalRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any JournalRepository>] = [
        empty, roundTrip, emptyJournalRoundTrip, onePerDay, changeSeesStored, noCreationWithoutJournal,
        unknownTagsSurvive, legacyBooleans, rangeAndOrder, throwingUpdateSavesNothing, journalDayFixed,
        concurrentToggles, concurrentNotesAndToggles,
    ]

    static let day = Fixtures.day("2026-11-20")

    /// Saves `journal` as the journal of its day.
    static func save(_ journal: DailyJournal, in repository: any JournalRepository) async throws {
        try await repository.update(journal.day) { stored in stored = journal }
    }

    // MARK: - Round trips

    static let empty = Case("an empty store has no journals") { factory in
        let journals = try await factory.make().subject
        #expect(try await journals.journal(on: day) == nil)
        #expect(try await journals.journals(on: day.adding(days: -30)...day.adding(days: 30)).isEmpty)
    }

    static let roundTrip = Case("a journal comes back exactly through another handle") { factory in
        let store = try await factory.make()
        let journal = DailyJournal(day: day, notes: "Slept badly; \"quotes\", emoji 😴\nand a second line",
                                   tags: ["poorSleep", "coffee", "stress", "teleportation"])
        try await save(journal, in: store.subject)
        let reopened = try await store.reopen()
        #expect(try await reopened.journal(on: day) == journal)
        #expect(try await reopened.journals(on: day...day) == [journal])
    }

    static let emptyJournalRoundTrip = Case("a journal without notes or tags round-trips as stored") { factory in
        let store = try await factory.make()
        try await save(DailyJournal(day: day), in: store.subject)
        #expect(try await store.reopen().journal(on: day) == DailyJournal(day: day))
    }

    static let unknownTagsSurvive = Case(
        "tag raw values this version does not know survive a load and save"
    ) { factory in
        let store = try await factory.make()
        try await save(DailyJournal(day: day, notes: nil, tags: ["coffee", "zeroGravity", "sauna"]), in: store.subject)
        let loaded = try #require(try await store.reopen().journal(on: day))
        #expect(loaded.tags == ["coffee", "sauna", "zeroGravity"])
        #expect(loaded.knownTags == [.coffee])

        try await store.reopen().update(day) { stored in
            var journal = stored ?? DailyJournal(day: day)
            journal.toggle(.stress)
            journal.toggle(.coffee)
            stored = journal
        }
        let saved = try await store.reopen().journal(on: day)
        #expect(saved?.tags == ["sauna", "stress", "zeroGravity"])
    }

    static let legacyBooleans = Case("the legacy booleans come back consistent with the tags") { factory in
        let store = try await factory.make()
        var journal = DailyJournal(day: day)
        journal.toggle(.alcohol)
        journal.toggle(.exercise)
        journal.toggle(.coffee)
        journal.setLegacy(\.highStress, true)
        try await save(journal, in: store.subject)
        let loaded = try #require(try await store.reopen().journal(on: day))
        #expect(loaded.legacy == DailyJournal.LegacyFlags(consumedAlcohol: true, caffeineAfter2PM: false, ateLate: false,
                                                          highStress: true, exercised: true))
        #expect(loaded.tags == ["alcohol", "coffee", "exercise", "stress"])

        try await store.reopen().update(day) { stored in
            stored?.setLegacy(\.consumedAlcohol, false)
            stored?.setLegacy(\.ateLate, true)
        }
        let changed = try #require(try await store.reopen().journal(on: day))
        #expect(changed.legacy == DailyJournal.LegacyFlags(consumedAlcohol: false, caffeineAfter2PM: false, ateLate: true,
                                                           highStress: true, exercised: true))
        #expect(changed.tags == ["coffee", "exercise", "lateEating", "stress"])
    }

    static let rangeAndOrder = Case("journals(on:) holds only the days in the range, oldest first") { factory in
        let store = try await factory.make()
        let offsets = [1, -2, 0, -5, 3, -3]
        for offset in offsets {
            try await save(DailyJournal(day: day.adding(days: offset), notes: "day \(offset)", tags: ["work"]),
                           in: store.subject)
        }
        let reopened = try await store.reopen()
        let inRange = try await reopened.journals(on: day.adding(days: -3)...day.adding(days: 1))
        #expect(inRange.map(\.day) == [-3, -2, 0, 1].map { day.adding(days: $0) })
        #expect(inRange.map(\.notes) == ["day -3", "day -2", "day 0", "day 1"])
        #expect(try await reopened.journals(on: day...day).map(\.day) == [day])
        #expect(try await reopened.journals(on: day.adding(days: -1)...day.adding(days: -1)).isEmpty)
        // A range spanning a month and a year boundary compares days, not text lengths.
        let newYear = Fixtures.day("2026-12-31")
        try await save(DailyJournal(day: newYear.adding(days: 1), notes: nil, tags: ["travel"]), in: store.subject)
        #expect(try await reopened.journals(on: newYear...newYear.adding(days: 1)).map(\.day)
                == [Fixtures.day("2027-01-01")])
    }
}
