import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// The contract every `JournalRepository` adapter keeps.
@Suite("JournalRepository contract")
struct JournalRepositoryContractTests {
    let day = Fixtures.day("2026-11-20")

    struct Refused: Error, Equatable {}

    /// Saves `journal` as the journal of its day.
    func save(_ journal: DailyJournal, in repository: any JournalRepository) async throws {
        try await repository.update(journal.day) { stored in stored = journal }
    }

    @Test("an empty store has no journals", arguments: AdapterKind.allCases)
    func empty(kind: AdapterKind) async throws {
        let journals = try kind.makeStore().journals
        #expect(try await journals.journal(on: day) == nil)
        #expect(try await journals.journals(on: day.adding(days: -30)...day.adding(days: 30)).isEmpty)
    }

    @Test("a journal comes back exactly through another handle", arguments: AdapterKind.allCases)
    func roundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let journal = DailyJournal(day: day, notes: "Slept badly; \"quotes\", emoji 😴\nand a second line",
                                   tags: ["poorSleep", "coffee", "stress", "teleportation"])
        try await save(journal, in: store.journals)
        let reopened = try kind.reopen(store).journals
        #expect(try await reopened.journal(on: day) == journal)
        #expect(try await reopened.journals(on: day...day) == [journal])
    }

    @Test("a journal without notes or tags round-trips as stored", arguments: AdapterKind.allCases)
    func emptyJournalRoundTrip(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await save(DailyJournal(day: day), in: store.journals)
        #expect(try await kind.reopen(store).journals.journal(on: day) == DailyJournal(day: day))
    }

    @Test("one journal per day: updating twice leaves one", arguments: AdapterKind.allCases)
    func onePerDay(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let day = self.day
        try await store.journals.update(day) { stored in
            var journal = stored ?? DailyJournal(day: day)
            journal.toggle(.coffee)
            stored = journal
        }
        try await kind.reopen(store).journals.update(day) { stored in
            var journal = stored ?? DailyJournal(day: day)
            journal.toggle(.alcohol)
            journal.notes = "second"
            stored = journal
        }
        let all = try await kind.reopen(store).journals.journals(on: day.adding(days: -1)...day.adding(days: 1))
        #expect(all.count == 1)
        #expect(all.first?.tags == ["alcohol", "coffee"])
        #expect(all.first?.notes == "second")
    }

    @Test("the change sees the stored journal and its result is returned", arguments: AdapterKind.allCases)
    func changeSeesStored(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let journal = DailyJournal(day: day, notes: "hi", tags: ["work"])
        try await save(journal, in: store.journals)
        let seen = try await kind.reopen(store).journals.update(day) { stored in stored }
        #expect(seen == journal)
        let none = try await store.journals.update(day.adding(days: 1)) { stored in stored }
        #expect(none == nil)
    }

    @Test("an update that leaves no journal creates none", arguments: AdapterKind.allCases)
    func noCreationWithoutJournal(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await store.journals.update(day) { _ in }
        #expect(try await kind.reopen(store).journals.journal(on: day) == nil)
        #expect(try await kind.reopen(store).journals.journals(on: day...day).isEmpty)
    }

    @Test("tag raw values this version does not know survive a load and save", arguments: AdapterKind.allCases)
    func unknownTagsSurvive(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await save(DailyJournal(day: day, notes: nil, tags: ["coffee", "zeroGravity", "sauna"]), in: store.journals)
        let loaded = try #require(try await kind.reopen(store).journals.journal(on: day))
        #expect(loaded.tags == ["coffee", "sauna", "zeroGravity"])
        #expect(loaded.knownTags == [.coffee])

        let day = self.day
        try await kind.reopen(store).journals.update(day) { stored in
            var journal = stored ?? DailyJournal(day: day)
            journal.toggle(.stress)
            journal.toggle(.coffee)
            stored = journal
        }
        let saved = try await kind.reopen(store).journals.journal(on: day)
        #expect(saved?.tags == ["sauna", "stress", "zeroGravity"])
    }

    @Test("the legacy booleans come back consistent with the tags", arguments: AdapterKind.allCases)
    func legacyBooleans(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        var journal = DailyJournal(day: day)
        journal.toggle(.alcohol)
        journal.toggle(.exercise)
        journal.toggle(.coffee)
        journal.setLegacy(\.highStress, true)
        try await save(journal, in: store.journals)
        let loaded = try #require(try await kind.reopen(store).journals.journal(on: day))
        #expect(loaded.legacy == DailyJournal.LegacyFlags(consumedAlcohol: true, caffeineAfter2PM: false, ateLate: false,
                                                          highStress: true, exercised: true))
        #expect(loaded.tags == ["alcohol", "coffee", "exercise", "stress"])

        let day = self.day
        try await kind.reopen(store).journals.update(day) { stored in
            stored?.setLegacy(\.consumedAlcohol, false)
            stored?.setLegacy(\.ateLate, true)
        }
        let changed = try #require(try await kind.reopen(store).journals.journal(on: day))
        #expect(changed.legacy == DailyJournal.LegacyFlags(consumedAlcohol: false, caffeineAfter2PM: false, ateLate: true,
                                                           highStress: true, exercised: true))
        #expect(changed.tags == ["coffee", "exercise", "lateEating", "stress"])
    }

    @Test("journals(on:) holds only the days in the range, oldest first", arguments: AdapterKind.allCases)
    func rangeAndOrder(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let offsets = [1, -2, 0, -5, 3, -3]
        for offset in offsets {
            try await save(DailyJournal(day: day.adding(days: offset), notes: "day \(offset)", tags: ["work"]),
                           in: store.journals)
        }
        let reopened = try kind.reopen(store).journals
        let inRange = try await reopened.journals(on: day.adding(days: -3)...day.adding(days: 1))
        #expect(inRange.map(\.day) == [-3, -2, 0, 1].map { day.adding(days: $0) })
        #expect(inRange.map(\.notes) == ["day -3", "day -2", "day 0", "day 1"])
        #expect(try await reopened.journals(on: day...day).map(\.day) == [day])
        #expect(try await reopened.journals(on: day.adding(days: -1)...day.adding(days: -1)).isEmpty)
        // A range spanning a month and a year boundary compares days, not text lengths.
        let newYear = Fixtures.day("2026-12-31")
        try await save(DailyJournal(day: newYear.adding(days: 1), notes: nil, tags: ["travel"]), in: store.journals)
        #expect(try await reopened.journals(on: newYear...newYear.adding(days: 1)).map(\.day)
                == [Fixtures.day("2027-01-01")])
    }

    @Test("an update whose change throws saves nothing", arguments: AdapterKind.allCases)
    func throwingUpdateSavesNothing(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let original = DailyJournal(day: day, notes: "kept", tags: ["coffee"])
        try await save(original, in: store.journals)
        let day = self.day
        await #expect(throws: Refused.self) {
            try await store.journals.update(day) { stored in
                stored?.toggle(.alcohol)
                stored?.notes = "lost"
                throw Refused()
            }
        }
        await #expect(throws: Refused.self) {
            try await store.journals.update(day.adding(days: 1)) { stored in
                stored = DailyJournal(day: day.adding(days: 1), notes: "lost", tags: ["work"])
                throw Refused()
            }
        }
        let reopened = try kind.reopen(store).journals
        #expect(try await reopened.journal(on: day) == original)
        #expect(try await reopened.journal(on: day.adding(days: 1)) == nil)
    }

    @Test("every tag toggled at once from its own handle ends as one journal holding every tag",
          arguments: AdapterKind.allCases)
    func concurrentToggles(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let day = self.day
        let handles = try JournalTag.allCases.map { tag in (tag, try kind.reopen(store).journals) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (tag, journals) in handles {
                group.addTask {
                    try await journals.update(day) { stored in
                        var journal = stored ?? DailyJournal(day: day)
                        journal.toggle(tag)
                        stored = journal
                    }
                }
            }
            try await group.waitForAll()
        }
        let all = try await kind.reopen(store).journals.journals(on: day.adding(days: -1)...day.adding(days: 1))
        #expect(all.count == 1)
        #expect(all.first?.knownTags == JournalTag.allCases)
        #expect(all.first?.tags == JournalTag.allCases.map(\.rawValue).sorted())
    }

    @Test("concurrent notes and toggles on one day from separate handles lose nothing", arguments: AdapterKind.allCases)
    func concurrentNotesAndToggles(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let day = self.day
        let tags: [JournalTag] = [.coffee, .work, .mood, .focus, .travel, .social]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for tag in tags {
                let journals = try kind.reopen(store).journals
                group.addTask {
                    try await journals.update(day) { stored in
                        var journal = stored ?? DailyJournal(day: day)
                        journal.set(tag, true)
                        stored = journal
                    }
                }
            }
            let notes = try kind.reopen(store).journals
            group.addTask {
                try await notes.update(day) { stored in
                    var journal = stored ?? DailyJournal(day: day)
                    journal.notes = "written meanwhile"
                    stored = journal
                }
            }
            try await group.waitForAll()
        }
        let journal = try #require(try await kind.reopen(store).journals.journal(on: day))
        #expect(journal.knownTags == JournalTag.allCases.filter(tags.contains))
        #expect(journal.notes == "written meanwhile")
    }
}

