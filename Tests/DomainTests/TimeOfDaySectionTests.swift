import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("TimeOfDaySection")
struct TimeOfDaySectionTests {
    /// An instant in a zone and the section active then.
    struct Moment: Sendable, CustomTestStringConvertible {
        let zone: String
        let iso: String
        let expected: TimeOfDaySection?
        init(_ zone: String, _ iso: String, _ expected: TimeOfDaySection?) {
            self.zone = zone
            self.iso = iso
            self.expected = expected
        }
        var testDescription: String { "\(iso) in \(zone) → \(expected?.rawValue ?? "none")" }
    }

    static let ordinaryDay: [Moment] = [
        Moment("Europe/Amsterdam", "2026-03-05T00:00:00+01:00", nil),
        Moment("Europe/Amsterdam", "2026-03-05T04:59:00+01:00", nil),
        Moment("Europe/Amsterdam", "2026-03-05T04:59:59+01:00", nil),
        Moment("Europe/Amsterdam", "2026-03-05T05:00:00+01:00", .morning),
        Moment("Europe/Amsterdam", "2026-03-05T11:59:00+01:00", .morning),
        Moment("Europe/Amsterdam", "2026-03-05T11:59:59+01:00", .morning),
        Moment("Europe/Amsterdam", "2026-03-05T12:00:00+01:00", .afternoon),
        Moment("Europe/Amsterdam", "2026-03-05T16:59:00+01:00", .afternoon),
        Moment("Europe/Amsterdam", "2026-03-05T17:00:00+01:00", .evening),
        Moment("Europe/Amsterdam", "2026-03-05T20:59:00+01:00", .evening),
        Moment("Europe/Amsterdam", "2026-03-05T21:00:00+01:00", .preBed),
        Moment("Europe/Amsterdam", "2026-03-05T22:59:00+01:00", .preBed),
        Moment("Europe/Amsterdam", "2026-03-05T22:59:59+01:00", .preBed),
        Moment("Europe/Amsterdam", "2026-03-05T23:00:00+01:00", nil),
        Moment("Europe/Amsterdam", "2026-03-05T23:59:59+01:00", nil),
    ]

