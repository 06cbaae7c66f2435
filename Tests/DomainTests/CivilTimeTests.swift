import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("CivilTime: one calendar, one range")
struct CivilTimeTests {
    static let utc = TimeZone(identifier: "UTC")!

    // MARK: - Proleptic Gregorian, also before 1582

    @Test("a date before 1582 reads and writes as the same proleptic Gregorian date",
          arguments: ["0001-01-01", "0004-02-29", "1500-06-01", "1582-10-04", "1582-10-10", "1582-10-15"])
    func prolepticDays(text: String) throws {
        let day = Fixtures.day(text)
        for zone in ["UTC", "Europe/Amsterdam", "America/New_York", "Pacific/Chatham"] {
            let calendar = Fixtures.calendar(zone)
            let noon = day.at(in: calendar)
            #expect(LocalDay(noon, in: calendar) == day, "\(zone)")
            // Noon of 0001-01-01 east of Greenwich is still year 0 in UTC.
            guard CivilTime.isInRange(noon, in: calendar.timeZone) else { continue }
            let written = Timestamp.format(noon, offsetIn: calendar.timeZone)
            let read = try #require(Timestamp.parse(written), "\(zone): \(written)")
            #expect(read == noon, "\(zone): \(written)")
            #expect(LocalDay(read, in: calendar) == day, "\(zone): \(written)")
        }
        #expect(Timestamp.format(day.at(in: Fixtures.calendar("UTC"))) == text + "T12:00:00.000Z")
    }

    @Test("1500-06-01T08:00 in UTC is written as 1500-06-01, not Foundation's Julian 1500-06-11")
    func julianSwitchIgnored() {
        let date = CivilTime.instant(Fixtures.day("1500-06-01"), millisecondOfDay: 8 * 3_600_000, in: Self.utc)
        #expect(Timestamp.format(date) == "1500-06-01T08:00:00.000Z")
        #expect(Timestamp.parse("1500-06-01T08:00:00Z") == date)
        #expect(CivilTime.local(date, in: Self.utc) == .init(day: Fixtures.day("1500-06-01"), millisecondOfDay: 8 * 3_600_000))
    }

