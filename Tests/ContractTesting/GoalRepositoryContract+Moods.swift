import Testing
import WellnessApplication
import WellnessDomain

// MARK: - Moods

extension GoalRepositoryContract {
    static let moodRoundTrip = Case("a mood comes back exactly through another handle") { factory in
        let store = try await factory.make()
        let withNote = MoodEntry(storedDay: day, score: 4, note: "Good run — \"finally\" 😊\nsecond line")
        let withoutNote = MoodEntry(storedDay: day.adding(days: -1), score: 1, note: nil)
        try await store.subject.moods.save(withNote)
        try await store.subject.moods.save(withoutNote)
        let reopened = try await store.reopen().moods
        #expect(try await reopened.moods(on: day.adding(days: -1)...day) == [withoutNote, withNote])
    }

    static let moodOnePerDay = Case("one mood per day: saving again replaces the day's entry") { factory in
        let store = try await factory.make()
        try await store.subject.moods.save(MoodEntry(storedDay: day, score: 2, note: "meh"))
        try await store.subject.moods.save(MoodEntry(storedDay: day.adding(days: 1), score: 5, note: nil))
        let replacement = MoodEntry(storedDay: day, score: 5, note: nil)
        try await store.reopen().moods.save(replacement)

        let all = try await store.reopen().moods.moods(on: day.adding(days: -1)...day.adding(days: 1))
        #expect(all.count == 2)
        #expect(all.first == replacement)
    }

    static let moodRangeAndOrder = Case("moods(on:) holds only the days in the range, oldest first") { factory in
        let store = try await factory.make()
        let offsets = [1, -2, 0, -5, 3, -3]
        for (index, offset) in offsets.enumerated() {
            try await store.subject.moods.save(MoodEntry(storedDay: day.adding(days: offset), score: index % 5 + 1,
                                                         note: "day \(offset)"))
        }
        let reopened = try await store.reopen().moods
        let inRange = try await reopened.moods(on: day.adding(days: -3)...day.adding(days: 1))
        #expect(inRange.map(\.day) == [-3, -2, 0, 1].map { day.adding(days: $0) })
        #expect(inRange.map(\.note) == ["day -3", "day -2", "day 0", "day 1"])
        #expect(inRange.map(\.score) == [1, 2, 3, 1])
        #expect(try await reopened.moods(on: day...day).map(\.day) == [day])
        #expect(try await reopened.moods(on: day.adding(days: -1)...day.adding(days: -1)).isEmpty)
        // A range spanning a month and a year boundary compares days, not text.
        let newYear = Fixtures.day("2026-12-31")
        try await store.subject.moods.save(MoodEntry(storedDay: newYear.adding(days: 1), score: 3, note: nil))
        try await store.subject.moods.save(MoodEntry(storedDay: Fixtures.day("2027-10-01"), score: 3, note: nil))
        #expect(try await store.reopen().moods.moods(on: newYear...newYear.adding(days: 1)).map(\.day)
                == [Fixtures.day("2027-01-01")])
    }
}