    /// Instants given in UTC so that using the wrong offset of the day would change the answer.
    static let dstDays: [Moment] = [
        // Amsterdam spring-forward 2026-03-29 (02:00 CET → 03:00 CEST): the day runs on +02:00.
        Moment("Europe/Amsterdam", "2026-03-29T00:30:00Z", nil), // 01:30 CET
        Moment("Europe/Amsterdam", "2026-03-29T01:30:00Z", nil), // 03:30 CEST
        Moment("Europe/Amsterdam", "2026-03-29T02:59:00Z", nil), // 04:59 CEST
        Moment("Europe/Amsterdam", "2026-03-29T03:00:00Z", .morning), // 05:00 CEST (04:00 in CET)
        Moment("Europe/Amsterdam", "2026-03-29T09:59:00Z", .morning), // 11:59 CEST
        Moment("Europe/Amsterdam", "2026-03-29T10:00:00Z", .afternoon), // 12:00 CEST
        Moment("Europe/Amsterdam", "2026-03-29T20:59:00Z", .preBed), // 22:59 CEST
        Moment("Europe/Amsterdam", "2026-03-29T21:00:00Z", nil), // 23:00 CEST (22:00 in CET)
        // Amsterdam fall-back 2026-10-25 (03:00 CEST → 02:00 CET): the day runs on +01:00.
        Moment("Europe/Amsterdam", "2026-10-25T00:30:00Z", nil), // 02:30 CEST
        Moment("Europe/Amsterdam", "2026-10-25T01:30:00Z", nil), // 02:30 CET, the repeated hour
        Moment("Europe/Amsterdam", "2026-10-25T03:59:00Z", nil), // 04:59 CET (05:59 in CEST)
        Moment("Europe/Amsterdam", "2026-10-25T04:00:00Z", .morning), // 05:00 CET
        Moment("Europe/Amsterdam", "2026-10-25T10:59:00Z", .morning), // 11:59 CET
        Moment("Europe/Amsterdam", "2026-10-25T11:00:00Z", .afternoon), // 12:00 CET
        Moment("Europe/Amsterdam", "2026-10-25T21:59:00Z", .preBed), // 22:59 CET
        Moment("Europe/Amsterdam", "2026-10-25T22:00:00Z", nil), // 23:00 CET
        // Los Angeles spring-forward 2026-03-08 (02:00 PST → 03:00 PDT).
        Moment("America/Los_Angeles", "2026-03-08T11:59:00Z", nil), // 04:59 PDT
        Moment("America/Los_Angeles", "2026-03-08T12:00:00Z", .morning), // 05:00 PDT (04:00 PST)
        Moment("America/Los_Angeles", "2026-03-08T18:59:00Z", .morning), // 11:59 PDT
        Moment("America/Los_Angeles", "2026-03-08T19:00:00Z", .afternoon), // 12:00 PDT
        Moment("America/Los_Angeles", "2026-03-09T05:59:00Z", .preBed), // 22:59 PDT
        Moment("America/Los_Angeles", "2026-03-09T06:00:00Z", nil), // 23:00 PDT
        // Los Angeles fall-back 2026-11-01 (02:00 PDT → 01:00 PST).
        Moment("America/Los_Angeles", "2026-11-01T12:59:00Z", nil), // 04:59 PST (05:59 PDT)
        Moment("America/Los_Angeles", "2026-11-01T13:00:00Z", .morning), // 05:00 PST
        Moment("America/Los_Angeles", "2026-11-01T19:59:00Z", .morning), // 11:59 PST
        Moment("America/Los_Angeles", "2026-11-01T20:00:00Z", .afternoon), // 12:00 PST
        Moment("America/Los_Angeles", "2026-11-02T06:59:00Z", .preBed), // 22:59 PST
        Moment("America/Los_Angeles", "2026-11-02T07:00:00Z", nil), // 23:00 PST
    ]

    /// Zones east and west of UTC, including half-hour offsets; the local day differs from UTC's.
    static let zones: [Moment] = [
        Moment("Asia/Tokyo", "2026-06-09T19:59:00Z", nil), // 04:59 JST on 10 June
        Moment("Asia/Tokyo", "2026-06-09T20:00:00Z", .morning), // 05:00 JST
        Moment("Asia/Tokyo", "2026-06-10T03:00:00Z", .afternoon), // 12:00 JST
        Moment("Asia/Tokyo", "2026-06-10T13:59:00Z", .preBed), // 22:59 JST
        Moment("Asia/Tokyo", "2026-06-10T14:00:00Z", nil), // 23:00 JST
        Moment("Pacific/Auckland", "2026-01-14T15:59:00Z", nil), // 04:59 NZDT on 15 January
        Moment("Pacific/Auckland", "2026-01-14T16:00:00Z", .morning), // 05:00 NZDT
        Moment("Pacific/Auckland", "2026-01-15T09:59:00Z", .preBed), // 22:59 NZDT
        Moment("Pacific/Auckland", "2026-01-15T10:00:00Z", nil), // 23:00 NZDT
        Moment("Pacific/Auckland", "2026-06-15T05:00:00+12:00", .morning), // NZST in winter
        Moment("Asia/Kolkata", "2026-06-10T04:59:00+05:30", nil),
        Moment("Asia/Kolkata", "2026-06-10T05:00:00+05:30", .morning),
        Moment("Asia/Kolkata", "2026-06-10T16:59:00+05:30", .afternoon),
        Moment("Asia/Kolkata", "2026-06-10T17:00:00+05:30", .evening),
        Moment("America/St_Johns", "2026-06-10T20:59:00-02:30", .evening),
        Moment("America/St_Johns", "2026-06-10T21:00:00-02:30", .preBed),
        Moment("America/St_Johns", "2026-06-10T23:00:00-02:30", nil),
        Moment("America/Los_Angeles", "2026-06-10T04:59:00-07:00", nil),
        Moment("America/Los_Angeles", "2026-06-10T05:00:00-07:00", .morning), // 12:00Z, afternoon in UTC
        Moment("America/Los_Angeles", "2026-06-10T22:59:00-07:00", .preBed), // already 11 June in UTC
        Moment("America/Los_Angeles", "2026-06-10T23:00:00-07:00", nil),
        Moment("Pacific/Honolulu", "2026-06-10T12:00:00-10:00", .afternoon),
    ]

