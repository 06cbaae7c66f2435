import Foundation
import Testing
import WellnessDomain

@Suite("Timestamp")
struct TimestampTests {
    @Test("an instant far outside the years of instants is still written, its year in full")
    func formatsFarOut() throws {
        let farOut = Date(timeIntervalSince1970: 1e15)
        #expect(Timestamp.format(farOut) == "31690708-07-05T01:46:40.000Z")
        let plusTwo = try #require(TimeZone(secondsFromGMT: 7200))
        #expect(Timestamp.format(farOut, offsetIn: plusTwo) == "31690708-07-05T03:46:40+02:00")
        // 33 characters, more than one small buffer holds (the milliseconds of so large an
        // instant are only as exact as a Double allows).
        let withMilliseconds = Timestamp.format(farOut.addingTimeInterval(0.5), offsetIn: plusTwo)
        #expect(withMilliseconds.count == 33 && withMilliseconds.hasPrefix("31690708-07-05T03:46:40.")
                && withMilliseconds.hasSuffix("+02:00"), "\(withMilliseconds)")
    }

    @Test("formats in UTC with milliseconds always present", arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (0.25, "1970-01-01T00:00:00.250Z"),
        (1_795_253_400.0, "2026-11-21T09:30:00.000Z"),
        (1_795_253_415.25, "2026-11-21T09:30:15.250Z"),
        (1_795_253_415.007, "2026-11-21T09:30:15.007Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"),
        (-1.0, "1969-12-31T23:59:59.000Z"),
    ])
    func formats(seconds: Double, expected: String) {
        #expect(Timestamp.format(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("parses Z, offsets and optional fractions to the same instant", arguments: [
        ("2026-11-21T09:30:00Z", 1_795_253_400_000 as Int64),
        ("2026-11-21T09:30:00.000Z", 1_795_253_400_000),
        ("2026-11-21T10:30:00+01:00", 1_795_253_400_000),
        ("2026-11-21T04:30:00-05:00", 1_795_253_400_000),
        ("2026-11-21T09:30:00.250Z", 1_795_253_400_250),
        ("2026-11-21T09:30:00.5Z", 1_795_253_400_500),
        ("2026-11-21T09:30:00.25Z", 1_795_253_400_250),
        ("2026-11-21T09:30:00.123456Z", 1_795_253_400_123),
        ("2026-11-21T18:30:00.250+09:00", 1_795_253_400_250),
        ("2026-11-21T01:30:00.007-08:00", 1_795_253_400_007),
        ("1969-12-31T23:59:59.500Z", -500),
    ])
    func parses(text: String, millis: Int64) throws {
        let date = try #require(Timestamp.parse(text))
        #expect(Timestamp.milliseconds(date) == millis)
    }

    @Test("refuses text that is not an ISO 8601 date-time with a zone", arguments: [
        "", "nonsense", "2026-11-21", "2026-11-21T09:30:00.Z", "2026-11-21T09:30:00.abcZ",
        "2026-13-21T09:30:00Z", "2026-11-21 09:30", "21-11-2026T09:30:00Z",
    ])
    func refuses(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test("refuses impossible dates and times instead of rolling them over", arguments: [
        "2026-02-30T09:30:00Z", "2026-02-29T09:30:00Z", "2026-04-31T00:00:00Z",
        "2026-11-21T25:00:00Z", "2026-11-21T09:61:00Z",
    ])
    func refusesImpossible(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test("refuses text after the zone", arguments: [
        "2026-11-21T09:30:00Zjunk", "2026-11-21T09:30:00.250Zjunk", "2026-11-21T09:30:00Z.5",
        "2026-11-21T09:30:00+01:00junk",
    ])
    func refusesTrailingText(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test("format then parse returns the same instant", arguments: [
        0 as Int64, 250, 999, 1_000, -1, -500, -1_001, 1_795_253_415_250, 1_774_745_999_999, 253_402_300_799_999,
    ])
    func roundTripFromMilliseconds(millis: Int64) throws {
        let date = Timestamp.fromMilliseconds(millis)
        let text = Timestamp.format(date)
        let parsed = try #require(Timestamp.parse(text))
        #expect(parsed == date)
        #expect(Timestamp.milliseconds(parsed) == millis)
    }

    @Test("parse then format gives the canonical UTC form", arguments: [
        ("2026-03-29T02:30:00.250+02:00", "2026-03-29T00:30:00.250Z"),
        ("2026-10-25T02:30:00+01:00", "2026-10-25T01:30:00.000Z"),
        ("2026-10-25T02:30:00+02:00", "2026-10-25T00:30:00.000Z"),
        ("2027-01-01T08:59:59.999+09:00", "2026-12-31T23:59:59.999Z"),
    ])
    func canonicalForm(text: String, expected: String) throws {
        #expect(Timestamp.format(try #require(Timestamp.parse(text))) == expected)
    }

    @Test("milliseconds round to the nearest whole millisecond")
    func millisecondsRound() {
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: 1.0004)) == 1_000)
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: 1.0006)) == 1_001)
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: 1.9996)) == 2_000)
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1.9996)) == "1970-01-01T00:00:02.000Z")
        #expect(Timestamp.fromMilliseconds(1_500) == Date(timeIntervalSince1970: 1.5))
    }
}
