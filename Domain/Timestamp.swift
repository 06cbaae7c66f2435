import Foundation

/// The one textual and numeric form of instants used across stores and output: ISO 8601 in
/// UTC with milliseconds, and whole milliseconds since 1970, so every store keeps an instant
/// exactly.
public enum Timestamp {
    /// `2026-11-21T09:30:00.250Z` (milliseconds always present).
    public static func format(_ date: Date) -> String {
        let utc = CivilTime.local(milliseconds: milliseconds(date), utcOffset: 0)
        var time = ASCIIBytes()
        appendTime(millisecondOfDay: utc.millisecondOfDay, alwaysMilliseconds: true, to: &time)
        time.append(UInt8(ascii: "Z"))
        guard (0...9999).contains(utc.day.year) else { return utc.day.description + time.string } // outside ``range``
        var text = ASCIIBytes()
        utc.day.append(to: &text)
        time.append(to: &text)
        return text.string
    }

    /// UTC, for ``CivilTime``.
    static let utcZone = TimeZone(secondsFromGMT: 0) ?? TimeZone(identifier: "UTC") ?? .current

    /// Parses exactly `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; `nil` for anything else,
    /// including impossible dates and times (no rolling over), trailing text and instants
    /// outside ``range``. Fractions
    /// beyond milliseconds are truncated.
    public static func parse(_ text: String) -> Date? {
        guard let date = parseIgnoringRange(text), range ~= date else { return nil }
        return date
    }

    /// ``parse(_:)`` without the range check: with an offset, a date of year 1 or 9999 can be
    /// an instant of year 0 or 10000 in UTC. For telling a person why their value was refused
    /// (``CivilTime/checkRange(_:in:given:)``), never for storing.
    public static func parseIgnoringRange(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        func byte(_ index: Int, is expected: Character) -> Bool {
            index < bytes.count && bytes[index] == expected.asciiValue
        }
        guard let year = number(0..<4), byte(4, is: "-"), let month = number(5..<7), byte(7, is: "-"),
              let dayOfMonth = number(8..<10), byte(10, is: "T"), let hour = number(11..<13), byte(13, is: ":"),
              let minute = number(14..<16), byte(16, is: ":"), let second = number(17..<19),
              let day = LocalDay(year: year, month: month, day: dayOfMonth),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var millis = 0
        if byte(index, is: ".") {
            index += 1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            let digits = bytes[start..<min(index, start + 3)].map { Int($0 - 0x30) }
            millis = digits.enumerated().reduce(0) { $0 + $1.element * [100, 10, 1][$1.offset] }
        }
        var offsetSeconds = 0
        if byte(index, is: "Z"), index + 1 == bytes.count {
            offsetSeconds = 0
        } else if byte(index, is: "+") || byte(index, is: "-"), index + 6 == bytes.count,
                  let offsetHours = number(index + 1..<index + 3), byte(index + 3, is: ":"),
                  let offsetMinutes = number(index + 4..<index + 6), offsetHours < 24, offsetMinutes < 60 {
            offsetSeconds = (byte(index, is: "-") ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        let seconds = Int64(day.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        return fromMilliseconds(seconds * 1000 + Int64(millis))
    }

    /// Every instant of the years 1…9999 in UTC: the instants ``parse(_:)`` reads and
    /// ``format(_:)`` writes.
    public static let range: ClosedRange<Date> =
        fromMilliseconds(Int64(LocalDay.first.dayNumber) * 86_400_000)...fromMilliseconds(253_402_300_799_999)

    /// Whole milliseconds since 1970-01-01T00:00:00Z, rounded.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The instant `millis` milliseconds after 1970-01-01T00:00:00Z.
    public static func fromMilliseconds(_ millis: Int64) -> Date {
        Date(timeIntervalSince1970: Double(millis) / 1000)
    }
}

extension Timestamp {
    /// `2024-03-05T08:30:00+01:00`: the local date and time in `timeZone` with its offset from
    /// UTC at that instant (`Z` when it is 0), and `.250` milliseconds only when there are some.
    /// An offset that is not whole minutes (local mean time before time zones, e.g.
    /// −00:44:30) cannot be written, so such instants are written in UTC. ``parse(_:)`` reads
    /// the text back to the same instant.
    public static func format(_ date: Date, offsetIn timeZone: TimeZone) -> String {
        var bytes: [UInt8] = []
        append(date, utcOffset: timeZone.secondsFromGMT(for: date), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``format(_:offsetIn:)`` of `date` to `bytes` as UTF-8, given the time zone's
    /// offset from UTC at `date` in seconds (its `secondsFromGMT(for: date)`, or
    /// ``UTCOffsets/seconds(at:)``).
    public static func append(_ date: Date, utcOffset: Int, to bytes: inout [UInt8]) {
        let offset = utcOffset % 60 == 0 ? utcOffset : 0
        let local = CivilTime.local(milliseconds: milliseconds(date), utcOffset: offset)
        var day = ASCIIBytes() // a local date may be beyond the years of instants: 0000, 10000, more
        local.day.append(to: &day)
        day.append(to: &bytes)
        var text = ASCIIBytes()
        appendTime(millisecondOfDay: local.millisecondOfDay, alwaysMilliseconds: false, to: &text)
        if offset == 0 {
            text.append(0x5A) // Z
        } else {
            let minutes = abs(offset) / 60
            text.append(offset < 0 ? 0x2D : 0x2B) // - or +
            text.appendDigits(minutes / 60, width: 2)
            text.append(0x3A)
            text.appendDigits(minutes % 60, width: 2)
        }
        text.append(to: &bytes)
    }

    /// `THH:MM:SS`, then `.mmm` when there are milliseconds or `alwaysMilliseconds`.
    private static func appendTime(millisecondOfDay: Int, alwaysMilliseconds: Bool, to text: inout ASCIIBytes) {
        let seconds = millisecondOfDay / 1000
        text.append(UInt8(ascii: "T"))
        text.appendDigits(seconds / 3600, width: 2)
        text.append(UInt8(ascii: ":"))
        text.appendDigits(seconds / 60 % 60, width: 2)
        text.append(UInt8(ascii: ":"))
        text.appendDigits(seconds % 60, width: 2)
        if alwaysMilliseconds || millisecondOfDay % 1000 != 0 {
            text.append(UInt8(ascii: "."))
            text.appendDigits(millisecondOfDay % 1000, width: 3)
        }
    }
}

extension JSONEncoder.DateEncodingStrategy {
    /// Instants as ``Timestamp/format(_:)`` writes them: every store, archive and API answer.
    public static var timestamp: Self {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.format(date))
        }
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// Instants as ``Timestamp/parse(_:)`` reads them; anything else is a decoding error that
    /// quotes the text.
    public static var timestamp: Self {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date-time")
            }
            return date
        }
    }
}