    @Test("the section active at a moment, at every boundary of an ordinary day", arguments: ordinaryDay)
    func currentOrdinaryDay(moment: Moment) {
        check(moment)
    }

    @Test("the section active on DST days (Amsterdam, Los Angeles)", arguments: dstDays)
    func currentOnDSTDays(moment: Moment) {
        check(moment)
    }

    @Test("the section active in zones east and west of UTC", arguments: zones)
    func currentInZones(moment: Moment) {
        check(moment)
    }

    func check(_ moment: Moment) {
        let calendar = Fixtures.calendar(moment.zone)
        #expect(TimeOfDaySection.current(at: Fixtures.instant(moment.iso), calendar: calendar) == moment.expected)
    }

    // MARK: - Intervals

    @Test("local hours: morning 05–12, afternoon 12–17, evening 17–21, pre-bed 21–23",
          arguments: [(TimeOfDaySection.morning, 5, 12), (.afternoon, 12, 17), (.evening, 17, 21), (.preBed, 21, 23)])
    func hours(section: TimeOfDaySection, start: Int, end: Int) throws {
        let hours = try #require(section.hours)
        #expect(hours.start == start)
        #expect(hours.end == end)
    }

    @Test("anytime has no hours; the timed sections are the other four in day order")
    func timed() {
        #expect(TimeOfDaySection.anytime.hours == nil)
        #expect(TimeOfDaySection.timed == [.morning, .afternoon, .evening, .preBed])
    }

    @Test("sections order by time of day, anytime last")
    func order() {
        #expect(TimeOfDaySection.allCases.sorted() == [.morning, .afternoon, .evening, .preBed, .anytime])
        #expect(TimeOfDaySection.evening < .preBed)
        #expect(!(TimeOfDaySection.preBed < .morning))
        #expect([TimeOfDaySection.evening, .morning].max() == .evening)
    }

    @Test("the display name is the section.<raw> key")
    func name() {
        #expect(TimeOfDaySection.preBed.name == LocalizedText("section.preBed"))
        #expect(TimeOfDaySection.morning.name == LocalizedText("section.morning"))
    }

