import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("LocalDay")
struct LocalDayTests {
    // MARK: - Parsing

    @Test("parses a valid YYYY-MM-DD", arguments: [
        ("2026-03-29", 2026, 3, 29),
        ("2024-02-29", 2024, 2, 29),
        ("2000-02-29", 2000, 2, 29),
        ("0001-01-01", 1, 1, 1),
        ("9999-12-31", 9999, 12, 31),
        ("2026-12-31", 2026, 12, 31),
    ])
    func parsesValid(text: String, year: Int, month: Int, day: Int) throws {
        let parsed = try #require(LocalDay(text))
        #expect(parsed.year == year)
        #expect(parsed.month == month)
        #expect(parsed.day == day)
        #expect(parsed.description == text)
    }

    @Test("refuses impossible dates", arguments: [
        "2026-02-30", "2026-02-29", "1900-02-29", "2100-02-29", "2026-04-31", "2026-06-31",
        "2026-13-01", "2026-00-10", "2026-01-00", "2026-01-32", "0000-01-01",
    ])
    func refusesImpossible(text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test("refuses anything that is not exactly YYYY-MM-DD", arguments: [
        "", "2026-3-29", "26-03-29", "2026/03/29", "20260329", "2026-03-29T00:00",
        " 2026-03-29", "2026-03-29 ", "2026--03-29", "+026-03-29", "2026-0a-29",
        "2026-03-29-", "-2026-03-29", "\u{FF12}\u{FF10}\u{FF12}\u{FF16}-03-29", "2026-03-2\u{0669}",
        "29-03-2026", "2026-003-29",
    ])
    func refusesWrongFormat(text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test("creates from parts only when they name a real date")
    func fromParts() {
        #expect(LocalDay(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalDay(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDay(year: 2026, month: 11, day: 31) == nil)
        #expect(LocalDay(year: 10_000, month: 1, day: 1) == nil)
        #expect(LocalDay(year: 2026, month: 1, day: 1)?.description == "2026-01-01")
    }

    @Test("description pads to YYYY-MM-DD")
    func descriptionPads() {
        #expect(LocalDay(year: 7, month: 3, day: 4)?.description == "0007-03-04")
    }

    @Test("a day reached by arithmetic outside years 1...9999 is still described as %04d-%02d-%02d would")
    func descriptionBeyondTheYears() throws {
        let last = try #require(LocalDay(year: 9999, month: 12, day: 31))
        #expect(LocalDay.first.adding(days: -1).description == "0000-12-31")
        #expect(LocalDay.first.adding(days: -367).description == "-001-12-31")
        #expect(last.adding(days: 1).description == "10000-01-01")
    }

    // MARK: - Arithmetic

    @Test("days(until:) counts calendar days, negative backwards", arguments: [
        ("2026-03-28", "2026-03-30", 2),
        ("2026-03-29", "2026-03-30", 1),
        ("2026-10-24", "2026-10-26", 2),
        ("2026-03-30", "2026-03-28", -2),
        ("2026-05-05", "2026-05-05", 0),
        ("2024-02-28", "2024-03-01", 2),
        ("2026-02-28", "2026-03-01", 1),
        ("2026-12-31", "2027-01-01", 1),
        ("2000-01-01", "2026-01-01", 9497),
        ("1969-12-31", "1970-01-01", 1),
    ])
    func daysUntil(from: String, to: String, expected: Int) {
        let start = Fixtures.day(from), end = Fixtures.day(to)
        #expect(start.days(until: end) == expected)
        #expect(end.days(until: start) == -expected)
    }

    @Test("adding(days:) is the inverse of days(until:)", arguments: [
        ("2024-02-28", 1, "2024-02-29"),
        ("2024-02-28", 2, "2024-03-01"),
        ("2026-12-31", 1, "2027-01-01"),
        ("2027-01-01", -1, "2026-12-31"),
        ("2026-03-01", -1, "2026-02-28"),
        ("2026-03-10", 30, "2026-04-09"),
        ("2026-01-01", 365, "2027-01-01"),
        ("2024-01-01", 366, "2025-01-01"),
    ])
    func adding(from: String, count: Int, expected: String) {
        let start = Fixtures.day(from)
        let result = start.adding(days: count)
        #expect(result == Fixtures.day(expected))
        #expect(start.days(until: result) == count)
    }

    @Test("day numbers agree with Foundation's calendar over many years")
    func agreesWithFoundation() throws {
        let utc = Fixtures.calendar("UTC")
        let origin = Fixtures.day("1970-01-01")
        for offset in stride(from: -40_000, through: 40_000, by: 997) {
            let date = try #require(utc.date(byAdding: .day, value: offset, to: origin.at(hour: 0, in: utc)))
            let day = LocalDay(date, in: utc)
            #expect(origin.days(until: day) == offset)
            #expect(origin.adding(days: offset) == day)
        }
    }

    @Test("days between local dates across the Amsterdam spring-forward (23-hour day)")
    func springForwardAmsterdam() {
        let amsterdam = Fixtures.calendar("Europe/Amsterdam")
        // Noon to noon over 2026-03-29 is only 23 hours.
        let before = LocalDay(Fixtures.instant("2026-03-28T12:00:00+01:00"), in: amsterdam)
        let after = LocalDay(Fixtures.instant("2026-03-29T12:00:00+02:00"), in: amsterdam)
        #expect(before == Fixtures.day("2026-03-28"))
        #expect(after == Fixtures.day("2026-03-29"))
        #expect(before.days(until: after) == 1)
        // 00:30 to 23:30 on the short day is 22 hours and still the same day.
        let early = LocalDay(Fixtures.instant("2026-03-29T00:30:00+01:00"), in: amsterdam)
        let late = LocalDay(Fixtures.instant("2026-03-29T23:30:00+02:00"), in: amsterdam)
        #expect(early.days(until: late) == 0)
        // 23:30 on the 28th to 00:10 on the 30th is 23h40m and two calendar days.
        let a = LocalDay(Fixtures.instant("2026-03-28T23:30:00+01:00"), in: amsterdam)
        let b = LocalDay(Fixtures.instant("2026-03-30T00:10:00+02:00"), in: amsterdam)
        #expect(a.days(until: b) == 2)
    }

    @Test("days between local dates across the Amsterdam fall-back (25-hour day)")
    func fallBackAmsterdam() {
        let amsterdam = Fixtures.calendar("Europe/Amsterdam")
        // 00:30 to 23:30 on 2026-10-25 is 24 hours but the same calendar day.
        let early = LocalDay(Fixtures.instant("2026-10-25T00:30:00+02:00"), in: amsterdam)
        let late = LocalDay(Fixtures.instant("2026-10-25T23:30:00+01:00"), in: amsterdam)
        #expect(early == Fixtures.day("2026-10-25"))
        #expect(late == Fixtures.day("2026-10-25"))
        #expect(early.days(until: late) == 0)
        // Noon to noon over the long day is 25 hours and one calendar day.
        let before = LocalDay(Fixtures.instant("2026-10-24T12:00:00+02:00"), in: amsterdam)
        let after = LocalDay(Fixtures.instant("2026-10-25T12:00:00+01:00"), in: amsterdam)
        #expect(before.days(until: after) == 1)
        // Both 02:30s of the repeated hour are on the 25th.
        #expect(LocalDay(Fixtures.instant("2026-10-25T02:30:00+02:00"), in: amsterdam)
                == Fixtures.day("2026-10-25"))
        #expect(LocalDay(Fixtures.instant("2026-10-25T02:30:00+01:00"), in: amsterdam)
                == Fixtures.day("2026-10-25"))
    }

