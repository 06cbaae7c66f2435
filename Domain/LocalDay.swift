import Foundation

/// A local calendar date (`YYYY-MM-DD`), independent of the hour and of DST.
///
/// Day arithmetic is done on the proleptic Gregorian day number, so "days between" never
/// depends on how long a particular day was in some time zone.
public struct LocalDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a day from its parts; `nil` when they do not name a real date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalDay.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`; `nil` for anything else, including impossible dates.
    public init?(_ text: String) {
        // Byte by byte: this runs for every day read from a store or a request.
        let utf8 = text.utf8
        guard let parts = utf8.withContiguousStorageIfAvailable(LocalDay.parts) ?? LocalDay.parts(Array(utf8)[...])
        else { return nil }
        self.init(year: parts.year, month: parts.month, day: parts.day)
    }

    /// The numbers of `YYYY-MM-DD` (ASCII digits and two hyphens, nothing else).
    private static func parts(_ bytes: some Collection<UInt8>) -> (year: Int, month: Int, day: Int)? {
        guard bytes.count == 10 else { return nil }
        var numbers = (0, 0, 0)
        for (offset, byte) in bytes.enumerated() {
            if offset == 4 || offset == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch offset {
            case ..<4: numbers.0 = numbers.0 * 10 + digit
            case ..<7: numbers.1 = numbers.1 * 10 + digit
            default: numbers.2 = numbers.2 * 10 + digit
            }
        }
        return numbers
    }

    /// The local date of `date` in the time zone of `calendar` (proleptic Gregorian, see
    /// ``CivilTime``).
    public init(_ date: Date, in calendar: Calendar) {
        self = CivilTime.local(date, in: calendar.timeZone).day
    }

    public var description: String {
        var text = ASCIIBytes()
        append(to: &text)
        return text.string
    }

    /// Appends `YYYY-MM-DD`, as `%04d-%02d-%02d` would (a year outside 1...9999 is reached
    /// only by arithmetic: `-001`, `10000`).
    func append(to text: inout ASCIIBytes) {
        if year < 0 {
            text.append(UInt8(ascii: "-"))
            text.appendDigits(-year, width: 3)
        } else {
            text.appendDigits(year, width: 4)
        }
        text.append(UInt8(ascii: "-"))
        text.appendDigits(month, width: 2)
        text.append(UInt8(ascii: "-"))
        text.appendDigits(day, width: 2)
    }

    /// The first instant of this day in the calendar's time zone (after midnight when the
    /// clocks skip midnight).
    public func start(in calendar: Calendar) -> Date {
        at(hour: 0, in: calendar)
    }

    /// The instant at the given local wall-clock time (noon by default) of this day, as
    /// ``CivilTime/instant(_:millisecondOfDay:in:)`` resolves it.
    public func at(hour: Int = 12, minute: Int = 0, in calendar: Calendar) -> Date {
        CivilTime.instant(self, millisecondOfDay: (hour * 60 + minute) * 60_000, in: calendar.timeZone)
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDay {
        LocalDay(dayNumber: dayNumber + count)
    }

    /// The `count` local days that end with `last` (`last` included): the one helper for
    /// "the last N days". A window reaching before 0001-01-01 starts there.
    /// - Throws: ``InvalidValue`` (``InvalidValue/Field/dayCount``) when `count` is not in
    ///   ``dayCounts``.
    public static func last(_ count: Int, endingOn last: LocalDay) throws(InvalidValue) -> ClosedRange<LocalDay> {
        try checkDayCount(count)
        return window(count, endingOn: last)
    }

    /// ``last(_:endingOn:)`` for a count already known to be in ``dayCounts``.
    static func window(_ count: Int, endingOn last: LocalDay) -> ClosedRange<LocalDay> {
        let span = Swift.min(Swift.max(count, 1), dayCounts.upperBound) - 1
        return LocalDay(dayNumber: Swift.max(last.dayNumber - span, LocalDay.first.dayNumber))...last
    }

    /// How many days a "last N days" window may span: 1 to 100 years' worth.
    public static let dayCounts: ClosedRange<Int> = 1...36_500

    /// Refuses a number of days outside ``dayCounts`` (before any arithmetic on it).
    public static func checkDayCount(_ count: Int) throws(InvalidValue) {
        guard dayCounts.contains(count) else {
            throw InvalidValue(kind: .dayCount, value: String(count),
                               valid: ["\(dayCounts.lowerBound)…\(dayCounts.upperBound)"])
        }
    }

    /// 0001-01-01, the first day the system accepts.
    public static let first = LocalDay(dayNumber: -719_162)

    /// Whole calendar days from `self` to `other` (negative when `other` is earlier).
    public func days(until other: LocalDay) -> Int {
        other.dayNumber - dayNumber
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    // MARK: - Codable as "YYYY-MM-DD"

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = LocalDay(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a date in the form YYYY-MM-DD")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    // MARK: - Day numbers (days since 1970-01-01, proleptic Gregorian)

    var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
