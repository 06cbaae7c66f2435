import Foundation
import WellnessDomain

/// Calendars, instants and days for the domain tests (the domain test target cannot use the
/// shared test-support target, which depends on the adapters).
enum DomainFixtures {
    /// A Gregorian calendar in the named IANA time zone.
    static func calendar(_ zone: String = "Europe/Amsterdam") -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// An instant from an ISO 8601 string with `Z` or an offset; traps when invalid.
    static func instant(_ iso: String) -> Date {
        guard let date = Timestamp.parse(iso) else { preconditionFailure("bad ISO 8601 in a test: \(iso)") }
        return date
    }

    /// A day from `YYYY-MM-DD`; traps when invalid.
    static func day(_ text: String) -> LocalDay {
        guard let day = LocalDay(text) else { preconditionFailure("bad day in a test: \(text)") }
        return day
    }

    /// `date` moved by `days` calendar days in `calendar` (DST-safe, like a person's calendar).
    static func adding(days: Int, to date: Date, in calendar: Calendar) -> Date {
        calendar.date(byAdding: .day, value: days, to: date)!
    }
}