    @Test("anytime has no interval")
    func anytimeInterval() {
        #expect(TimeOfDaySection.anytime.interval(on: Fixtures.day("2026-03-05"),
                                                  calendar: Fixtures.calendar()) == nil)
    }

    struct Window: Sendable, CustomTestStringConvertible {
        let zone: String
        let day: String
        let section: TimeOfDaySection
        let start: String
        let end: String
        var testDescription: String { "\(section.rawValue) on \(day) in \(zone)" }
    }

    static let windows: [Window] = [
        Window(zone: "Europe/Amsterdam", day: "2026-03-05", section: .morning,
               start: "2026-03-05T04:00:00Z", end: "2026-03-05T11:00:00Z"),
        Window(zone: "Europe/Amsterdam", day: "2026-03-05", section: .afternoon,
               start: "2026-03-05T11:00:00Z", end: "2026-03-05T16:00:00Z"),
        Window(zone: "Europe/Amsterdam", day: "2026-03-05", section: .evening,
               start: "2026-03-05T16:00:00Z", end: "2026-03-05T20:00:00Z"),
        Window(zone: "Europe/Amsterdam", day: "2026-03-05", section: .preBed,
               start: "2026-03-05T20:00:00Z", end: "2026-03-05T22:00:00Z"),
        Window(zone: "Europe/Amsterdam", day: "2026-03-28", section: .preBed,
               start: "2026-03-28T20:00:00Z", end: "2026-03-28T22:00:00Z"),
        Window(zone: "Europe/Amsterdam", day: "2026-03-29", section: .morning,
               start: "2026-03-29T03:00:00Z", end: "2026-03-29T10:00:00Z"),
        Window(zone: "Europe/Amsterdam", day: "2026-03-29", section: .preBed,
               start: "2026-03-29T19:00:00Z", end: "2026-03-29T21:00:00Z"),
        Window(zone: "Europe/Amsterdam", day: "2026-10-24", section: .preBed,
               start: "2026-10-24T19:00:00Z", end: "2026-10-24T21:00:00Z"),
        Window(zone: "Europe/Amsterdam", day: "2026-10-25", section: .morning,
               start: "2026-10-25T04:00:00Z", end: "2026-10-25T11:00:00Z"),
        Window(zone: "America/Los_Angeles", day: "2026-03-08", section: .morning,
               start: "2026-03-08T12:00:00Z", end: "2026-03-08T19:00:00Z"),
        Window(zone: "America/Los_Angeles", day: "2026-03-08", section: .preBed,
               start: "2026-03-09T04:00:00Z", end: "2026-03-09T06:00:00Z"),
        Window(zone: "America/Los_Angeles", day: "2026-11-01", section: .morning,
               start: "2026-11-01T13:00:00Z", end: "2026-11-01T20:00:00Z"),
        Window(zone: "America/Los_Angeles", day: "2026-10-31", section: .preBed,
               start: "2026-11-01T04:00:00Z", end: "2026-11-01T06:00:00Z"),
        Window(zone: "Asia/Tokyo", day: "2026-06-10", section: .morning,
               start: "2026-06-09T20:00:00Z", end: "2026-06-10T03:00:00Z"),
        Window(zone: "Pacific/Auckland", day: "2026-01-15", section: .evening,
               start: "2026-01-15T04:00:00Z", end: "2026-01-15T08:00:00Z"),
        Window(zone: "Asia/Kolkata", day: "2026-06-10", section: .afternoon,
               start: "2026-06-10T06:30:00Z", end: "2026-06-10T11:30:00Z"),
    ]

    @Test("a section's window is its local wall-clock hours on that day", arguments: windows)
    func interval(window: Window) throws {
        let interval = try #require(window.section.interval(on: Fixtures.day(window.day),
                                                            calendar: Fixtures.calendar(window.zone)))
        #expect(interval.start == Fixtures.instant(window.start))
        #expect(interval.end == Fixtures.instant(window.end))
    }

    @Test("the night without a section is 5 real hours after spring-forward and 7 after fall-back",
          arguments: [("Europe/Amsterdam", "2026-03-28", 5.0), ("Europe/Amsterdam", "2026-10-24", 7.0),
                      ("Europe/Amsterdam", "2026-03-05", 6.0), ("America/Los_Angeles", "2026-03-07", 5.0),
                      ("America/Los_Angeles", "2026-10-31", 7.0)])
    func nightLength(zone: String, day: String, hours: Double) throws {
        let calendar = Fixtures.calendar(zone)
        let evening = Fixtures.day(day)
        let preBed = try #require(TimeOfDaySection.preBed.interval(on: evening, calendar: calendar))
        let morning = try #require(TimeOfDaySection.morning.interval(on: evening.adding(days: 1), calendar: calendar))
        #expect(morning.start.timeIntervalSince(preBed.end) == hours * 3600)
    }

    @Test("sections keep their length on DST days",
          arguments: ["2026-03-29", "2026-10-25"], TimeOfDaySection.timed)
    func lengthsOnDSTDays(day: String, section: TimeOfDaySection) throws {
        let interval = try #require(section.interval(on: Fixtures.day(day), calendar: Fixtures.calendar()))
        let (start, end) = try #require(section.hours)
        #expect(interval.duration == Double(end - start) * 3600)
    }
}
