import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// The date forms of weight CSV files, local noon for dates without a time, and local times
/// across DST changes.
@Suite("Weight date reader")
struct WeightDateReaderTests {
    /// A reader kept across calls, as an import keeps one for a whole file.
    struct Reader {
        var reader: WeightDateReader

        init(zone: String = "Europe/Amsterdam") {
            reader = WeightDateReader(calendar: Fixtures.calendar(zone))
        }

        mutating func read(_ field: String, time: String? = nil, dayFirst: Bool = false)
            -> Result<WeightDateReader.Parsed, WeightDateReader.Problem> {
            let fieldBytes = Array(field.utf8)
            let timeBytes = time.map { Array($0.utf8) }
            return fieldBytes.withUnsafeBufferPointer { fieldBuffer in
                guard let timeBytes else { return attempt(fieldBuffer, nil, dayFirst) }
                return timeBytes.withUnsafeBufferPointer { attempt(fieldBuffer, $0, dayFirst) }
            }
        }

        private mutating func attempt(_ field: UnsafeBufferPointer<UInt8>, _ time: UnsafeBufferPointer<UInt8>?,
                                      _ dayFirst: Bool) -> Result<WeightDateReader.Parsed, WeightDateReader.Problem> {
            do {
                return .success(try reader.parse(field, time: time, slashDayFirst: dayFirst))
            } catch {
                return .failure(error)
            }
        }
    }

    /// `field` read with a fresh reader in `zone`.
    func read(_ field: String, time: String? = nil, dayFirst: Bool = false,
              zone: String = "Europe/Amsterdam") -> Result<WeightDateReader.Parsed, WeightDateReader.Problem> {
        var reader = Reader(zone: zone)
        return reader.read(field, time: time, dayFirst: dayFirst)
    }

    func instant(_ iso: String) -> Date { Fixtures.instant(iso) }

    // MARK: - ISO 8601

    @Test("ISO 8601 date-times: Z, ±HH:MM, ±HHMM, ±HH, no seconds, fractions, space or T", arguments: [
        ("2024-03-05T08:30:00Z", "2024-03-05T08:30:00Z"),
        ("2024-03-05T08:30:00+01:00", "2024-03-05T07:30:00Z"),
        ("2024-03-05T08:30:00+0100", "2024-03-05T07:30:00Z"),
        ("2024-03-05T08:30:00+01", "2024-03-05T07:30:00Z"),
        ("2024-03-05T08:30:00-05:30", "2024-03-05T14:00:00Z"),
        ("2024-03-05T08:30:00-0530", "2024-03-05T14:00:00Z"),
        ("2024-03-05T23:30:00-02:00", "2024-03-06T01:30:00Z"),
        ("2024-03-05T00:30:00+09:00", "2024-03-04T15:30:00Z"),
        ("2024-03-05T08:30Z", "2024-03-05T08:30:00Z"),
        ("2024-03-05T08:30+01:00", "2024-03-05T07:30:00Z"),
        ("2024-03-05T08:30:15.250Z", "2024-03-05T08:30:15.250Z"),
        ("2024-03-05T08:30:15.5Z", "2024-03-05T08:30:15.500Z"),
        ("2024-03-05T08:30:15.25Z", "2024-03-05T08:30:15.250Z"),
        ("2024-03-05T08:30:15.007Z", "2024-03-05T08:30:15.007Z"),
        ("2024-03-05T08:30:15.123456789Z", "2024-03-05T08:30:15.123Z"),
        ("2024-03-05T08:30:15,5Z", "2024-03-05T08:30:15.500Z"),
        ("2024-03-05T08:30:15.250+01:00", "2024-03-05T07:30:15.250Z"),
        ("2024-03-05 08:30:00Z", "2024-03-05T08:30:00Z"),
        ("2024-03-05  08:30Z", "2024-03-05T08:30:00Z"),
        ("  2024-03-05T08:30Z  ", "2024-03-05T08:30:00Z"),
        // Local time (Amsterdam, CET in March before the change).
        ("2024-03-05T08:30", "2024-03-05T07:30:00Z"),
        ("2024-03-05 08:30:15", "2024-03-05T07:30:15Z"),
        ("2024-03-05 08:30:15.250", "2024-03-05T07:30:15.250Z"),
        ("2024-03-05T8:30", "2024-03-05T07:30:00Z"),
        ("2024/03/05 08:30", "2024-03-05T07:30:00Z"),
        ("2024-03-05T00:00", "2024-03-04T23:00:00Z"),
        ("2024-03-05T23:59:59", "2024-03-05T22:59:59Z"),
    ])
    func iso(text: String, expected: String) throws {
        let parsed = try read(text).get()
        #expect(parsed.date == instant(expected))
        #expect(!parsed.dateOnly)
    }

