import DogDiary
import Foundation
import Testing
import WellnessComposition

/// The app core on Wellness's in-memory and JSON stores, at a fixed moment.
@Suite("DogDiary on Wellness")
struct DogDiaryTests {
    static let start = Timestamp.parse("2026-01-05T09:00:00Z")!

    static func calendar() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!
        return calendar
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("dog-diary-\(UUID().uuidString)", isDirectory: true)
    }

    @Test("a puppy gets the growing-up suggestions (socialisation, training, milestones); walks and meals keep their modules from the unused nudge")
    func suggestions() async throws {
        let clock = FixedWallClock(Self.start)
        let diary = try DogDiary(storage: .memory, clock: clock, calendar: Self.calendar())
        #expect(try await diary.adopt(name: "Ollie", born: LocalDay("2025-11-10")!) == "Ollie is 8 weeks old")
        #expect(try await diary.suggestions() == ["Try Socialization?", "Try Training?", "Try Milestones?"])

        clock.advance(days: 40, calendar: Self.calendar())
        try await diary.walked()
        try await diary.fed()
        let later = try await diary.suggestions()
        #expect(later.contains("Still using Medications?"))
        #expect(!later.contains("Still using Walks?") && !later.contains("Still using Feeding?"))
    }

    @Test("on files, the app's own settings file and Wellness's JSON files hold everything across launches")
    func files() async throws {
        let folder = Self.folder()
        let clock = FixedWallClock(Self.start)
        let first = try DogDiary(storage: .files(folder), clock: clock, calendar: Self.calendar())
        try await first.walked()
        try await first.mood(4, note: "Long walk in the dunes")
        try await first.journal(.exercise)

        let settings = try String(contentsOf: folder.appendingPathComponent("modules.txt"), encoding: .utf8)
        #expect(settings.contains("walks.lastUsed=\(Timestamp.milliseconds(Self.start))"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("journals.json").path))

        clock.advance(days: 31, calendar: Self.calendar())
        let second = try DogDiary(storage: .files(folder), clock: clock, calendar: Self.calendar())
        let suggestions = try await second.suggestions()
        #expect(suggestions.contains("Still using Walks?"), "the walk 31 days ago was read back: \(suggestions)")
    }

    @Test("advice comes from the tips service for the goal")
    func advice() async throws {
        let diary = try DogDiary(storage: .memory, clock: FixedWallClock(Self.start), calendar: Self.calendar())
        #expect(try await diary.advice(for: "Walk the dog twice a day") != "—")
    }

    @Test("errors are explained in the owner's language")
    func errors() async throws {
        let diary = try DogDiary(storage: .memory, clock: FixedWallClock(Self.start), calendar: Self.calendar(), locale: .nl)
        let error = await #expect(throws: GoalError.self) { try await diary.mood(7) }
        #expect(diary.explain(try #require(error)) == "stemming 7 kan niet; geef een heel getal van 1 (slecht) tot 5 (geweldig)")
    }
}
