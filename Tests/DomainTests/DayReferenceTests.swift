import Testing
import WellnessDomain
import WellnessTestSupport

/// A day as a person types it: a date, today, yesterday or N days back.
@Suite("DayReference")
struct DayReferenceTests {
    static let today = Fixtures.day("2026-03-01")

    @Test("dates, today, yesterday and -N name the days they say", arguments: [
        ("2026-02-14", "2026-02-14"), ("today", "2026-03-01"), ("Today", "2026-03-01"),
        ("yesterday", "2026-02-28"), ("YESTERDAY", "2026-02-28"), ("-1", "2026-02-28"), ("-2", "2026-02-27"),
        ("-366", "2025-02-28"), ("-36500", "1926-03-26"),
    ])
    func resolves(text: String, expected: String) throws {
        let reference = try #require(DayReference(text))
        #expect(reference.resolved(today: Self.today) == Fixtures.day(expected))
    }

    @Test("a relative day resolves against the today it is given, across a month end and a leap day")
    func relativeToToday() throws {
        let yesterday = try #require(DayReference("yesterday"))
        #expect(yesterday.resolved(today: Fixtures.day("2024-03-01")) == Fixtures.day("2024-02-29"))
        #expect(yesterday.resolved(today: Fixtures.day("2026-01-01")) == Fixtures.day("2025-12-31"))
        #expect(DayReference("2026-02-14")?.resolved(today: Fixtures.day("2030-01-01")) == Fixtures.day("2026-02-14"))
    }

    @Test("anything else is no day", arguments: [
        "", "tomorrow", "-0", "+1", "1", "-36501", "-99999999999", "--1", "- 1", "-1.5", "-١", "2026-02-30", "yesterday ",
    ])
    func refused(text: String) {
        #expect(DayReference(text) == nil)
    }
}
