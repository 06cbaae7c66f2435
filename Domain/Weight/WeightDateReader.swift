import Foundation

/// Reads the dates of weight CSV files, straight from their bytes.
///
/// Forms understood (surrounding spaces ignored):
/// - ISO 8601: `2024-03-05`, `2024-03-05T08:30`, `2024-03-05 08:30:15.250`, with an optional
///   `Z`, `+01:00`, `+0100` or `+01`; also `2024/03/05`;
/// - day first: `05.03.2024`, `05-03-2024`;
/// - slashes with the year last: `3/5/2024` is month/day/year in `,` files (US spreadsheets)
///   and day/month/year in `;` files (European ones);
/// - after a date, a time `H:MM`, `H:MM:SS` or `H:MM:SS.fff`, optionally with `AM`/`PM`
///   (Excel's `8:30:00 AM`), either in the same field or in a separate time column.
///
/// A time without an offset is local time in the calendar's time zone (as
/// ``LocalDay/at(hour:minute:in:)`` resolves it); a date without a time is local noon.
///
/// Every date must lie in the years 1…9999 in UTC and in the calendar's zone; with `now`
/// given, a weigh-in may not lie in the future (a date without a time: not after today; with
/// a time: not later than ``CivilTime/allowedSkew`` after `now`).
public struct WeightDateReader: Sendable {
    /// What a date field said.
    public struct Parsed: Sendable, Equatable {
        public let date: Date
        /// No time was given: the date is local noon.
        public let dateOnly: Bool
    }

    /// Why a date field could not be read.
    public struct Problem: Error, Sendable, Equatable {
        public let problem: CSVProblem
        /// The problem is in the separate time column.
        public let inTimeColumn: Bool
    }

    private let calendar: Calendar
    /// The latest instant and day a weigh-in may have, when future dates are refused.
    private let latest: (instant: Date, day: LocalDay)?
    /// UTC offset (seconds) of each local hour seen, keyed by local hours since 1970.
    private var offsets: [Int64: Int64] = [:]

    /// A reader for `calendar`'s zone; with `now`, dates after it are refused.
    public init(calendar: Calendar, now: Date? = nil) {
        self.calendar = calendar
        latest = now.map { ($0.addingTimeInterval(CivilTime.allowedSkew), LocalDay($0, in: calendar)) }
    }

    /// Reads `field` (and `time`, a separate time column, when there is one).
    public mutating func parse(_ field: UnsafeBufferPointer<UInt8>, time: UnsafeBufferPointer<UInt8>?,
                               slashDayFirst: Bool) throws(Problem) -> Parsed {
        var cursor = Cursor(field)
        guard let day = cursor.date(slashDayFirst: slashDayFirst) else {
            throw Problem(problem: .notADate(WeightCSVNumber.quoted(field)), inTimeColumn: false)
        }
        var clock: Cursor.Clock?
        if !cursor.atEnd {
            guard cursor.timeSeparator(), let parsed = cursor.clock(), cursor.atEnd else {
                throw Problem(problem: .notADate(WeightCSVNumber.quoted(field)), inTimeColumn: false)
            }
            clock = parsed
        }
        if let time, clock == nil, !Cursor(time).atEnd {
            var timeCursor = Cursor(time)
            guard let parsed = timeCursor.clock(), timeCursor.atEnd else {
                throw Problem(problem: .notATime(WeightCSVNumber.quoted(time)), inTimeColumn: true)
            }
            clock = parsed
        }
        let parsed: Parsed
        if let clock {
            let seconds = clock.hour * 3600 + clock.minute * 60 + clock.second
            if let offset = clock.offsetSeconds {
                let utc = Int64(day.dayNumber) * 86_400 + Int64(seconds - offset)
                parsed = Parsed(date: Timestamp.fromMilliseconds(utc * 1000 + Int64(clock.millis)), dateOnly: false)
            } else {
                parsed = Parsed(date: localInstant(day: day, seconds: seconds, millis: clock.millis), dateOnly: false)
            }
        } else {
            parsed = Parsed(date: localInstant(day: day, seconds: 12 * 3600, millis: 0), dateOnly: true)
        }
        try check(parsed, day: day, field: field, time: clock == nil ? nil : time)
        return parsed
    }

    /// Refuses a date outside the years accepted, or (with `now`) in the future.
    private func check(_ parsed: Parsed, day: LocalDay, field: UnsafeBufferPointer<UInt8>,
                       time: UnsafeBufferPointer<UInt8>?) throws(Problem) {
        func given() -> String {
            var text = WeightCSVNumber.quoted(field)
            if let time, !Cursor(time).atEnd { text += " " + WeightCSVNumber.quoted(time) }
            return text
        }
        guard CivilTime.isInRange(parsed.date, in: calendar.timeZone) else {
            throw Problem(problem: .time(.outOfRange(given())), inTimeColumn: false)
        }
        guard let latest else { return }
        if parsed.dateOnly ? day > latest.day : parsed.date > latest.instant {
            throw Problem(problem: .time(.inFuture(given())), inTimeColumn: false)
        }
    }

