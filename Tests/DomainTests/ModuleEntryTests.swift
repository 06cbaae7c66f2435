import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("ModuleEntry")
struct ModuleEntryTests {
    let amsterdam = Fixtures.calendar("Europe/Amsterdam")

    @Test("last activity is the later of last use and switching on")
    func lastActivity() {
        let early = Fixtures.instant("2026-03-01T09:00:00Z")
        let late = Fixtures.instant("2026-03-20T09:00:00Z")
        #expect(ModuleEntry(module: "walks", isEnabled: true, enabledAt: early, lastUsed: late).lastActivity == late)
        #expect(ModuleEntry(module: "walks", isEnabled: true, enabledAt: late, lastUsed: early).lastActivity == late)
        #expect(ModuleEntry(module: "walks", isEnabled: true, enabledAt: early).lastActivity == early)
        #expect(ModuleEntry(module: "walks", isEnabled: false, lastUsed: early).lastActivity == early)
        #expect(ModuleEntry(module: "walks", isEnabled: true).lastActivity == nil)
    }

    @Test("no activity at all means no day count, never an invented one")
    func noActivity() {
        let entry = ModuleEntry(module: "walks", isEnabled: true)
        #expect(entry.daysSinceActivity(now: Fixtures.instant("2030-01-01T00:00:00Z"), calendar: amsterdam) == nil)
    }

    @Test("days since activity counts from max(lastUsed, enabledAt)")
    func countsFromLatest() {
        let enabled = Fixtures.instant("2026-03-01T09:00:00Z")
        let used = Fixtures.instant("2026-03-10T09:00:00Z")
        let now = Fixtures.instant("2026-03-31T09:00:00Z")
        #expect(ModuleEntry(module: "walks", isEnabled: true, enabledAt: enabled, lastUsed: used)
            .daysSinceActivity(now: now, calendar: amsterdam) == 21)
        // Re-enabled after an old use: counted from the re-enable.
        #expect(ModuleEntry(module: "walks", isEnabled: true, enabledAt: used, lastUsed: enabled)
            .daysSinceActivity(now: now, calendar: amsterdam) == 21)
        #expect(ModuleEntry(module: "walks", isEnabled: true, enabledAt: enabled)
            .daysSinceActivity(now: now, calendar: amsterdam) == 30)
    }

    @Test("counts local calendar days, not 24-hour periods", arguments: [
        // 23:59 and 00:01 the next day: one day although two minutes apart.
        ("2026-05-01T23:59:00+02:00", "2026-05-02T00:01:00+02:00", 1),
        // 00:01 and 23:59 the same day: zero days although almost 24 hours apart.
        ("2026-05-01T00:01:00+02:00", "2026-05-01T23:59:00+02:00", 0),
        // Spring-forward: noon to noon is 23 hours, one day.
        ("2026-03-28T12:00:00+01:00", "2026-03-29T12:00:00+02:00", 1),
        // Spring-forward: 23:30 to 00:10 after the 23-hour day is 23h40m, two days.
        ("2026-03-28T23:30:00+01:00", "2026-03-30T00:10:00+02:00", 2),
        // Fall-back: 00:30 to 23:30 on the 25-hour day is 24 hours, zero days.
        ("2026-10-25T00:30:00+02:00", "2026-10-25T23:30:00+01:00", 0),
        // Fall-back: noon to noon is 25 hours, one day.
        ("2026-10-24T12:00:00+02:00", "2026-10-25T12:00:00+01:00", 1),
        // 30 calendar days across the spring-forward, 29 days 23h40m elapsed.
        ("2026-03-10T23:30:00+01:00", "2026-04-09T00:10:00+02:00", 30),
        // 29 calendar days across the spring-forward, 29 days 22h40m elapsed.
        ("2026-03-10T00:10:00+01:00", "2026-04-08T23:50:00+02:00", 29),
    ])
    func calendarDays(activity: String, now: String, expected: Int) {
        let entry = ModuleEntry(module: "walks", isEnabled: true, enabledAt: Fixtures.instant(activity))
        #expect(entry.daysSinceActivity(now: Fixtures.instant(now), calendar: amsterdam) == expected)
    }

    @Test("the person's time zone decides the local dates", arguments: [
        ("Asia/Tokyo", 1), ("Pacific/Auckland", 0), ("America/Los_Angeles", 0), ("UTC", 0), ("Europe/Amsterdam", 0),
    ])
    func zoneMatters(zone: String, expected: Int) {
        // 14:30Z -> 15:30Z is 23:30 -> 00:30 in Tokyo; same local day elsewhere listed.
        let entry = ModuleEntry(module: "walks", isEnabled: true,
                                lastUsed: Fixtures.instant("2026-05-01T14:30:00Z"))
        let now = Fixtures.instant("2026-05-01T15:30:00Z")
        #expect(entry.daysSinceActivity(now: now, calendar: Fixtures.calendar(zone)) == expected)
    }

    @Test("knows its module, or nil for one from a newer version")
    func trackingModule() {
        #expect(ModuleEntry(module: "walks", isEnabled: true).trackingModule == .walks)
        #expect(ModuleEntry(module: "grooming", isEnabled: true).trackingModule == nil)
    }
}
