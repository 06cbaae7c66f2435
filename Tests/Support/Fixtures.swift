import Foundation
import WellnessDomain

/// Fixed instants and calendars for tests.
public enum Fixtures {
    /// A Gregorian calendar in the named IANA time zone.
    public static func calendar(_ zone: String = "Europe/Amsterdam") -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// An instant from an ISO 8601 string such as `2026-11-21T09:00:00Z`; traps when invalid.
    public static func instant(_ iso: String) -> Date {
        guard let date = Timestamp.parse(iso) else { preconditionFailure("bad ISO 8601 in a test: \(iso)") }
        return date
    }

    /// A day from `YYYY-MM-DD`; traps when invalid.
    public static func day(_ text: String) -> LocalDay {
        guard let day = LocalDay(text) else { preconditionFailure("bad day in a test: \(text)") }
        return day
    }
}