    // MARK: - Other forms

    @Test("day-first dates with dots or dashes, with or without a time", arguments: [
        ("05.03.2024", "2024-03-05T11:00:00Z", true),
        ("5.3.2024", "2024-03-05T11:00:00Z", true),
        ("05-03-2024", "2024-03-05T11:00:00Z", true),
        ("31.12.2024", "2024-12-31T11:00:00Z", true),
        ("05.03.2024 08:30", "2024-03-05T07:30:00Z", false),
        ("05-03-2024 08:30:45", "2024-03-05T07:30:45Z", false),
        ("05.03.2024T08:30Z", "2024-03-05T08:30:00Z", false),
        ("2024-3-5", "2024-03-05T11:00:00Z", true),
        ("2024/3/5", "2024-03-05T11:00:00Z", true),
    ])
    func dayFirst(text: String, expected: String, dateOnly: Bool) throws {
        // The slash flag has no say over dots and dashes.
        for flag in [false, true] {
            let parsed = try read(text, dayFirst: flag).get()
            #expect(parsed.date == instant(expected))
            #expect(parsed.dateOnly == dateOnly)
        }
    }

    @Test("slash dates with the year last: month first, or day first with the flag", arguments: [
        ("1/5/2024", false, "2024-01-05T11:00:00Z"),
        ("1/5/2024", true, "2024-05-01T10:00:00Z"),
        ("01/05/2024", false, "2024-01-05T11:00:00Z"),
        ("01/05/2024", true, "2024-05-01T10:00:00Z"),
        ("12/31/2024", false, "2024-12-31T11:00:00Z"),
        ("31/12/2024", true, "2024-12-31T11:00:00Z"),
        ("13/5/2024", true, "2024-05-13T10:00:00Z"),
    ])
    func slashes(text: String, dayFirst: Bool, expected: String) throws {
        let parsed = try read(text, dayFirst: dayFirst).get()
        #expect(parsed.date == instant(expected))
        #expect(parsed.dateOnly)
    }

    @Test("Excel's AM/PM times, 12 AM is midnight and 12 PM noon", arguments: [
        ("1/5/2024 8:30:00 AM", "2024-01-05T07:30:00Z"),
        ("1/5/2024 8:30:00 PM", "2024-01-05T19:30:00Z"),
        ("1/5/2024 8:30 PM", "2024-01-05T19:30:00Z"),
        ("1/5/2024 8:30PM", "2024-01-05T19:30:00Z"),
        ("1/5/2024 8:30 pm", "2024-01-05T19:30:00Z"),
        ("1/5/2024 8:30 am", "2024-01-05T07:30:00Z"),
        ("1/5/2024 12:00:00 AM", "2024-01-04T23:00:00Z"),
        ("1/5/2024 12:30 AM", "2024-01-04T23:30:00Z"),
        ("1/5/2024 12:00:00 PM", "2024-01-05T11:00:00Z"),
        ("1/5/2024 12:59 PM", "2024-01-05T11:59:00Z"),
        ("1/5/2024 11:59:59 PM", "2024-01-05T22:59:59Z"),
        ("1/5/2024 1:00 AM", "2024-01-05T00:00:00Z"),
    ])
    func amPm(text: String, expected: String) throws {
        let parsed = try read(text).get()
        #expect(parsed.date == instant(expected))
        #expect(!parsed.dateOnly)
    }

    @Test("a separate time column: H:MM, H:MM:SS, AM/PM; empty means noon")
    func timeColumn() throws {
        #expect(try read("05.03.2024", time: "08:30").get().date == instant("2024-03-05T07:30:00Z"))
        #expect(try read("05.03.2024", time: "8:30:15").get().date == instant("2024-03-05T07:30:15Z"))
        #expect(try read("05.03.2024", time: "8:30:00 PM").get().date == instant("2024-03-05T19:30:00Z"))
        #expect(try read("05.03.2024", time: " 08:30 ").get().date == instant("2024-03-05T07:30:00Z"))
        #expect(try read("05.03.2024", time: "08:30Z").get().date == instant("2024-03-05T08:30:00Z"))
        let empty = try read("05.03.2024", time: "").get()
        #expect(empty.date == instant("2024-03-05T11:00:00Z"))
        #expect(empty.dateOnly)
        #expect(try read("05.03.2024", time: "   ").get().dateOnly)
        // A time in the date field wins over the time column.
        #expect(try read("05.03.2024 09:00", time: "08:30").get().date == instant("2024-03-05T08:00:00Z"))
    }

