import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// A time of day on the wall clock (`HH:MM`): what it parses, how it orders and is stored, and
/// the instant it names on a day, across the changes of clocks.
@Suite("WallTime")
struct WallTimeTests {
    static let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    @Test("HH:MM and H:MM from 00:00 to 23:59 parse", arguments: [
        ("07:30", 7, 30), ("7:30", 7, 30), ("00:00", 0, 0), ("0:00", 0, 0), ("23:59", 23, 59), ("12:05", 12, 5),
    ])
    func parses(text: String, hour: Int, minute: Int) throws {
        let time = try #require(WallTime(text), "\(text)")
        #expect(time.hour == hour && time.minute == minute, "\(text)")
        #expect(try WallTime.parse(text) == time)
        #expect(time.minuteOfDay == hour * 60 + minute)
        #expect(time.description == String(format: "%02d:%02d", hour, minute))
    }

    @Test("anything else is refused, naming the value", arguments: [
        "24:00", "7:5", "07:30:00", "", "٠٧:٣٠", "07:60", "123:00", "-1:30", "+7:30", "07-30", "07:3a", ":30", "07:",
        "７:３０", "07 :30",
    ])
    func refused(text: String) {
        #expect(WallTime(text) == nil, "\(text)")
        #expect(throws: InvalidValue(kind: .wallTime, value: text, valid: ["HH:MM, 00:00 to 23:59"])) {
            try WallTime.parse(text)
        }
    }

    @Test("parse trims surrounding spaces; the initialiser does not")
    func trims() throws {
        #expect(try WallTime.parse(" 07:30 ") == WallTime(hour: 7, minute: 30))
        #expect(WallTime(" 07:30") == nil)
    }

    @Test("hour and minute out of range are refused")
    func components() {
        #expect(WallTime(hour: 24, minute: 0) == nil)
        #expect(WallTime(hour: -1, minute: 0) == nil)
        #expect(WallTime(hour: 0, minute: 60) == nil)
        #expect(WallTime(hour: 23, minute: 59)?.description == "23:59")
    }

    @Test("times order by minute of the day")
    func ordering() throws {
        let texts = ["18:00", "7:30", "00:00", "23:59", "07:29", "12:00"]
        let sorted = try texts.map { try WallTime.parse($0) }.sorted().map(\.description)
        #expect(sorted == ["00:00", "07:29", "07:30", "12:00", "18:00", "23:59"])
        #expect(try WallTime.parse("9:00") < WallTime.parse("10:00"))
        #expect(!(try WallTime.parse("10:00") < WallTime.parse("10:00")))
        #expect(try WallTime.parse("7:30") == WallTime.parse("07:30"))
    }

    @Test("JSON holds it as \"07:30\" and reads it back; a bad time is a decoding error")
    func json() throws {
        let time = try WallTime.parse("7:30")
        let data = try JSONEncoder().encode([time])
        #expect(String(decoding: data, as: UTF8.self) == #"["07:30"]"#)
        #expect(try JSONDecoder().decode([WallTime].self, from: data) == [time])
        for bad in [#"["24:00"]"#, #"["07:30:00"]"#, #"[730]"#, #"[""]"#] {
            #expect(throws: DecodingError.self, "\(bad)") {
                try JSONDecoder().decode([WallTime].self, from: Data(bad.utf8))
            }
        }
    }

    @Test("on an ordinary day the instant is the zone's wall clock")
    func ordinaryDay() throws {
        let time = try WallTime.parse("07:30")
        #expect(time.instant(on: Fixtures.day("2026-01-05"), in: Self.amsterdam) == Fixtures.instant("2026-01-05T06:30:00Z"))
        #expect(time.instant(on: Fixtures.day("2026-07-05"), in: Self.amsterdam) == Fixtures.instant("2026-07-05T05:30:00Z"))
        #expect(time.instant(on: Fixtures.day("2026-01-05"), in: Self.newYork) == Fixtures.instant("2026-01-05T12:30:00Z"))
        #expect(WallTime(Fixtures.instant("2026-01-05T06:30:59Z"), in: Self.amsterdam) == time, "seconds dropped")
    }

    @Test("Amsterdam, 29 March 2026: 02:30 does not exist and lands at 03:30 summer time")
    func springForward() throws {
        let day = Fixtures.day("2026-03-29")
        let skipped = try WallTime.parse("02:30").instant(on: day, in: Self.amsterdam)
        #expect(skipped == Fixtures.instant("2026-03-29T01:30:00Z"))
        #expect(WallTime(skipped, in: Self.amsterdam) == WallTime(hour: 3, minute: 30))
        #expect(try WallTime.parse("01:59").instant(on: day, in: Self.amsterdam) == Fixtures.instant("2026-03-29T00:59:00Z"))
        #expect(try WallTime.parse("03:00").instant(on: day, in: Self.amsterdam) == Fixtures.instant("2026-03-29T01:00:00Z"))
        #expect(try WallTime.parse("07:30").instant(on: day, in: Self.amsterdam) == Fixtures.instant("2026-03-29T05:30:00Z"))
    }

    @Test("Amsterdam, 25 October 2026: 02:30 is shown twice and is the first, in summer time")
    func fallBack() throws {
        let day = Fixtures.day("2026-10-25")
        #expect(try WallTime.parse("02:30").instant(on: day, in: Self.amsterdam) == Fixtures.instant("2026-10-25T00:30:00Z"))
        #expect(try WallTime.parse("03:00").instant(on: day, in: Self.amsterdam) == Fixtures.instant("2026-10-25T02:00:00Z"))
        #expect(try WallTime.parse("07:30").instant(on: day, in: Self.amsterdam) == Fixtures.instant("2026-10-25T06:30:00Z"))
    }

    @Test("New York: 02:30 on 8 March 2026 lands at 03:30 EDT; 01:30 on 1 November is the first, EDT")
    func newYorkChanges() throws {
        #expect(try WallTime.parse("02:30").instant(on: Fixtures.day("2026-03-08"), in: Self.newYork)
            == Fixtures.instant("2026-03-08T07:30:00Z"))
        #expect(try WallTime.parse("01:30").instant(on: Fixtures.day("2026-11-01"), in: Self.newYork)
            == Fixtures.instant("2026-11-01T05:30:00Z"))
        #expect(try WallTime.parse("07:30").instant(on: Fixtures.day("2026-11-01"), in: Self.newYork)
            == Fixtures.instant("2026-11-01T12:30:00Z"))
    }
}