    /// The instant of a local wall-clock time, resolving each local hour once.
    private mutating func localInstant(day: LocalDay, seconds: Int, millis: Int) -> Date {
        let local = Int64(day.dayNumber) * 86_400 + Int64(seconds)
        let hourKey = local >= 0 ? local / 3600 : (local - 3599) / 3600
        let offset: Int64
        if let known = offsets[hourKey] {
            offset = known
        } else {
            let hourStart = day.at(hour: seconds / 3600, minute: 0, in: calendar)
            offset = hourKey * 3600 - Int64(hourStart.timeIntervalSince1970.rounded())
            if offsets.count > 50_000 { offsets.removeAll(keepingCapacity: true) }
            offsets[hourKey] = offset
        }
        return Timestamp.fromMilliseconds((local - offset) * 1000 + Int64(millis))
    }
}

/// A read position in a field's bytes.
private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        index = start
        self.end = end
    }

    var atEnd: Bool { index == end }

    func peek(_ offset: Int = 0) -> UInt8? { index + offset < end ? bytes[index + offset] : nil }

    mutating func eat(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// `min...max` digits as a number, and how many there were.
    mutating func number(min: Int, max: Int) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while count < max, let byte = peek(), byte >= 0x30, byte <= 0x39 {
            value = value * 10 + Int(byte - 0x30)
            count += 1
            index += 1
        }
        return count >= min ? (value, count) : nil
    }

    mutating func date(slashDayFirst: Bool) -> LocalDay? {
        guard let first = number(min: 1, max: 4), let separator = peek(),
              separator == 0x2D || separator == 0x2E || separator == 0x2F else { return nil }
        index += 1
        if first.count == 4 {
            // YYYY-MM-DD or YYYY/MM/DD
            guard separator != 0x2E, let month = number(min: 1, max: 2), eat(separator),
                  let day = number(min: 1, max: 2) else { return nil }
            return LocalDay(year: first.value, month: month.value, day: day.value)
        }
        guard first.count <= 2, let second = number(min: 1, max: 2), eat(separator),
              let year = number(min: 4, max: 4) else { return nil }
        if separator == 0x2F, !slashDayFirst {
            return LocalDay(year: year.value, month: first.value, day: second.value)
        }
        return LocalDay(year: year.value, month: second.value, day: first.value)
    }

    /// `T` or one or more spaces between a date and its time.
    mutating func timeSeparator() -> Bool {
        if eat(0x54) { return true }
        guard eat(0x20) else { return false }
        while eat(0x20) {}
        return true
    }

    struct Clock {
        var hour: Int
        var minute: Int
        var second: Int
        var millis: Int
        var offsetSeconds: Int?
    }

    /// `H:MM[:SS[.fff]]`, then optionally ` AM`/` PM` or an offset (`Z`, `±HH[:MM]`, `±HHMM`).
    mutating func clock() -> Clock? {
        guard let hour = number(min: 1, max: 2), eat(0x3A), let minute = number(min: 2, max: 2) else { return nil }
        var clock = Clock(hour: hour.value, minute: minute.value, second: 0, millis: 0)
        if eat(0x3A) {
            guard let second = number(min: 2, max: 2) else { return nil }
            clock.second = second.value
            if eat(0x2E) || eat(0x2C) {
                guard let fraction = number(min: 1, max: 9) else { return nil }
                let scale = [1, 100, 10, 1, 1, 1, 1, 1, 1, 1][min(fraction.count, 3)]
                var millis = fraction.value
                for _ in 0..<max(0, fraction.count - 3) { millis /= 10 }
                clock.millis = millis * scale
            }
        }
        // AM / PM (spaces before it optional).
        let mark = index
        while eat(0x20) {}
        if let letter = peek(), letter | 0x20 == 0x61 || letter | 0x20 == 0x70, (peek(1) ?? 0) | 0x20 == 0x6D {
            index += 2
            guard (1...12).contains(clock.hour) else { return nil }
            let pm = letter | 0x20 == 0x70
            clock.hour = clock.hour % 12 + (pm ? 12 : 0)
        } else {
            index = mark
        }
        if eat(0x5A) {
            clock.offsetSeconds = 0
        } else if let sign = peek(), sign == 0x2B || sign == 0x2D {
            index += 1
            guard let hours = number(min: 2, max: 2) else { return nil }
            var minutes = 0
            if eat(0x3A) {
                guard let value = number(min: 2, max: 2) else { return nil }
                minutes = value.value
            } else if let value = number(min: 2, max: 2) {
                minutes = value.value
            }
            guard hours.value < 24, minutes < 60 else { return nil }
            clock.offsetSeconds = (sign == 0x2D ? -1 : 1) * (hours.value * 3600 + minutes * 60)
        }
        guard clock.hour < 24, clock.minute < 60, clock.second < 60 else { return nil }
        return clock
    }
}