/// What every adapter refuses or keeps, whatever a caller's closure does.
@Suite("Repository invariants")
struct RepositoryInvariantContractTests {
    @Test("a journal update cannot move the journal to another day", arguments: AdapterKind.allCases)
    func journalDayFixed(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        let day = Fixtures.day("2026-11-20"), other = Fixtures.day("2026-11-21")
        await #expect(throws: JournalRepositoryError.dayChanged(expected: day, got: other)) {
            try await store.journals.update(day) { $0 = DailyJournal(day: other) }
        }
        #expect(try await kind.reopen(store).journals.journals(on: day...other).isEmpty)
    }

    @Test("the seeded markers are never cleared", arguments: AdapterKind.allCases)
    func seededMarkersStay(kind: AdapterKind) async throws {
        let store = try kind.makeStore()
        try await store.supplements.update { $0.seedIfNeeded() }
        try await store.supplements.update { $0 = SupplementStack(supplements: [], isSeeded: false) }
        try await store.exercises.update { $0.seedIfNeeded(with: []) }
        try await store.exercises.update { $0 = ExerciseLibrary(exercises: [], isSeeded: false) }
        let reopened = try kind.reopen(store)
        #expect(try await reopened.supplements.stack() == SupplementStack(supplements: [], isSeeded: true))
        #expect(try await reopened.exercises.library().isSeeded)
    }
}