    @Test("a bad time in the time column is reported against that column", arguments: [
        "25:00", "8.30", "noon", "8", "8:3", "8:30:", "12:00 XM", "0:30 AM", "13:00 PM", "8:30:60", "08:60",
    ])
    func badTimeColumn(time: String) throws {
        guard case .failure(let problem) = read("05.03.2024", time: time) else {
            Issue.record("'\(time)' was accepted")
            return
        }
        #expect(problem.inTimeColumn)
        #expect(english(problem.problem) == "time '\(time)' is not a time (H:MM, H:MM:SS, with AM/PM or not)")
    }

    // MARK: - Refused

    @Test("impossible dates and times, and text that is not a date, are refused", arguments: [
        "2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-01-00", "30.02.2024", "31.04.2024",
        "2/30/2024", "13/5/2024", "0/5/2024", "2024-03-05T24:00", "2024-03-05T23:60", "2024-03-05T23:59:60",
        "2024-03-05T08:30+24:00", "2024-03-05T08:30+01:60", "2024-03-05T", "2024-03-05T8", "2024-03-05T08:3",
        "2024-03-05T08:30:1", "2024-03-05T08:30:00.", "2024-03-05T08:30:00.Z", "2024.03.05", "20240305", "05.03.24",
        "5/3/24", "yesterday", "", "   ", "2024-03-05x", "2024-03-05 08:30 +01:00", "2024-03-05T08:30:00z",
        "2024-03-05T08:30:00+1", "0000-01-01", "1/5/2024 0:30 AM", "1/5/2024 13:00 PM", "1/5/2024 8:30 XM",
        "2024-03-05T08:30:00Z extra", "024-03-05", "12345-03-05",
    ])
    func refused(text: String) throws {
        guard case .failure(let problem) = read(text) else {
            Issue.record("'\(text)' was accepted as \(read(text))")
            return
        }
        #expect(!problem.inTimeColumn)
        #expect(english(problem.problem).hasPrefix("date '\(text)' is not a date (use YYYY-MM-DD"), "\(english(problem.problem))")
    }

    @Test("29 February is a date in leap years only")
    func leapDays() throws {
        #expect(try read("2024-02-29").get().date == instant("2024-02-29T11:00:00Z"))
        #expect(try read("29.02.2000").get().date == instant("2000-02-29T11:00:00Z"))
        #expect(throws: WeightDateReader.Problem.self) { try read("29.02.1900").get() }
        #expect(throws: WeightDateReader.Problem.self) { try read("2100-02-29").get() }
    }

    // MARK: - Local noon and DST

    @Test("a date without a time is local noon, on either side of DST changes", arguments: [
        ("Europe/Amsterdam", "2024-03-30", "2024-03-30T11:00:00Z"),
        ("Europe/Amsterdam", "2024-03-31", "2024-03-31T10:00:00Z"),
        ("Europe/Amsterdam", "2024-07-01", "2024-07-01T10:00:00Z"),
        ("Europe/Amsterdam", "2024-10-26", "2024-10-26T10:00:00Z"),
        ("Europe/Amsterdam", "2024-10-27", "2024-10-27T11:00:00Z"),
        ("America/New_York", "2024-03-09", "2024-03-09T17:00:00Z"),
        ("America/New_York", "2024-03-10", "2024-03-10T16:00:00Z"),
        ("America/New_York", "2024-11-02", "2024-11-02T16:00:00Z"),
        ("America/New_York", "2024-11-03", "2024-11-03T17:00:00Z"),
        ("UTC", "2024-03-31", "2024-03-31T12:00:00Z"),
        ("Pacific/Auckland", "2024-04-07", "2024-04-07T00:00:00Z"),
    ])
    func localNoon(zone: String, text: String, expected: String) throws {
        let parsed = try read(text, zone: zone).get()
        #expect(parsed.date == instant(expected))
        #expect(parsed.dateOnly)
        #expect(LocalDay(parsed.date, in: Fixtures.calendar(zone)) == Fixtures.day(text))
    }

