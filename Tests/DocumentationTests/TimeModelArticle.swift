// The code of WellnessComposition.docc/TimeModel.md, compiled and run so the article stays true
// (`.ci/check-doc-snippets` checks that every block of it is here): what its comments say it
// prints is checked.
import Foundation
import Testing
import WellnessComposition

@Suite("Documentation: TimeModel")
struct TimeModelArticle {
    @Test("the article's examples give what it says they print")
    func examples() async throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!

        let clock = FixedWallClock(Timestamp.parse("2026-11-21T08:00:00Z")!)
        let wellness = try Wellness(repositories: .inMemory(), clock: clock, calendar: calendar)
        #expect(wellness.time.today() == LocalDay("2026-11-21"))

        let lateEvening = FixedWallClock(Timestamp.parse("2026-11-21T23:30:00Z")!)
        let time = TimeContext(clock: lateEvening, calendar: calendar)
        print(time.today())                    // 2026-11-22 (00:30 in Amsterdam)
        #expect(time.today() == LocalDay("2026-11-22"))

        let springForward = LocalDay("2026-03-29")!      // Amsterdam moves its clocks from 02:00 to 03:00
        let nextDay = springForward.adding(days: 1)
        print(springForward.days(until: nextDay))       // 1
        let hours = nextDay.start(in: calendar).timeIntervalSince(springForward.start(in: calendar)) / 3600
        print(hours)                                     // 23.0
        #expect(springForward.days(until: nextDay) == 1 && hours == 23)

        let testClock = FixedWallClock(Timestamp.parse("2026-11-01T08:00:00Z")!)
        let app = try Wellness(repositories: .inMemory(), clock: testClock, calendar: calendar)
        try await app.modules.recordUse(.walks)

        testClock.advance(days: 30, calendar: calendar)
        for nudge in try await app.nudges.evaluate() {
            print(nudge.id)
        }
        #expect(testClock.now() == Timestamp.parse("2026-12-01T08:00:00Z"), "the same wall-clock time, 30 days on")
        #expect(try await app.nudges.evaluate().contains(.disableUnused(module: .walks, daysSinceUse: 30)),
                "thirty days without a walk")
    }
}
