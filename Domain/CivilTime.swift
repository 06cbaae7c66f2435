import Foundation

/// The one pair of functions between instants and local wall-clock time, and the range of
/// instants the system accepts.
///
/// Local dates are proleptic Gregorian (as ISO 8601 and ``Timestamp`` write them), also before
/// 1582, where Foundation's Gregorian `Calendar` switches to the Julian calendar: a date typed
/// as `1500-06-01` stays `1500-06-01` on the way in and on the way out. Only the time zone's
/// offset from UTC at an instant is taken from the system's time zone database.
public enum CivilTime {
    /// A local date and the time of day on it, to the millisecond.
    public struct Local: Sendable, Hashable {
        public let day: LocalDay
        /// Milliseconds since local midnight (0 ..< 86,400,000).
        public let millisecondOfDay: Int

        public init(day: LocalDay, millisecondOfDay: Int) {
            self.day = day
            self.millisecondOfDay = millisecondOfDay
        }

        public var hour: Int { millisecondOfDay / 3_600_000 }
        public var minute: Int { millisecondOfDay / 60_000 % 60 }
        public var second: Int { millisecondOfDay / 1000 % 60 }
    }

    /// The local date and time of `date` in `zone`.
    public static func local(_ date: Date, in zone: TimeZone) -> Local {
        local(milliseconds: Timestamp.milliseconds(date), utcOffset: zone.secondsFromGMT(for: date))
    }

    /// The local date and time `utcOffset` seconds ahead of UTC at the instant `milliseconds`
    /// after 1970-01-01T00:00:00Z.
    static func local(milliseconds: Int64, utcOffset: Int) -> Local {
        let millis = milliseconds + Int64(utcOffset) * 1000
        let dayNumber = millis.dividedRoundingDown(by: millisecondsPerDay)
        return Local(day: LocalDay(dayNumber: Int(dayNumber)),
                     millisecondOfDay: Int(millis - dayNumber * millisecondsPerDay))
    }

    /// The instant at which `zone`'s clocks show `millisecondOfDay` on `day`.
    ///
    /// A time that happens twice (clocks turned back) is the first of the two; a time skipped
    /// when clocks jump forward is read with the offset from before the jump, so it lands that
    /// far after the jump (02:30 on a spring-forward night at 02:00 is 03:30), as Foundation's
    /// `Calendar` does.
    public static func instant(_ day: LocalDay, millisecondOfDay: Int, in zone: TimeZone) -> Date {
        let wall = Int64(day.dayNumber) * millisecondsPerDay + Int64(millisecondOfDay)
        func offset(at millis: Int64) -> Int64 {
            Int64(zone.secondsFromGMT(for: Timestamp.fromMilliseconds(millis))) * 1000
        }
        // Every offset in force within a day of the wall time: the answer uses one of them.
        let offsets = Set([-millisecondsPerDay, 0, millisecondsPerDay].map { offset(at: wall + $0) })
        let matching = offsets.map { wall - $0 }.filter { offset(at: $0) == wall - $0 }
        if let first = matching.min() { return Timestamp.fromMilliseconds(first) }
        return Timestamp.fromMilliseconds(wall - (offsets.min() ?? 0))
    }

    /// The same local time of day `count` local days later (earlier when negative): across a
    /// change of clocks that is 23 or 25 hours a day, never 86,400 s.
    public static func adding(days count: Int, to date: Date, in zone: TimeZone) -> Date {
        let start = local(date, in: zone)
        return instant(start.day.adding(days: count), millisecondOfDay: start.millisecondOfDay, in: zone)
    }

    // MARK: - The accepted range

    /// The years every accepted date or instant lies in, in UTC and in the user's zone.
    public static let years: ClosedRange<Int> = 1...9999

    /// How far after "now" a recorded instant may be: clocks of two devices differ a little.
    public static let allowedSkew: TimeInterval = 5 * 60

    /// Whether `date` lies in ``years`` both in UTC and in `zone`.
    public static func isInRange(_ date: Date, in zone: TimeZone) -> Bool {
        let utc = local(date, in: Timestamp.utcZone).day.year
        // No zone is a whole day from UTC, so only the first and last year need the zone.
        if utc > years.lowerBound, utc < years.upperBound { return true }
        return years.contains(utc) && years.contains(local(date, in: zone).day.year)
    }

    /// `date` when it lies in ``years`` in UTC and in `zone`.
    /// - Parameter text: the value as the person gave it, for the message (default: the
    ///   instant in UTC).
    /// - Throws: ``TimeProblem/outOfRange(_:)`` naming the value.
    @discardableResult
    public static func checkRange(_ date: Date, in zone: TimeZone, given text: String? = nil) throws(TimeProblem) -> Date {
        guard isInRange(date, in: zone) else { throw .outOfRange(text ?? Timestamp.format(date)) }
        return date
    }

    /// `date` when something that happened at it can be recorded at `now`: in range, and not
    /// later than `now` plus ``allowedSkew``.
    /// - Throws: ``TimeProblem`` naming the instant.
    @discardableResult
    public static func checkRecordable(_ date: Date, now: Date, in zone: TimeZone,
                                       given text: String? = nil) throws(TimeProblem) -> Date {
        try checkRange(date, in: zone, given: text)
        guard date <= now.addingTimeInterval(allowedSkew) else {
            throw .inFuture(text ?? Timestamp.format(date, offsetIn: zone))
        }
        return date
    }

    /// The date it is at `now` where it is latest (UTC+14): a server, which does not know the
    /// zone of its users, accepts days up to this one.
    public static func newestDay(at now: Date) -> LocalDay {
        local(now, in: TimeZone(secondsFromGMT: 14 * 3600) ?? Timestamp.utcZone).day
    }

    /// `day` when something can be recorded on it: not after `today`.
    /// - Throws: ``TimeProblem/inFuture(_:)`` naming the day.
    @discardableResult
    public static func checkRecordable(_ day: LocalDay, today: LocalDay) throws(TimeProblem) -> LocalDay {
        guard day <= today else { throw .inFuture(day.description) }
        return day
    }

    static let millisecondsPerDay: Int64 = 86_400_000
}

/// Why a date or an instant cannot be accepted.
public enum TimeProblem: WellnessError, Hashable {
    /// Outside the years 1…9999 in UTC or in the user's zone (the value as given).
    case outOfRange(String)
    /// Later than now (an instant, beyond a few minutes' skew) or after today (a day).
    case inFuture(String)

    public enum Code: String, CaseIterable, Sendable {
        case outOfRange, inFuture
    }

    public static let family = "time"

    public var code: Code {
        switch self {
        case .outOfRange: .outOfRange
        case .inFuture: .inFuture
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .outOfRange(let value), .inFuture(let value): [.verbatim(value)]
        }
    }
}

extension Int64 {
    /// `self / divisor` rounded towards −∞ (also for negative values).
    func dividedRoundingDown(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
