import Foundation
import WellnessDomain

/// Fixed instants, days, ids and calendars, from their text: what the contract cases are written
/// with, and the tests of any adapter can be too. Each traps on text that is not valid.
public enum Fixtures {
    /// A Gregorian calendar in the named IANA time zone.
    public static func calendar(_ zone: String = "Europe/Amsterdam") -> Calendar {
        guard let timeZone = TimeZone(identifier: zone) else {
            preconditionFailure("bad time zone in a test: \(zone)")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
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

    /// A UUID from its text; traps when invalid.
    public static func uuid(_ text: String) -> UUID {
        guard let uuid = UUID(uuidString: text) else { preconditionFailure("bad UUID in a test: \(text)") }
        return uuid
    }

    /// A URL from its text; traps when invalid.
    public static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else { preconditionFailure("bad URL in a test: \(text)") }
        return url
    }
}
