import Foundation
import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Updates

extension JournalRepositoryContract {
    static let onePerDay = Case("one journal per day: updating twice leaves one") { factory in
        let store = try await factory.make()
        try await store.subject.update(day) { stored in
            var journal = stored ?? DailyJournal(day: day)
            journal.toggle(.coffee)
            stored = journal
        }
        try await store.reopen().update(day) { stored in
            var journal = stored ?? DailyJournal(day: day)
            journal.toggle(.alcohol)
            journal.notes = "second"
            stored = journal
        }
        let all = try await store.reopen().journals(on: day.adding(days: -1)...day.adding(days: 1))
        #expect(all.count == 1)
        #expect(all.first?.tags == ["alcohol", "coffee"])
        #expect(all.first?.notes == "second")
    }

    static let changeSeesStored = Case("the change sees the stored journal and its result is returned") { factory in
        let store = try await factory.make()
        let journal = DailyJournal(day: day, notes: "hi", tags: ["work"])
        try await save(journal, in: store.subject)
        let seen = try await store.reopen().update(day) { stored in stored }
        #expect(seen == journal)
        let none = try await store.subject.update(day.adding(days: 1)) { stored in stored }
        #expect(none == nil)
    }

    static let noCreationWithoutJournal = Case("an update that leaves no journal creates none") { factory in
        let store = try await factory.make()
        try await store.subject.update(day) { _ in }
        #expect(try await store.reopen().journal(on: day) == nil)
        #expect(try await store.reopen().journals(on: day...day).isEmpty)
    }

    static let throwingUpdateSavesNothing = Case("an update whose change throws saves nothing") { factory in
        let store = try await factory.make()
        let original = DailyJournal(day: day, notes: "kept", tags: ["coffee"])
        try await save(original, in: store.subject)
        await #expect(throws: Refused.self) {
            try await store.subject.update(day) { stored in
                stored?.toggle(.alcohol)
                stored?.notes = "lost"
                throw Refused()
            }
        }
        await #expect(throws: Refused.self) {
            try await store.subject.update(day.adding(days: 1)) { stored in
                stored = DailyJournal(day: day.adding(days: 1), notes: "lost", tags: ["work"])
                throw Refused()
            }
        }
        let reopened = try await store.reopen()
        #expect(try await reopened.journal(on: day) == original)
        #expect(try await reopened.journal(on: day.adding(days: 1)) == nil)
    }

    static let journalDayFixed = Case("a journal update cannot move the journal to another day") { factory in
        let store = try await factory.make()
        let day = Fixtures.day("2026-11-20"), other = Fixtures.day("2026-11-21")
        await #expect(throws: JournalRepositoryError.dayChanged(expected: day, got: other)) {
            try await store.subject.update(day) { $0 = DailyJournal(day: other) }
        }
        #expect(try await store.reopen().journals(on: day...other).isEmpty)
    }

    // MARK: - Concurrency

    static let concurrentToggles = Case(
        "every tag toggled at once from its own handle ends as one journal holding every tag"
    ) { factory in
        let store = try await factory.make()
        var handles: [(JournalTag, any JournalRepository)] = []
        for tag in JournalTag.allCases { handles.append((tag, try await store.reopen())) }
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
        let all = try await store.reopen().journals(on: day.adding(days: -1)...day.adding(days: 1))
        #expect(all.count == 1)
        #expect(all.first?.knownTags == JournalTag.allCases)
        #expect(all.first?.tags == JournalTag.allCases.map(\.rawValue).sorted())
    }

    static let concurrentNotesAndToggles = Case(
        "concurrent notes and toggles on one day from separate handles lose nothing"
    ) { factory in
        let store = try await factory.make()
        let tags: [JournalTag] = [.coffee, .work, .mood, .focus, .travel, .social]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for tag in tags {
                let journals = try await store.reopen()
                group.addTask {
                    try await journals.update(day) { stored in
                        var journal = stored ?? DailyJournal(day: day)
                        journal.set(tag, true)
                        stored = journal
                    }
                }
            }
            let notes = try await store.reopen()
            group.addTask {
                try await notes.update(day) { stored in
                    var journal = stored ?? DailyJournal(day: day)
                    journal.notes = "written meanwhile"
                    stored = journal
                }
            }
            try await group.waitForAll()
        }
        let journal = try #require(try await store.reopen().journal(on: day))
        #expect(journal.knownTags == JournalTag.allCases.filter(tags.contains))
        #expect(journal.notes == "written meanwhile")
    }
}