    @Test("days between local dates across Los Angeles and Auckland DST changes")
    func dstWestAndEast() {
        let la = Fixtures.calendar("America/Los_Angeles")
        // US spring-forward 2026-03-08; fall-back 2026-11-01.
        let laBefore = LocalDay(Fixtures.instant("2026-03-07T23:30:00-08:00"), in: la)
        let laAfter = LocalDay(Fixtures.instant("2026-03-09T00:30:00-07:00"), in: la)
        #expect(laBefore.days(until: laAfter) == 2)
        let laFallEarly = LocalDay(Fixtures.instant("2026-11-01T00:15:00-07:00"), in: la)
        let laFallLate = LocalDay(Fixtures.instant("2026-11-01T23:45:00-08:00"), in: la)
        #expect(laFallEarly.days(until: laFallLate) == 0)

        let auckland = Fixtures.calendar("Pacific/Auckland")
        // New Zealand leaves DST on 2026-04-05 (25-hour day) and enters it on 2026-09-27.
        let nzBefore = LocalDay(Fixtures.instant("2026-04-04T12:00:00+13:00"), in: auckland)
        let nzAfter = LocalDay(Fixtures.instant("2026-04-05T12:00:00+12:00"), in: auckland)
        #expect(nzBefore.days(until: nzAfter) == 1)
        let nzEarly = LocalDay(Fixtures.instant("2026-09-27T00:30:00+12:00"), in: auckland)
        let nzLate = LocalDay(Fixtures.instant("2026-09-27T23:30:00+13:00"), in: auckland)
        #expect(nzEarly == Fixtures.day("2026-09-27"))
        #expect(nzEarly.days(until: nzLate) == 0)
    }

    @Test("days between instants depend on the zone's local dates (Tokyo vs Los Angeles)")
    func zoneDecidesDays() {
        // 14:30Z and 15:30Z: 23:30 -> 00:30 in Tokyo, 07:30 -> 08:30 in Los Angeles.
        let first = Fixtures.instant("2026-05-01T14:30:00Z")
        let second = Fixtures.instant("2026-05-01T15:30:00Z")
        let tokyo = Fixtures.calendar("Asia/Tokyo")
        let la = Fixtures.calendar("America/Los_Angeles")
        #expect(LocalDay(first, in: tokyo).days(until: LocalDay(second, in: tokyo)) == 1)
        #expect(LocalDay(first, in: la).days(until: LocalDay(second, in: la)) == 0)
    }

    // MARK: - From an instant