    @Test("after 1582 the local date and time agree with Foundation's calendar, in zones from −12 to +14")
    func agreesWithFoundation() {
        var random = SeededGenerator(seed: 20_261_123)
        let zones = ["Europe/Amsterdam", "America/New_York", "Pacific/Chatham", "Pacific/Kiritimati", "Etc/GMT+12",
                     "Australia/Lord_Howe", "America/Santiago", "Asia/Kolkata", "UTC"]
        for _ in 0..<400 {
            let zone = zones[Int(random.next() % UInt64(zones.count))]
            let calendar = Fixtures.calendar(zone)
            // Instants between 1900 and 2100, to the second.
            let seconds = Double(Int64(random.next() % 6_311_433_600)) - 2_208_988_800
            let date = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let local = CivilTime.local(date, in: calendar.timeZone)
            #expect([local.day.year, local.day.month, local.day.day, local.hour, local.minute, local.second]
                    == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second], "\(zone) \(date)")
            #expect(CivilTime.instant(local.day, millisecondOfDay: local.millisecondOfDay, in: calendar.timeZone) == date
                    || calendar.timeZone.secondsFromGMT(for: date) != calendar.timeZone.secondsFromGMT(for: date - 7200),
                    "\(zone) \(date): only a repeated hour may resolve to its first occurrence")
        }
    }

    // MARK: - Changes of clocks

    @Test("a time skipped in spring is read after the jump; a repeated time in autumn is the first one")
    func gapsAndOverlaps() {
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
        let spring = CivilTime.instant(Fixtures.day("2026-03-29"), millisecondOfDay: (2 * 60 + 30) * 60_000, in: amsterdam)
        #expect(spring == Fixtures.instant("2026-03-29T01:30:00Z"))
        let autumn = CivilTime.instant(Fixtures.day("2026-10-25"), millisecondOfDay: (2 * 60 + 30) * 60_000, in: amsterdam)
        #expect(autumn == Fixtures.instant("2026-10-25T00:30:00Z"))
        // Santiago skips midnight: the day starts at 01:00.
        let santiago = Fixtures.calendar("America/Santiago")
        let start = Fixtures.day("2026-09-06").start(in: santiago)
        #expect(CivilTime.local(start, in: santiago.timeZone).day == Fixtures.day("2026-09-06"))
        #expect(CivilTime.local(start, in: santiago.timeZone).hour == 1)
    }

    @Test("N days later is the same local time, 23 or 25 hours across a change of clocks")
    func addingDays() {
        let calendar = Fixtures.calendar("Europe/Amsterdam")
        let before = Fixtures.instant("2026-03-23T07:30:00+01:00")
        #expect(CivilTime.adding(days: 7, to: before, in: calendar.timeZone) == Fixtures.instant("2026-03-30T07:30:00+02:00"))
        let chatham = Fixtures.calendar("Pacific/Chatham")
        let moment = Fixtures.instant("2026-04-01T09:15:00+13:45")
        #expect(CivilTime.adding(days: 7, to: moment, in: chatham.timeZone) == Fixtures.instant("2026-04-08T09:15:00+12:45"))
        #expect(CivilTime.adding(days: -7, to: Fixtures.instant("2026-04-08T09:15:00+12:45"), in: chatham.timeZone) == moment)
    }

    // MARK: - The range

    @Test("an instant is in range only when its date lies in 1…9999 in UTC and in the zone", arguments: [
        ("9999-12-31T23:30:00-05:00", "America/New_York", false),
        ("9999-12-31T18:30:00-05:00", "America/New_York", true),
        ("9999-12-31T23:59:59Z", "UTC", true),
        ("9999-12-31T23:59:59Z", "Pacific/Kiritimati", false),
        ("0001-01-01T00:00:00Z", "UTC", true),
        ("0001-01-01T00:00:00Z", "Etc/GMT+12", false),
        ("0001-01-01T13:00:00Z", "Etc/GMT+12", true),
        ("2026-11-23T10:00:00Z", "Pacific/Chatham", true),
    ])
    func range(text: String, zone: String, inRange: Bool) throws {
        let date = try #require(Timestamp.parseIgnoringRange(text))
        #expect(CivilTime.isInRange(date, in: TimeZone(identifier: zone)!) == inRange)
        if inRange {
            #expect(throws: Never.self) { try CivilTime.checkRange(date, in: TimeZone(identifier: zone)!) }
        } else {
            #expect(throws: TimeProblem.outOfRange(text)) {
                try CivilTime.checkRange(date, in: TimeZone(identifier: zone)!, given: text)
            }
        }
    }

    @Test("Timestamp.parse refuses what would be year 0 or 10000 in UTC; parseIgnoringRange reads it", arguments: [
        "9999-12-31T23:59:00-14:00", "0001-01-01T00:00:00+14:00", "9999-12-31T23:30:00-05:00",
    ])
    func parseRange(text: String) {
        #expect(Timestamp.parse(text) == nil)
        #expect(Timestamp.parseIgnoringRange(text) != nil)
    }

    @Test("the ends of the range are written and read back exactly")
    func ends() {
        #expect(Timestamp.format(Timestamp.range.lowerBound) == "0001-01-01T00:00:00.000Z")
        #expect(Timestamp.format(Timestamp.range.upperBound) == "9999-12-31T23:59:59.999Z")
        #expect(Timestamp.parse("0001-01-01T00:00:00.000Z") == Timestamp.range.lowerBound)
        #expect(Timestamp.parse("9999-12-31T23:59:59.999Z") == Timestamp.range.upperBound)
    }

    // MARK: - Recording

    @Test("an instant later than now plus the skew, or a day after today, cannot be recorded")
    func future() {
        let zone = TimeZone(identifier: "Europe/Amsterdam")!
        let now = Fixtures.instant("2026-11-23T10:00:00Z")
        #expect(throws: Never.self) { try CivilTime.checkRecordable(now.addingTimeInterval(CivilTime.allowedSkew), now: now, in: zone) }
        #expect(throws: TimeProblem.inFuture("2026-11-23T11:05:01+01:00")) {
            try CivilTime.checkRecordable(now.addingTimeInterval(CivilTime.allowedSkew + 1), now: now, in: zone)
        }
        let today = Fixtures.day("2026-11-23")
        #expect(throws: Never.self) { try CivilTime.checkRecordable(today, today: today) }
        #expect(throws: TimeProblem.inFuture("2026-11-24")) { try CivilTime.checkRecordable(today.adding(days: 1), today: today) }
        #expect(CivilTime.newestDay(at: Fixtures.instant("2026-11-23T10:00:00Z")) == Fixtures.day("2026-11-24"))
        #expect(CivilTime.newestDay(at: Fixtures.instant("2026-11-23T09:59:59Z")) == Fixtures.day("2026-11-23"))
    }

    // MARK: - The last N days

    @Test("the last N days end today, start at 0001-01-01 at the earliest, and N is 1…36500")
    func lastDays() throws {
        let today = Fixtures.day("2026-11-23")
        #expect(try LocalDay.last(1, endingOn: today) == today...today)
        #expect(try LocalDay.last(7, endingOn: today) == Fixtures.day("2026-11-17")...today)
        #expect(try LocalDay.last(36_500, endingOn: Fixtures.day("0002-01-01")) == LocalDay.first...Fixtures.day("0002-01-01"))
        for count in [0, -1, 36_501, 3_000_000, Int.max, Int.min] {
            #expect(throws: InvalidValue(kind: .dayCount, value: "\(count)", valid: ["1…36500"])) {
                try LocalDay.last(count, endingOn: today)
            }
        }
    }
}
