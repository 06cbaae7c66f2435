import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("NudgeSnooze")
struct NudgeSnoozeTests {
    let amsterdam = Fixtures.calendar("Europe/Amsterdam")

    @Test("'Not now' lasts 30 days")
    func thirtyDays() {
        #expect(NudgeSnooze.days == 30)
    }

    @Test("'Not now' is 30 calendar days at the same local time, across DST", arguments: [
        // Across the spring-forward: 30 days minus one hour elapsed.
        ("2026-03-10T09:00:00+01:00", "2026-04-09T09:00:00+02:00", -3600.0),
        // Across the fall-back: 30 days plus one hour elapsed.
        ("2026-10-10T09:00:00+02:00", "2026-11-09T09:00:00+01:00", 3600.0),
        // No DST change in between.
        ("2026-06-01T09:00:00+02:00", "2026-07-01T09:00:00+02:00", 0.0),
    ])
    func notNowAcrossDST(now: String, until: String, offset: Double) {
        let start = Fixtures.instant(now)
        let snooze = NudgeSnooze.notNow(.disable(.walks), now: start, calendar: amsterdam)
        #expect(snooze.nudgeID == "disable_walks")
        #expect(snooze.until == Fixtures.instant(until))
        #expect(snooze.until.timeIntervalSince(start) == 30 * 86_400 + offset)
        #expect(LocalDay(start, in: amsterdam).days(until: LocalDay(snooze.until, in: amsterdam)) == 30)
    }

    @Test("'Not now' in a zone west of UTC across its DST change")
    func notNowLosAngeles() {
        let la = Fixtures.calendar("America/Los_Angeles")
        let start = Fixtures.instant("2026-10-20T20:00:00-07:00")
        let snooze = NudgeSnooze.notNow(.simplify, now: start, calendar: la)
        #expect(snooze.until == Fixtures.instant("2026-11-19T20:00:00-08:00"))
        #expect(snooze.nudgeID == "simplify")
    }

    @Test("hides its own nudge until, not including, the end moment")
    func hides() {
        let until = Fixtures.instant("2026-04-09T07:00:00Z")
        let snooze = NudgeSnooze(nudgeID: "disable_walks", until: until)
        #expect(snooze.hides(.disable(.walks), at: until.addingTimeInterval(-0.001)))
        #expect(snooze.hides(.disable(.walks), at: Fixtures.instant("2026-03-10T07:00:00Z")))
        #expect(!snooze.hides(.disable(.walks), at: until))
        #expect(!snooze.hides(.disable(.walks), at: until.addingTimeInterval(1)))
        #expect(!snooze.hides(.disable(.feeding), at: Fixtures.instant("2026-03-10T07:00:00Z")))
        #expect(!snooze.hides(.enable(.walks), at: Fixtures.instant("2026-03-10T07:00:00Z")))
    }

    @Test("a snooze of an id this version does not know hides nothing and survives Codable")
    func unknownID() throws {
        let snooze = NudgeSnooze(nudgeID: "disable_grooming", until: Fixtures.instant("2026-04-09T07:00:00Z"))
        #expect(NudgeID.all.allSatisfy { !snooze.hides($0, at: Fixtures.instant("2026-03-10T07:00:00Z")) })
        let data = try JSONEncoder().encode(snooze)
        #expect(try JSONDecoder().decode(NudgeSnooze.self, from: data) == snooze)
    }
}