    @Test("local times take the offset in force at that time, with one reader across the change", arguments: [
        "Europe/Amsterdam", "America/New_York",
    ])
    func localTimesAcrossDST(zone: String) throws {
        let calendar = Fixtures.calendar(zone)
        var shared = Reader(zone: zone)
        // Every 20 minutes over the two days around each change, in file order and backwards,
        // skipping the hour that does not exist and the one that happens twice.
        let days = zone == "Europe/Amsterdam" ? ["2024-03-30", "2024-03-31", "2024-10-26", "2024-10-27"]
                                              : ["2024-03-09", "2024-03-10", "2024-11-02", "2024-11-03"]
        var checked = 0
        for pass in 0..<2 {
            for dayText in pass == 0 ? days : days.reversed() {
                let day = Fixtures.day(dayText)
                for minuteOfDay in stride(from: 0, to: 24 * 60, by: 20) {
                    let hour = minuteOfDay / 60, minute = minuteOfDay % 60
                    let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
                    guard let expected = calendar.date(from: components) else { continue }
                    // Only wall-clock times that exist exactly once.
                    let local = calendar.dateComponents([.hour, .minute], from: expected)
                    guard local.hour == hour, local.minute == minute,
                          calendar.dateComponents([.hour], from: expected.addingTimeInterval(-3600)).hour != hour,
                          calendar.dateComponents([.hour], from: expected.addingTimeInterval(3600)).hour != hour
                    else { continue }
                    let text = dayText + " " + String(format: "%02d:%02d", hour, minute)
                    #expect(try shared.read(text).get().date == expected, "\(text) shared")
                    #expect(try read(text, zone: zone).get().date == expected, "\(text) fresh")
                    checked += 1
                }
            }
        }
        #expect(checked > 500)
    }

    @Test("the same local hour on consecutive days across a change gets each day's offset")
    func sameHourDifferentOffsets() throws {
        var reader = Reader(zone: "Europe/Amsterdam")
        #expect(try reader.read("2024-03-30T08:15").get().date == instant("2024-03-30T07:15:00Z"))
        #expect(try reader.read("2024-03-31T08:15").get().date == instant("2024-03-31T06:15:00Z"))
        #expect(try reader.read("2024-03-30T08:45").get().date == instant("2024-03-30T07:45:00Z"))
        #expect(try reader.read("2024-03-31T01:30").get().date == instant("2024-03-31T00:30:00Z"))
        #expect(try reader.read("2024-03-31T03:30").get().date == instant("2024-03-31T01:30:00Z"))
        #expect(try reader.read("2024-10-27T01:30").get().date == instant("2024-10-26T23:30:00Z"))
        #expect(try reader.read("2024-10-27T03:30").get().date == instant("2024-10-27T02:30:00Z"))
        var newYork = Reader(zone: "America/New_York")
        #expect(try newYork.read("2024-11-03T00:30").get().date == instant("2024-11-03T04:30:00Z"))
        #expect(try newYork.read("2024-11-03T03:00").get().date == instant("2024-11-03T08:00:00Z"))
        #expect(try newYork.read("11/3/2024 3:00 AM").get().date == instant("2024-11-03T08:00:00Z"))
    }

    @Test("a time that does not exist or happens twice is read as one of its candidates, the same every time")
    func gapsAndOverlaps() throws {
        for (text, candidates) in [
            ("2024-03-31T02:30", ["2024-03-31T00:30:00Z", "2024-03-31T01:30:00Z"]),
            ("2024-10-27T02:30", ["2024-10-27T00:30:00Z", "2024-10-27T01:30:00Z"]),
        ] {
            let fresh = try read(text).get().date
            #expect(candidates.map(instant).contains(fresh), "\(text) read as \(fresh)")
            var shared = Reader()
            _ = shared.read("2024-03-31T01:59")
            _ = shared.read("2024-10-27T01:59")
            #expect(try shared.read(text).get().date == fresh)
            #expect(try shared.read(text).get().date == fresh)
        }
    }

    @Test("explicit offsets ignore the calendar's zone", arguments: ["Europe/Amsterdam", "America/New_York", "Asia/Kolkata"])
    func offsetsIgnoreZone(zone: String) throws {
        #expect(try read("2024-07-01T08:00:00+02:00", zone: zone).get().date == instant("2024-07-01T06:00:00Z"))
        #expect(try read("2024-07-01T08:00:00Z", zone: zone).get().date == instant("2024-07-01T08:00:00Z"))
    }

    @Test("dates before 1970 are read too")
    func before1970() throws {
        #expect(try read("1965-06-15T08:30:00Z").get().date == instant("1965-06-15T08:30:00Z"))
        let calendar = Fixtures.calendar("Europe/Amsterdam")
        let expected = calendar.date(from: DateComponents(year: 1965, month: 6, day: 15, hour: 8, minute: 30))!
        #expect(try read("15.06.1965 08:30").get().date == expected)
    }
}