    @Test("the local date of an instant near midnight depends on the zone", arguments: [
        ("2026-06-30T23:30:00Z", "UTC", "2026-06-30"),
        ("2026-06-30T23:30:00Z", "Europe/Amsterdam", "2026-07-01"),
        ("2026-06-30T21:59:59Z", "Europe/Amsterdam", "2026-06-30"),
        ("2026-06-30T22:00:00Z", "Europe/Amsterdam", "2026-07-01"),
        ("2026-06-30T23:30:00Z", "Asia/Tokyo", "2026-07-01"),
        ("2026-06-30T14:59:59Z", "Asia/Tokyo", "2026-06-30"),
        ("2026-06-30T15:00:00Z", "Asia/Tokyo", "2026-07-01"),
        ("2026-06-30T11:59:59Z", "Pacific/Auckland", "2026-06-30"),
        ("2026-06-30T12:00:00Z", "Pacific/Auckland", "2026-07-01"),
        ("2026-07-01T00:30:00Z", "America/Los_Angeles", "2026-06-30"),
        ("2026-07-01T06:59:59Z", "America/Los_Angeles", "2026-06-30"),
        ("2026-07-01T07:00:00Z", "America/Los_Angeles", "2026-07-01"),
        ("2026-01-01T07:59:59Z", "America/Los_Angeles", "2025-12-31"),
        ("2026-01-01T08:00:00Z", "America/Los_Angeles", "2026-01-01"),
        ("2026-06-30T10:00:00Z", "Pacific/Kiritimati", "2026-07-01"),
    ])
    func localDateOfInstant(iso: String, zone: String, expected: String) {
        #expect(LocalDay(Fixtures.instant(iso), in: Fixtures.calendar(zone))
                == Fixtures.day(expected))
    }

    @Test("a non-Gregorian calendar still yields the Gregorian date in its zone")
    func nonGregorianCalendar() {
        var japanese = Calendar(identifier: .japanese)
        japanese.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        var buddhist = Calendar(identifier: .buddhist)
        buddhist.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        let instant = Fixtures.instant("2026-06-30T23:30:00Z")
        #expect(LocalDay(instant, in: japanese) == Fixtures.day("2026-07-01"))
        #expect(LocalDay(instant, in: buddhist) == Fixtures.day("2026-06-30"))
    }

    @Test("start(in:) is local midnight, also on DST days", arguments: [
        ("2026-03-29", "Europe/Amsterdam", "2026-03-28T23:00:00Z"),
        ("2026-03-30", "Europe/Amsterdam", "2026-03-29T22:00:00Z"),
        ("2026-10-25", "Europe/Amsterdam", "2026-10-24T22:00:00Z"),
        ("2026-10-26", "Europe/Amsterdam", "2026-10-25T23:00:00Z"),
        ("2026-07-01", "Asia/Tokyo", "2026-06-30T15:00:00Z"),
        ("2026-07-01", "America/Los_Angeles", "2026-07-01T07:00:00Z"),
    ])
    func startOfDay(day: String, zone: String, expected: String) {
        let calendar = Fixtures.calendar(zone)
        let start = Fixtures.day(day).start(in: calendar)
        #expect(start == Fixtures.instant(expected))
        #expect(LocalDay(start, in: calendar) == Fixtures.day(day))
    }

    @Test("at(hour:in:) is the local wall-clock time of that day")
    func atHour() {
        let amsterdam = Fixtures.calendar("Europe/Amsterdam")
        let day = Fixtures.day("2026-03-29")
        #expect(day.at(in: amsterdam) == Fixtures.instant("2026-03-29T10:00:00Z"))
        #expect(day.at(hour: 23, minute: 59, in: amsterdam) == Fixtures.instant("2026-03-29T21:59:00Z"))
        #expect(LocalDay(day.at(hour: 0, minute: 1, in: amsterdam), in: amsterdam) == day)
    }

    // MARK: - Comparable and Codable

    @Test("orders chronologically")
    func ordering() {
        let days = ["2026-01-10", "2025-12-31", "2026-01-02", "2024-02-29"].map(Fixtures.day)
        #expect(days.sorted().map(\.description) == ["2024-02-29", "2025-12-31", "2026-01-02", "2026-01-10"])
        #expect(Fixtures.day("2026-01-31") < Fixtures.day("2026-02-01"))
        #expect(!(Fixtures.day("2026-02-01") < Fixtures.day("2026-02-01")))
    }

    @Test("encodes as a YYYY-MM-DD string and decodes it back")
    func codableAsString() throws {
        let days = [Fixtures.day("2026-03-29"), Fixtures.day("0007-01-02")]
        let data = try JSONEncoder().encode(days)
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-03-29","0007-01-02"]"#)
        #expect(try JSONDecoder().decode([LocalDay].self, from: data) == days)
    }

    @Test("decoding refuses impossible or malformed dates", arguments: [
        #"["2026-02-30"]"#, #"["2026-3-1"]"#, #"["2026-03-01T00:00:00Z"]"#, #"[20260301]"#,
        #"[{"year":2026,"month":3,"day":1}]"#,
    ])
    func decodingRefuses(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalDay].self, from: Data(json.utf8))
        }
    }
}
